// One audit event, every field of it, in a drawer.
import { Badge, Button, Code, Drawer, Stack, Table, Text } from '@mantine/core';
import type { AuditEvent } from '../api/client';
import { formatDateTime } from '../credentials/format';
import { DetailRow } from '../ui/detail-row';

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
              <DetailRow labelWidth={130} label="Time" value={`${formatDateTime(e.time)} (${e.time})`} />
              <DetailRow labelWidth={130} label="Action" value={e.action} />
              <DetailRow
                labelWidth={130}
                label="Outcome"
                value={
                  <Badge color={e.outcome === 'success' ? 'green' : 'red'} variant="light">
                    {e.outcome}
                  </Badge>
                }
              />
              <DetailRow labelWidth={130} label="Actor" value={who(e.actor)} />
              <DetailRow labelWidth={130} label="Target" value={who(e.target)} />
              <DetailRow labelWidth={130} label="IP address" value={e.ip ?? '—'} />
              <DetailRow labelWidth={130} label="User agent" value={e.user_agent ?? '—'} />
              <DetailRow labelWidth={130} label="Request ID" value={e.request_id ?? '—'} />
              <DetailRow labelWidth={130} label="Event ID" value={e.id} />
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
