// One audit event, every field of it, in a drawer.
import type { ReactNode } from 'react';
import { Badge, Button, Code, Drawer, Stack, Table, Text } from '@mantine/core';
import type { AuditEvent } from '../api/client';
import { formatDateTime } from '../credentials/format';

const who = (p: { type: string; id: string | null; name: string | null } | null) =>
  p ? `${p.name ?? '—'} (${p.type}${p.id ? ` ${p.id}` : ''})` : '—';

export function AuditEventDetail(props: {
  event: AuditEvent | null;
  onClose(): void;
  onFilterActor(actorId: string): void;
}) {
  const e = props.event;
  return (
    <Drawer opened={e !== null} onClose={props.onClose} title="Audit event" position="right" size="lg">
      {e && (
        <Stack>
          <Table variant="vertical" layout="fixed" withTableBorder aria-label="Event fields">
            <Table.Tbody>
              <Row label="Time" value={`${formatDateTime(e.time)} (${e.time})`} />
              <Row label="Action" value={e.action} />
              <Row
                label="Outcome"
                value={
                  <Badge color={e.outcome === 'success' ? 'green' : 'red'} variant="light">
                    {e.outcome}
                  </Badge>
                }
              />
              <Row label="Actor" value={who(e.actor)} />
              <Row label="Target" value={who(e.target)} />
              <Row label="IP address" value={e.ip ?? '—'} />
              <Row label="User agent" value={e.user_agent ?? '—'} />
              <Row label="Request ID" value={e.request_id ?? '—'} />
              <Row label="Event ID" value={e.id} />
            </Table.Tbody>
          </Table>
          <Text fw={600} size="sm">
            Details
          </Text>
          <Code block>{JSON.stringify(e.details, null, 2)}</Code>
          {e.actor.id && (
            <Button variant="light" onClick={() => props.onFilterActor(e.actor.id!)}>
              Show every event by this actor
            </Button>
          )}
        </Stack>
      )}
    </Drawer>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={130}>{label}</Table.Th>
      <Table.Td style={{ wordBreak: 'break-all' }}>{value}</Table.Td>
    </Table.Tr>
  );
}
