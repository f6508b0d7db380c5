// Rotate: a new secret for a key. The next request uses it; the old one is never sent again.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ProviderKey } from '../api/client';
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
  const ready = secretReady(secret);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (ready) rotate.mutate({ id: k.id, secret: cleanSecret(secret) }, { onSuccess: onClose });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">
          The current secret ends in <b>{masked(k.secret_last4)}</b>. The next request through the Gateway
          uses the new secret, and the old one is never sent again: revoke it at the provider once you have
          rotated.
        </Text>
        <SecretInput
          label="New secret"
          description="Stored encrypted; Gatehouse never shows it again, only its last four characters."
          value={secret}
          onChange={setSecret}
          autoFocus
        />
        {rotate.isError && (
          <Alert color="red" role="alert" title="The secret was not rotated">
            {rotate.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!ready} loading={rotate.isPending}>
            Rotate secret
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
