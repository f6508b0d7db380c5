// The credentials table: name, scopes, status, expiry date, last use ("never"), IP rules, and — for
// admins who may — reissue and revoke.
import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import type { Credential } from '../api/client';
import { TableHead } from '../ui/table-head';
import { RowActions } from '../ui/row-actions';
import { formatDate, formatDateTime, statusOf } from './format';

function IpRules({ c }: { c: Credential }) {
  if (c.ip_allowlist.length === 0 && c.ip_denylist.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Any address
      </Text>
    );
  return (
    <Stack gap={2}>
      {c.ip_allowlist.length > 0 && <Text size="xs">Allow: {c.ip_allowlist.join(', ')}</Text>}
      {c.ip_denylist.length > 0 && <Text size="xs">Deny: {c.ip_denylist.join(', ')}</Text>}
    </Stack>
  );
}

export function CredentialTable(props: {
  credentials: Credential[];
  canManage: boolean;
  onReissue(c: Credential): void;
  onRevoke(c: Credential): void;
}) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="API credentials">
        <TableHead
          columns={[
            'Name',
            'Scopes',
            'Status',
            'Expires',
            'Last used',
            'IP rules',
            props.canManage && 'Actions',
          ]}
        />
        <Table.Tbody>
          {props.credentials.map((c) => {
            const status = statusOf(c);
            return (
              <Table.Tr key={c.id} data-credential={c.name}>
                <Table.Td>
                  <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {c.name}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {c.client_id}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {c.scopes.map((s) => (
                      <Badge key={s} variant="outline" size="sm" tt="none">
                        {s}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Badge color={status.color} variant="light">
                    {status.label}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDate(c.expires_at)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{c.last_used_at ? formatDateTime(c.last_used_at) : 'never'}</Text>
                </Table.Td>
                <Table.Td>
                  <IpRules c={c} />
                </Table.Td>
                {props.canManage && (
                  <Table.Td>
                    {c.status === 'active' && (
                      <RowActions
                        name={c.name}
                        actions={[
                          { label: 'Reissue', onClick: () => props.onReissue(c) },
                          { label: 'Revoke', destructive: true, onClick: () => props.onRevoke(c) },
                        ]}
                      />
                    )}
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
