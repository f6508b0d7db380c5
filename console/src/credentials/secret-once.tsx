// The client id and secret, shown once after a create or a reissue, with copy buttons and a plain
// warning. The secret lives only in this component's props: closing the dialog forgets it. Escape, a
// click outside and the close button would lose it unseen, so they ask first; only "I have stored the
// secret" closes at once.
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { CopyField } from '../ui/copy-field';

export interface IssuedSecret {
  name: string;
  client_id: string;
  client_secret: string;
}

export function SecretOnce({ issued, onClose }: { issued: IssuedSecret | null; onClose(): void }) {
  const [asking, setAsking] = useState(false);
  const close = () => {
    setAsking(false);
    onClose();
  };
  return (
    <Modal
      opened={issued !== null}
      onClose={() => setAsking(true)}
      title={issued ? `The secret of ${issued.name}` : ''}
      size="lg"
    >
      {issued && (
        <Stack>
          <Alert color="orange" title="Copy the secret now" role="alert">
            This is the only time Gatehouse shows this client secret. It cannot be shown again: if it is lost,
            reissue the credential.
          </Alert>
          <CopyField label="Client ID" value={issued.client_id} />
          <CopyField label="Client secret" value={issued.client_secret} />
          {asking ? (
            <Alert color="red" title="Close without the secret?" role="alertdialog" aria-live="assertive">
              <Stack gap="sm">
                The secret is not shown again. If you have not stored it, you will have to reissue the
                credential, which stops the current secret.
                <Group justify="flex-end">
                  <Button variant="default" color="red" onClick={close}>
                    Close and lose the secret
                  </Button>
                  <Button onClick={() => setAsking(false)} autoFocus>
                    Keep it open
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : (
            <Group justify="flex-end">
              <Button onClick={close}>I have stored the secret</Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
