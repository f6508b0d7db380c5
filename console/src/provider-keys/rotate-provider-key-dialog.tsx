// Rotate: a new secret for a key. The next request uses it; the old one is never sent again.
import { useState } from 'react';
import { Modal, Text } from '@mantine/core';
import type { ProviderKey } from '../api/client';
import { DialogForm } from '../ui/dialog-form';
import { useRotateProviderKey } from './provider-key-queries';
import { SecretInput, cleanSecret, secretReady } from './secret-input';
import { masked } from './format';

export function RotateProviderKeyDialog(props: { providerKey: ProviderKey | null; onClose(): void }) {
  return (
    <Modal
      opened={props.providerKey !== null}
      onClose={props.onClose}
      title={props.providerKey ? `Rotate the secret of ${props.providerKey.name}` : ''}
    >
      {props.providerKey && <RotateForm k={props.providerKey} onClose={props.onClose} />}
    </Modal>
  );
}

function RotateForm({ k, onClose }: { k: ProviderKey; onClose(): void }) {
  const rotate = useRotateProviderKey();
  const [secret, setSecret] = useState('');

  return (
    <DialogForm
      submit="Rotate secret"
      ready={secretReady(secret)}
      mutation={rotate}
      errorTitle="The secret was not rotated"
      onSubmit={() => rotate.mutate({ id: k.id, secret: cleanSecret(secret) }, { onSuccess: onClose })}
      onCancel={onClose}
    >
      <Text size="sm">
        The current secret ends in <b>{masked(k.secret_last4)}</b>. The next request through the Gateway uses
        the new secret, and the old one is never sent again: revoke it at the provider once you have rotated.
      </Text>
      <SecretInput
        label="New secret"
        description="Stored encrypted; Gatehouse never shows it again, only its last four characters."
        value={secret}
        onChange={setSecret}
        autoFocus
      />
    </DialogForm>
  );
}
