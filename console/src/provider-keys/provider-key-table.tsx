// The provider keys table: name, provider, the secret masked to its last four characters, where its
// requests go, the models it enables, when it changed and was rotated, and — for admins who may — edit,
// rotate and delete.
import { Badge, Group, Table, Text } from '@mantine/core';
import type { ProviderKey } from '../api/client';
import { formatDateTime } from '../credentials/format';
import { TableHead } from '../ui/table-head';
import { RowActions } from '../ui/row-actions';
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
        <TableHead
          columns={[
            'Name',
            'Provider',
            'Secret',
            'Endpoint',
            'Enabled models',
            'Updated',
            'Rotated',
            props.canManage && 'Actions',
          ]}
        />
        <Table.Tbody>
          {props.keys.map((k) => (
            <Table.Tr key={k.id} data-provider-key={k.name}>
              <Table.Td>
                <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {k.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{FAMILY_SHORT[k.provider]}</Text>
              </Table.Td>
              <Table.Td>
                <Text
                  size="sm"
                  ff="monospace"
                  aria-label={`Secret ending in ${k.secret_last4}`}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {masked(k.secret_last4)}
                </Text>
              </Table.Td>
              <Table.Td>
                {/* A narrow column: the address cut short, whole on hover, never broken mid-word. */}
                <Text size="xs" ff="monospace" truncate="end" maw={260} title={k.effective_base_url}>
                  {k.effective_base_url}
                </Text>
                {k.azure_api_version && (
                  <Text size="xs" c="dimmed">
                    api-version {k.azure_api_version}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={4} miw={180}>
                  {k.enabled_models.map((m) => (
                    <Badge key={m} variant="outline" size="sm" tt="none">
                      {m}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(k.updated_at)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {k.rotated_at ? formatDateTime(k.rotated_at) : 'never'}
                </Text>
              </Table.Td>
              {props.canManage && (
                <Table.Td>
                  <RowActions
                    name={k.name}
                    actions={[
                      { label: 'Edit', onClick: () => props.onEdit(k) },
                      { label: 'Rotate', onClick: () => props.onRotate(k) },
                      { label: 'Delete', destructive: true, onClick: () => props.onDelete(k) },
                    ]}
                  />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
