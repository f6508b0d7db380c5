// The admins of the console, for an owner: who they are, their role, whether they have accepted their
// invitation; invite, change a role, remove. The API lists admins to owners only, so the page shows
// other roles why the list is not there instead of asking for it.
import { useState } from 'react';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { AdminRecord } from '../api/client';
import { useAdmin } from '../session/session-context';
import { EmptyState, ErrorState, Loading } from '../ui/states';
import { TableHead } from '../ui/table-head';
import { RowActions } from '../ui/row-actions';
import { formatDate } from '../credentials/format';
import { useAdmins } from './people-queries';
import { ChangeRoleDialog, InviteAdminDialog, RemoveAdminDialog } from './admin-dialogs';
import { InvitationLink, type MadeInvitation } from './invitation-link';

function AdminTable(props: {
  admins: AdminRecord[];
  me: string;
  onChangeRole(a: AdminRecord): void;
  onRemove(a: AdminRecord): void;
}) {
  const activeOwners = props.admins.filter((a) => a.role === 'owner' && a.status === 'active').length;
  const lastOwner = (a: AdminRecord) => a.role === 'owner' && a.status === 'active' && activeOwners === 1;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Admins">
        <TableHead columns={['E-mail address', 'Role', 'Status', 'Added', 'Actions']} />
        <Table.Tbody>
          {props.admins.map((a) => (
            <Table.Tr key={a.id} data-admin={a.email}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {a.email}
                  {a.id === props.me && (
                    <Text span c="dimmed" fw={400}>
                      {' '}
                      (you)
                    </Text>
                  )}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={a.role === 'owner' ? 'indigo' : 'gray'}>
                  {a.role}
                </Badge>
              </Table.Td>
              <Table.Td>
                {a.status === 'invited' ? (
                  <Stack gap={2}>
                    <Badge color="blue" variant="light">
                      Invited
                    </Badge>
                    {a.invitation_expires_at && (
                      <Text size="xs" c="dimmed">
                        Link expires {formatDate(a.invitation_expires_at)}
                      </Text>
                    )}
                  </Stack>
                ) : (
                  <Badge color="green" variant="light">
                    Active
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDate(a.created_at)}</Text>
              </Table.Td>
              <Table.Td>
                <RowActions
                  name={a.email}
                  actions={[
                    { label: 'Change role', onClick: () => props.onChangeRole(a) },
                    {
                      label: 'Remove',
                      destructive: true,
                      onClick: () => props.onRemove(a),
                      ...(lastOwner(a) && {
                        disabledReason: `${a.email} is the last owner, and Gatehouse always keeps one. Make another active admin an owner first.`,
                      }),
                    },
                  ]}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function AdminsSection() {
  const me = useAdmin();
  if (me.role !== 'owner')
    return (
      <EmptyState title="Only an owner manages admins">
        Owners invite admins, change their roles and remove them. Ask an owner of this Gatehouse if someone
        needs access to the console.
      </EmptyState>
    );
  return <OwnerAdmins me={me.id} />;
}

function OwnerAdmins({ me }: { me: string }) {
  const admins = useAdmins();
  const [inviting, setInviting] = useState(false);
  const [made, setMade] = useState<MadeInvitation | null>(null);
  const [changing, setChanging] = useState<AdminRecord | null>(null);
  const [removing, setRemoving] = useState<AdminRecord | null>(null);

  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Owners manage admins; admins change everything else; viewers read. There is always at least one
          active owner.
        </Text>
        <Button onClick={() => setInviting(true)}>Invite admin</Button>
      </Group>
      {admins.isPending ? (
        <Loading label="Loading admins…" />
      ) : admins.isError ? (
        <ErrorState error={admins.error} onRetry={() => void admins.refetch()} />
      ) : (
        <AdminTable admins={admins.data} me={me} onChangeRole={setChanging} onRemove={setRemoving} />
      )}
      <InviteAdminDialog
        opened={inviting}
        onClose={() => setInviting(false)}
        onInvited={(m) => {
          setInviting(false);
          setMade(m);
        }}
      />
      <InvitationLink invitation={made} onClose={() => setMade(null)} />
      <ChangeRoleDialog admin={changing} onClose={() => setChanging(null)} />
      <RemoveAdminDialog admin={removing} onClose={() => setRemoving(null)} />
    </Stack>
  );
}
