// The registered MCP servers: alias (leading to the server's tools), endpoint, description, headers
// masked as the API serves them, whether it is routed, its tools by state with those awaiting review
// called out, and — for admins who may — edit, enable or disable, and delete.
import { Link } from 'react-router';
import { Anchor, Badge, Code, Stack, Table, Text } from '@mantine/core';
import type { McpServerListed } from '../api/client';
import { TableHead } from '../ui/table-head';
import { RowActions } from '../ui/row-actions';
import { ToolCounts } from './tool-state';

export function McpServerTable(props: {
  servers: McpServerListed[];
  canManage: boolean;
  onEdit(s: McpServerListed): void;
  onToggle(s: McpServerListed): void;
  onDelete(s: McpServerListed): void;
}) {
  return (
    <Table.ScrollContainer minWidth={props.canManage ? 1100 : 880}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="MCP servers">
        <TableHead
          columns={[
            'Alias',
            'URL',
            'Description',
            'Headers',
            'Status',
            'Tools',
            props.canManage && 'Actions',
          ]}
        />
        <Table.Tbody>
          {props.servers.map((s) => {
            const headers = Object.entries(s.headers);
            return (
              <Table.Tr key={s.id} data-mcp-server={s.alias}>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={`/mcp-servers/${s.id}`}
                    fw={600}
                    size="sm"
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {s.alias}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  {/* A narrow column: the address cut short, whole on hover, never broken mid-word. */}
                  <Text size="xs" ff="monospace" truncate="end" maw={260} title={s.url}>
                    {s.url}
                  </Text>
                </Table.Td>
                <Table.Td maw={240}>
                  <Text size="sm" c={s.description ? undefined : 'dimmed'}>
                    {s.description ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {headers.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      none
                    </Text>
                  ) : (
                    <Stack gap={2}>
                      {headers.map(([name, mask]) => (
                        <Text key={name} size="xs" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                          <Code>{name}</Code> {mask}
                        </Text>
                      ))}
                    </Stack>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge miw="max-content" color={s.enabled ? 'green' : 'gray'} variant="light" tt="none">
                    {s.enabled ? 'enabled' : 'disabled'}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <ToolCounts counts={s.tool_counts} />
                </Table.Td>
                {props.canManage && (
                  <Table.Td>
                    <RowActions
                      name={s.alias}
                      actions={[
                        { label: 'Edit', onClick: () => props.onEdit(s) },
                        { label: s.enabled ? 'Disable' : 'Enable', onClick: () => props.onToggle(s) },
                        { label: 'Delete', destructive: true, onClick: () => props.onDelete(s) },
                      ]}
                    />
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
