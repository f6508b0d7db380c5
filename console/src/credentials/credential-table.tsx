// The credentials table: name, scopes, status, expiry date, last use ("never"), IP rules, and — for
// admins who may — reissue and revoke.
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { Credential } from '../api/client';
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
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Scopes</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th>IP rules</Table.Th>
            {props.canManage && <Table.Th>Actions</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.credentials.map((c) => {
            const status = statusOf(c);
            return (
              <Table.Tr key={c.id} data-credential={c.name}>
                <Table.Td>
                  <Text fw={600} size="sm">
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
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => props.onReissue(c)}
                          aria-label={`Reissue ${c.name}`}
                        >
                          Reissue
                        </Button>
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          onClick={() => props.onRevoke(c)}
                          aria-label={`Revoke ${c.name}`}
                        >
                          Revoke
                        </Button>
                      </Group>
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
