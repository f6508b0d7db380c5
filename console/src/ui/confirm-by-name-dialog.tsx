// Reissue, revoke and delete ask the admin to type the name of what they act on: the button stays
// disabled until it matches, as the API's own `confirm` field requires for credentials.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';

export function ConfirmByNameDialog(props: {
  name: string | null;
  title: string;
  action: string;
  color: string;
  children: ReactNode;
  pending: boolean;
  error: Error | null;
  onConfirm(typed: string): void;
  onClose(): void;
}) {
  return (
    <Modal opened={props.name !== null} onClose={props.onClose} title={props.title}>
      {props.name !== null && <ConfirmForm {...props} name={props.name} />}
    </Modal>
  );
}

function ConfirmForm(props: Parameters<typeof ConfirmByNameDialog>[0] & { name: string }) {
  const [typed, setTyped] = useState('');
  const matches = typed === props.name;
  function submit(event: FormEvent) {
    event.preventDefault();
    if (matches) props.onConfirm(typed);
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {props.children}
        <TextInput
          label={
            <Text span size="sm">
              Type{' '}
              <Text span ff="monospace" fw={700}>
                {props.name}
              </Text>{' '}
              to confirm
            </Text>
          }
          aria-label={`Type ${props.name} to confirm`}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          autoComplete="off"
          data-autofocus
        />
        {props.error && (
          <Alert color="red" role="alert">
            {props.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" color={props.color} disabled={!matches} loading={props.pending}>
            {props.action}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
