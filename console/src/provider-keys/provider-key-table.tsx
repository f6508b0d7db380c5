// The provider keys table: name, provider, the secret masked to its last four characters, where its
// requests go, the models it enables, when it changed and was rotated, and — for admins who may — edit,
// rotate and delete.
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import type { ProviderKey } from '../api/client';
import { formatDateTime } from '../credentials/format';
import { FAMILY_SHORT } from './provider-families';
import { masked } from './format';

export function ProviderKeyTable(props: {
  keys: ProviderKey[];
  canManage: boolean;
  onEdit(k: ProviderKey): void;
  onRotate(k: ProviderKey): void;
  onDelete(k: ProviderKey): void;
}) {
  return (
    <Table.ScrollContainer minWidth={props.canManage ? 1000 : 820}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Provider keys">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Provider</Table.Th>
            <Table.Th>Secret</Table.Th>
            <Table.Th>Endpoint</Table.Th>
            <Table.Th>Enabled models</Table.Th>
            <Table.Th>Updated</Table.Th>
            <Table.Th>Rotated</Table.Th>
            {props.canManage && <Table.Th>Actions</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.keys.map((k) => (
            <Table.Tr key={k.id} data-provider-key={k.name}>
              <Table.Td>
                <Text fw={600} size="sm">
                  {k.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{FAMILY_SHORT[k.provider]}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace" aria-label={`Secret ending in ${k.secret_last4}`}>
                  {masked(k.secret_last4)}
                </Text>
              </Table.Td>
              <Table.Td maw={260}>
                <Text size="xs" ff="monospace" miw={170} style={{ wordBreak: 'break-all' }}>
                  {k.effective_base_url}
                </Text>
                {k.azure_api_version && (
                  <Text size="xs" c="dimmed">
                    api-version {k.azure_api_version}
                  </Text>
                )}
              </Table.Td>
              <Table.Td maw={280}>
                <Group gap={4} miw={180}>
                  {k.enabled_models.map((m) => (
                    <Badge key={m} variant="outline" size="sm" tt="none">
                      {m}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(k.updated_at)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{k.rotated_at ? formatDateTime(k.rotated_at) : 'never'}</Text>
              </Table.Td>
              {props.canManage && (
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => props.onEdit(k)}
                      aria-label={`Edit ${k.name}`}
                    >
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => props.onRotate(k)}
                      aria-label={`Rotate ${k.name}`}
                    >
                      Rotate
                    </Button>
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      onClick={() => props.onDelete(k)}
                      aria-label={`Delete ${k.name}`}
                    >
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
