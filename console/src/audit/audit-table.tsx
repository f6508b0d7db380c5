// The audit events table, newest first: one row per event; its action opens the event's detail.
import { Anchor, Badge, Table, Text } from '@mantine/core';
import type { AuditEvent } from '../api/client';
import { formatDateTime } from '../credentials/format';
import { TableHead } from '../ui/table-head';

export function AuditTable(props: { events: AuditEvent[]; onOpen(e: AuditEvent): void }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover aria-label="Audit events">
        <TableHead columns={['Time', 'Action', 'Actor', 'Target', 'Outcome', 'IP address']} />
        <Table.Tbody>
          {props.events.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>
                <Text size="sm">{formatDateTime(e.time)}</Text>
              </Table.Td>
              <Table.Td>
                <Anchor component="button" size="sm" ff="monospace" onClick={() => props.onOpen(e)}>
                  {e.action}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {e.actor.name ?? e.actor.type}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {e.target?.name ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge color={e.outcome === 'success' ? 'green' : 'red'} variant="light">
                  {e.outcome}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{e.ip ?? '—'}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
