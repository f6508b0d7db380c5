// The activity table, newest first: one row per Gateway request. A row (or its time, for the keyboard)
// opens the request's detail.
import { Anchor, Table, Text } from '@mantine/core';
import { FAMILY_SHORT } from '../provider-keys/provider-families';
import { TableHead } from '../ui/table-head';
import { OutcomeBadge, SignalBadges } from './activity-badges';
import { caller, formatMs, formatTime, tokens, type ActivityRecord } from './format';

/** Where a request went: the provider, or for an MCP call the server's alias. */
function destination(a: ActivityRecord): string {
  if (a.mcp_server !== undefined) return `MCP ${a.mcp_server}`;
  return a.provider ? FAMILY_SHORT[a.provider] : '—';
}

// An MCP call shows its server in the Provider column and its tool (or method) in the Model column.
const COLUMNS = [
  'Time',
  'Caller',
  'Tool',
  'Provider',
  'Model',
  'Status',
  'Outcome',
  'Signals',
  'Tokens in / out',
  'Latency',
];

export function ActivityTable(props: { activity: ActivityRecord[]; onOpen(a: ActivityRecord): void }) {
  return (
    <Table.ScrollContainer minWidth={1020}>
      <Table striped highlightOnHover aria-label="Gateway requests">
        <TableHead columns={COLUMNS} />
        <Table.Tbody>
          {props.activity.map((a) => (
            <Table.Tr
              key={a.id}
              data-request-id={a.request_id}
              onClick={() => props.onOpen(a)}
              style={{ cursor: 'pointer' }}
            >
              <Table.Td>
                <Anchor
                  component="button"
                  size="sm"
                  onClick={(e) => {
                    e.stopPropagation();
                    props.onOpen(a);
                  }}
                  aria-label={`Request at ${formatTime(a.time)}, ${a.outcome}: show the detail`}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {formatTime(a.time)}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={a.actor ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
                  {caller(a)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {a.tool}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {destination(a)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {a.mcp_server !== undefined ? (a.mcp_tool ?? a.mcp_method ?? '—') : (a.model ?? '—')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{a.status}</Text>
              </Table.Td>
              <Table.Td>
                <OutcomeBadge outcome={a.outcome} />
              </Table.Td>
              <Table.Td>
                <SignalBadges activity={a} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {tokens(a)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatMs(a.latency_ms)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
