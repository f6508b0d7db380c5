// Revoking a device asks first, naming the machine and its developer. Nothing is typed: device names
// repeat ("MacBook-Pro") and the API takes no confirmation; the machine can sign in again as a new
// device, so nothing is lost for good but its sessions.
import { Modal, Text } from '@mantine/core';
import type { Device } from '../api/client';
import { DialogForm } from '../ui/dialog-form';
import { useRevokeDevice } from './device-queries';

export function RevokeDeviceDialog(props: { device: Device | null; onClose(): void }) {
  return (
    <Modal opened={props.device !== null} onClose={props.onClose} title="Revoke the device">
      {props.device && <RevokeForm device={props.device} onClose={props.onClose} />}
    </Modal>
  );
}

function RevokeForm({ device, onClose }: { device: Device; onClose(): void }) {
  const revoke = useRevokeDevice();
  return (
    <DialogForm
      submit="Revoke device"
      color="red"
      ready
      mutation={revoke}
      errorTitle="The device was not revoked"
      onSubmit={() => revoke.mutate({ id: device.id }, { onSuccess: onClose })}
      onCancel={onClose}
    >
      <Text size="sm">
        Revoke <b>{device.name}</b> of <b>{device.developer.email}</b>
        {device.platform ? ` (${device.platform})` : ''}? Its sessions end at once: tools on that machine are
        refused by the Gateway from their next request, until the developer signs the machine in again with{' '}
        <Text span ff="monospace" size="sm">
          gatehouse-client login
        </Text>
        .
      </Text>
    </DialogForm>
  );
}
