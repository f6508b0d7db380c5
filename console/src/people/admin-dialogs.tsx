// The owner's three dialogs on admins: invite with a role, change a role, remove. What the API refuses
// (a taken address; leaving no active owner, 409) is shown in the dialog in the API's own words.
import { useState } from 'react';
import { Modal, Radio, Stack, Text } from '@mantine/core';
import type { AdminRecord, AdminRole } from '../api/client';
import { DialogForm } from '../ui/dialog-form';
import { ROLES } from './format';
import { useChangeAdminRole, useInviteAdmin, useRemoveAdmin } from './people-queries';
import type { MadeInvitation } from './invitation-link';
import { EmailField } from '../ui/email-field';

function RoleChoice(props: { value: AdminRole; onChange(role: AdminRole): void; autofocus?: boolean }) {
  return (
    <Radio.Group label="Role" value={props.value} onChange={(v) => props.onChange(v as AdminRole)}>
      <Stack gap="xs" mt="xs">
        {ROLES.map((r, i) => (
          <Radio
            key={r.value}
            value={r.value}
            label={r.label}
            description={r.description}
            {...(props.autofocus && i === 0 ? { 'data-autofocus': true } : {})}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}

export function InviteAdminDialog(props: {
  opened: boolean;
  onClose(): void;
  onInvited(made: MadeInvitation): void;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Invite an admin">
      {props.opened && <InviteAdminForm {...props} />}
    </Modal>
  );
}

function InviteAdminForm({ onClose, onInvited }: { onClose(): void; onInvited(made: MadeInvitation): void }) {
  const invite = useInviteAdmin();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AdminRole>('viewer');
  const submit = () =>
    invite.mutate(
      { email: email.trim(), role },
      {
        onSuccess: (data) =>
          onInvited({ ...data, to: data.admin.email, as: `an admin with the role ${data.admin.role}` }),
      },
    );
  return (
    <DialogForm
      submit="Send invitation"
      ready={email.trim() !== ''}
      mutation={invite}
      errorTitle="The admin was not invited"
      onSubmit={submit}
      onCancel={onClose}
    >
      <EmailField data-autofocus value={email} onChange={setEmail} />
      <RoleChoice value={role} onChange={setRole} />
      <Text size="xs" c="dimmed">
        The invitation link works once, for 7 days. Until it is accepted the admin is listed as invited and
        cannot sign in.
      </Text>
    </DialogForm>
  );
}

export function ChangeRoleDialog(props: { admin: AdminRecord | null; onClose(): void }) {
  return (
    <Modal opened={props.admin !== null} onClose={props.onClose} title="Change the role">
      {props.admin && <ChangeRoleForm admin={props.admin} onClose={props.onClose} />}
    </Modal>
  );
}

function ChangeRoleForm({ admin, onClose }: { admin: AdminRecord; onClose(): void }) {
  const change = useChangeAdminRole();
  const [role, setRole] = useState<AdminRole>(admin.role);
  return (
    <DialogForm
      submit="Change role"
      ready={role !== admin.role}
      mutation={change}
      errorTitle="The role was not changed"
      onSubmit={() => change.mutate({ id: admin.id, role }, { onSuccess: onClose })}
      onCancel={onClose}
    >
      <Text size="sm">
        <b>{admin.email}</b> is {admin.role === 'admin' ? 'an' : 'a'} {admin.role}. The new role applies from
        their next request.
      </Text>
      <RoleChoice value={role} onChange={setRole} autofocus />
    </DialogForm>
  );
}

export function RemoveAdminDialog(props: { admin: AdminRecord | null; onClose(): void }) {
  return (
    <Modal opened={props.admin !== null} onClose={props.onClose} title="Remove the admin">
      {props.admin && <RemoveAdminForm admin={props.admin} onClose={props.onClose} />}
    </Modal>
  );
}

function RemoveAdminForm({ admin, onClose }: { admin: AdminRecord; onClose(): void }) {
  const remove = useRemoveAdmin();
  return (
    <DialogForm
      submit="Remove admin"
      color="red"
      ready
      mutation={remove}
      errorTitle="The admin was not removed"
      onSubmit={() => remove.mutate({ id: admin.id }, { onSuccess: onClose })}
      onCancel={onClose}
    >
      <Text size="sm">
        {admin.status === 'invited'
          ? `${admin.email} loses the invitation: their link stops working.`
          : `${admin.email} loses access to the console and is signed out at once.`}{' '}
        The audit log keeps who they were and what they did; inviting them again makes a new admin.
      </Text>
    </DialogForm>
  );
}
