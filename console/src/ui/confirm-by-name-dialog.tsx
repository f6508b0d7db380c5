// Reissue, revoke and delete ask the admin to type the name of what they act on: the button stays
// disabled until it matches, as the API's own `confirm` field requires for credentials.
import { useState, type ReactNode } from 'react';
import { Modal, Text, TextInput } from '@mantine/core';
import { DialogForm, type MutationState } from './dialog-form';

export function ConfirmByNameDialog(props: {
  name: string | null;
  title: string;
  action: string;
  color: string;
  children: ReactNode;
  mutation: MutationState;
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
  return (
    <DialogForm
      submit={props.action}
      color={props.color}
      ready={typed === props.name}
      mutation={props.mutation}
      onSubmit={() => props.onConfirm(typed)}
      onCancel={props.onClose}
    >
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
    </DialogForm>
  );
}
