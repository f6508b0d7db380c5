// A server's tools as Gatehouse has seen them: name and title, state, poisoning signals, first and last
// seen (or when its last list no longer showed it), calls and errors through the Gateway, and the button
// that opens its definition: "Review" for a tool waiting for an admin, "View" for the others.
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import type { McpTool } from '../api/client';
import { formatDateTime } from '../credentials/format';
import { TableHead } from '../ui/table-head';
import { ToolStateBadge, awaitsReview } from './tool-state';

/** Tools awaiting review first, then by name. */
export const reviewOrder = (tools: McpTool[]) =>
  [...tools].sort(
    (a, b) => Number(awaitsReview(b.state)) - Number(awaitsReview(a.state)) || a.name.localeCompare(b.name),
  );

export function McpToolTable(props: { tools: McpTool[]; onOpen(t: McpTool): void }) {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Tools">
        <TableHead
          columns={['Tool', 'State', 'Signals', 'First seen', 'Last seen', 'Calls', 'Errors', 'Definition']}
        />
        <Table.Tbody>
          {reviewOrder(props.tools).map((t) => (
            <Table.Tr key={t.name} data-mcp-tool={t.name}>
              <Table.Td>
                {/* The name whole (a tool is called by it); its title, prose, wraps. */}
                <Text size="sm" fw={600} ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {t.name}
                </Text>
                {t.title && (
                  <Text size="xs" c="dimmed" maw={280}>
                    {t.title}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <ToolStateBadge state={t.state} />
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {t.signals.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      none
                    </Text>
                  ) : (
                    t.signals.map((s) => (
                      <Badge miw="max-content" key={s} color="red" variant="outline" size="sm" tt="none">
                        {s}
                      </Badge>
                    ))
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(t.first_seen)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(t.last_seen)}</Text>
                {t.removed_at && (
                  <Text size="xs" c="dimmed">
                    not listed since {formatDateTime(t.removed_at)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{t.calls}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={t.errors > 0 ? 'red' : undefined}>
                  {t.errors}
                </Text>
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant={awaitsReview(t.state) ? 'filled' : 'default'}
                  {...(awaitsReview(t.state) ? { color: 'orange' } : {})}
                  aria-label={`${awaitsReview(t.state) ? 'Review' : 'View'} ${t.name}`}
                  onClick={() => props.onOpen(t)}
                >
                  {awaitsReview(t.state) ? 'Review' : 'View'}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
