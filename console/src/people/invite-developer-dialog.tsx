// Inviting a developer: their e-mail address and, optionally, their name (they can give it when they
// accept). The link and whether the e-mail went out are shown next, by InvitationLink.
import { useState } from 'react';
import { Modal, Text, TextInput } from '@mantine/core';
import { DialogForm } from '../ui/dialog-form';
import { useInviteDeveloper } from './people-queries';
import type { MadeInvitation } from './invitation-link';
import { EmailField } from '../ui/email-field';

export function InviteDeveloperDialog(props: {
  opened: boolean;
  onClose(): void;
  onInvited(made: MadeInvitation): void;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Invite a developer">
      {props.opened && <InviteForm onClose={props.onClose} onInvited={props.onInvited} />}
    </Modal>
  );
}

function InviteForm({ onClose, onInvited }: { onClose(): void; onInvited(made: MadeInvitation): void }) {
  const invite = useInviteDeveloper();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const submit = () =>
    invite.mutate(
      { email: email.trim(), ...(name.trim() ? { name: name.trim() } : {}) },
      { onSuccess: (data) => onInvited({ ...data, to: data.developer.email, as: 'a developer' }) },
    );
  return (
    <DialogForm
      submit="Send invitation"
      ready={email.trim() !== ''}
      mutation={invite}
      errorTitle="The developer was not invited"
      onSubmit={submit}
      onCancel={onClose}
    >
      <EmailField data-autofocus value={email} onChange={setEmail} />
      <TextInput
        label="Name"
        description="Optional: they can give it when they accept."
        maxLength={200}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <Text size="xs" c="dimmed">
        The link works once, for 7 days. Accepting it sets their password; they then sign their machines in
        with the Gatehouse client.
      </Text>
    </DialogForm>
  );
}
