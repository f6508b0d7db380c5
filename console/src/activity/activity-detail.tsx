// One Gateway request, every field of it, in a drawer.
import type { ReactNode } from 'react';
import { Button, Drawer, Stack, Table, Text } from '@mantine/core';
import type { Activity } from '../api/client';
import { FAMILY_LABEL } from '../provider-keys/provider-families';
import { useProviderKeys } from '../provider-keys/provider-key-queries';
import { OutcomeBadge, SignalBadges } from './activity-badges';
import { OUTCOME_MEANING, caller, formatBytes, formatMs, formatTime } from './format';

export function ActivityDetail(props: {
  activity: Activity | null;
  onClose(): void;
  onFilterCaller(actorId: string): void;
}) {
  const a = props.activity;
  return (
    <Drawer opened={a !== null} onClose={props.onClose} title="Gateway request" position="right" size="lg">
      {a && <Fields a={a} onFilterCaller={props.onFilterCaller} />}
    </Drawer>
  );
}

function Fields({ a, onFilterCaller }: { a: Activity; onFilterCaller(actorId: string): void }) {
  const keys = useProviderKeys();
  const keyName = keys.data?.find((k) => k.id === a.provider_key_id)?.name;
  return (
    <Stack>
      <Table variant="vertical" layout="fixed" withTableBorder aria-label="Request fields">
        <Table.Tbody>
          <Row label="Time" value={`${formatTime(a.time)} (${a.time})`} />
          <Row
            label="Request ID"
            value={
              <Text ff="monospace" size="sm">
                {a.request_id}
              </Text>
            }
          />
          <Row
            label="Outcome"
            value={
              <Stack gap={4} align="flex-start">
                <OutcomeBadge outcome={a.outcome} />
                <Text size="xs" c="dimmed">
                  {OUTCOME_MEANING[a.outcome]}
                </Text>
              </Stack>
            }
          />
          <Row label="Status" value={String(a.status)} />
          <Row label="Error code" value={a.error_code ?? '—'} />
          <Row label="Signals" value={<SignalBadges signals={a.signals} />} />
          <Row
            label="Caller"
            value={
              a.actor ? `${caller(a)} (${a.actor.type} ${a.actor.id})` : 'unauthenticated (no valid token)'
            }
          />
          <Row label="Tool" value={a.tool} />
          <Row label="User agent" value={a.user_agent ?? '—'} />
          <Row label="IP address" value={a.ip} />
          <Row label="Provider" value={a.provider ? FAMILY_LABEL[a.provider] : '—'} />
          <Row label="Model" value={a.model ?? '—'} />
          <Row
            label="Provider key"
            value={
              a.provider_key_id ? (keyName ? `${keyName} (${a.provider_key_id})` : a.provider_key_id) : '—'
            }
          />
          <Row label="Operation" value={a.operation} />
          <Row label="Streamed" value={a.stream ? 'yes' : 'no'} />
          <Row label="Input tokens" value={a.input_tokens?.toLocaleString('en') ?? '—'} />
          <Row label="Output tokens" value={a.output_tokens?.toLocaleString('en') ?? '—'} />
          <Row label="Latency" value={formatMs(a.latency_ms)} />
          <Row label="Time to first byte" value={formatMs(a.ttfb_ms)} />
          <Row label="Request size" value={formatBytes(a.request_bytes)} />
          <Row label="Response size" value={formatBytes(a.response_bytes)} />
          <Row label="Activity ID" value={a.id} />
        </Table.Tbody>
      </Table>
      {a.actor && (
        <Button variant="light" onClick={() => onFilterCaller(a.actor!.id)}>
          Show every request by this caller
        </Button>
      )}
    </Stack>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={150}>{label}</Table.Th>
      <Table.Td style={{ wordBreak: 'break-all' }}>{value}</Table.Td>
    </Table.Tr>
  );
}
