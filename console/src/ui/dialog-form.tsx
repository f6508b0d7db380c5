// The form inside every dialog that changes something: its fields, then what the API refused (its
// message, as the server wrote it), then Cancel and the submit button, which stays disabled until the
// form is ready and spins while the change is sent.
import type { FormEvent, ReactNode } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';

/** What the form shows of the mutation that sends its change. */
export interface MutationState {
  isPending: boolean;
  error: Error | null;
}

export function DialogForm(props: {
  /** The submit button's words, such as "Rotate secret". */
  submit: string;
  color?: string;
  ready: boolean;
  /** The change being sent: the button spins while it is pending, and its error is shown. */
  mutation: MutationState;
  /** The alert's title, such as "The key was not added"; none for a bare message. */
  errorTitle?: string;
  onSubmit(): void;
  onCancel(): void;
  children: ReactNode;
}) {
  function submit(event: FormEvent) {
    event.preventDefault();
    if (props.ready) props.onSubmit();
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {props.children}
        {props.mutation.error && (
          <Alert color="red" role="alert" title={props.errorTitle}>
            {props.mutation.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
          <Button
            type="submit"
            color={props.color}
            disabled={!props.ready}
            loading={props.mutation.isPending}
          >
            {props.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
