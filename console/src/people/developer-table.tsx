// The developers table: who, status (and since when, or until when their link works), when added, a
// link to their devices, and for owners and admins what their status allows: approve a pending one,
// send an invited one a new link, invite an offboarded one back, offboard.
import { Link } from 'react-router';
import { Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import type { Developer } from '../api/client';
import { TableHead } from '../ui/table-head';
import { RowActions, type RowAction } from '../ui/row-actions';
import { formatDate } from '../credentials/format';
import { DEVELOPER_STATUS } from './format';

export interface DeveloperActions {
  onApprove(d: Developer): void;
  onInviteAgain(d: Developer): void;
  onOffboard(d: Developer): void;
}

function since(d: Developer): string | null {
  if (d.status === 'invited' && d.invitation_expires_at)
    return `Link expires ${formatDate(d.invitation_expires_at)}`;
  if (d.status === 'active' && d.activated_at) return `Since ${formatDate(d.activated_at)}`;
  if (d.status === 'offboarded' && d.offboarded_at) return `On ${formatDate(d.offboarded_at)}`;
  return null;
}

function actionsFor(d: Developer, a: DeveloperActions): RowAction[] {
  const offboard = { label: 'Offboard', destructive: true, onClick: () => a.onOffboard(d) };
  switch (d.status) {
    case 'pending':
      return [{ label: 'Approve', onClick: () => a.onApprove(d) }, offboard];
    case 'invited':
      return [{ label: 'New link', onClick: () => a.onInviteAgain(d) }, offboard];
    case 'active':
      return [offboard];
    case 'offboarded':
      return [{ label: 'Invite back', onClick: () => a.onInviteAgain(d) }];
  }
}

export function DeveloperTable(props: { developers: Developer[]; actions: DeveloperActions | null }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Developers">
        <TableHead columns={['Developer', 'Status', 'Added', props.actions !== null && 'Actions']} />
        <Table.Tbody>
          {props.developers.map((d) => {
            const status = DEVELOPER_STATUS[d.status];
            const when = since(d);
            return (
              <Table.Tr key={d.id} data-developer={d.email}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {d.name ?? d.email}
                  </Text>
                  {d.name && (
                    <Text size="xs" c="dimmed">
                      {d.email}
                    </Text>
                  )}
                  <Anchor
                    component={Link}
                    to={`/devices?developer=${encodeURIComponent(d.id)}`}
                    size="xs"
                    aria-label={`Devices of ${d.email}`}
                  >
                    Devices
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Stack gap={2} align="flex-start">
                    <Badge color={status.color} variant="light">
                      {status.label}
                    </Badge>
                    {when && (
                      <Text size="xs" c="dimmed">
                        {when}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDate(d.created_at)}</Text>
                </Table.Td>
                {props.actions !== null && (
                  <Table.Td>
                    <RowActions name={d.email} actions={actionsFor(d, props.actions)} />
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
