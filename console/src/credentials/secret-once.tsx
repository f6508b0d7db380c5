// The client id and secret, shown once after a create or a reissue, with copy buttons and a plain
// warning. The secret lives only in this component's props: closing the dialog forgets it.
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { CopyField } from '../ui/copy-field';

export interface IssuedSecret {
  name: string;
  client_id: string;
  client_secret: string;
}

export function SecretOnce({ issued, onClose }: { issued: IssuedSecret | null; onClose(): void }) {
  return (
    <Modal
      opened={issued !== null}
      onClose={onClose}
      title={issued ? `The secret of ${issued.name}` : ''}
      size="lg"
      closeOnClickOutside={false}
    >
      {issued && (
        <Stack>
          <Alert color="orange" title="Copy the secret now" role="alert">
            This is the only time Gatehouse shows this client secret. It cannot be shown again: if it is lost,
            reissue the credential.
          </Alert>
          <CopyField label="Client ID" value={issued.client_id} />
          <CopyField label="Client secret" value={issued.client_secret} />
          <Group justify="flex-end">
            <Button onClick={onClose}>I have stored the secret</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
