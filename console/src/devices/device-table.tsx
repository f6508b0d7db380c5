// The devices table: the machine, whose it is, platform and client version as the client reported
// them, when it signed in and was last seen, its status (and why it was revoked), and for owners and
// admins revoke.
import { Badge, Stack, Table, Text } from '@mantine/core';
import type { Device } from '../api/client';
import { TableHead } from '../ui/table-head';
import { RowActions } from '../ui/row-actions';
import { formatDate, formatDateTime } from '../credentials/format';

const REVOKED_BECAUSE: Record<NonNullable<Device['revoked_reason']>, string> = {
  revoked: 'by an admin',
  offboarded: 'developer offboarded',
  signed_out: 'signed out',
  refresh_reused: 'refresh token reused',
};

function Status({ d }: { d: Device }) {
  if (d.status === 'active')
    return (
      <Badge color="green" variant="light">
        Active
      </Badge>
    );
  return (
    <Stack gap={2} align="flex-start">
      <Badge color="red" variant="light">
        Revoked
      </Badge>
      <Text size="xs" c="dimmed">
        {d.revoked_at ? formatDate(d.revoked_at) : ''}
        {d.revoked_reason ? `, ${REVOKED_BECAUSE[d.revoked_reason]}` : ''}
      </Text>
    </Stack>
  );
}

const dash = (v: string | null) => v ?? '—';

export function DeviceTable(props: { devices: Device[]; canManage: boolean; onRevoke(d: Device): void }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Devices">
        <TableHead
          columns={[
            'Device',
            'Developer',
            'Platform',
            'Client version',
            'Signed in',
            'Last seen',
            'Status',
            props.canManage && 'Actions',
          ]}
        />
        <Table.Tbody>
          {props.devices.map((d) => (
            <Table.Tr key={d.id} data-device={d.name}>
              <Table.Td>
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {d.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {d.developer.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {dash(d.platform)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {dash(d.client_version)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(d.created_at)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{d.last_seen_at ? formatDateTime(d.last_seen_at) : 'never'}</Text>
              </Table.Td>
              <Table.Td>
                <Status d={d} />
              </Table.Td>
              {props.canManage && (
                <Table.Td>
                  {d.status === 'active' && (
                    <RowActions
                      name={`${d.name} of ${d.developer.email}`}
                      actions={[{ label: 'Revoke', destructive: true, onClick: () => props.onRevoke(d) }]}
                    />
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
