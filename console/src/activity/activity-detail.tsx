// One Gateway request, every field of it, in a drawer.
import { Button, Drawer, Stack, Table, Text } from '@mantine/core';
import type { Activity } from '../api/client';
import { FAMILY_LABEL } from '../provider-keys/provider-families';
import { useProviderKeys } from '../provider-keys/provider-key-queries';
import { OutcomeBadge, SignalBadges } from './activity-badges';
import { OUTCOME_MEANING, caller, formatBytes, formatMs, formatTime } from './format';
import { DetailRow } from '../ui/detail-row';

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
          <DetailRow label="Time" value={`${formatTime(a.time)} (${a.time})`} />
          <DetailRow
            label="Request ID"
            value={
              <Text ff="monospace" size="sm">
                {a.request_id}
              </Text>
            }
          />
          <DetailRow
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
          <DetailRow label="Status" value={String(a.status)} />
          <DetailRow label="Error code" value={a.error_code ?? '—'} />
          <DetailRow label="Signals" value={<SignalBadges signals={a.signals} />} />
          <DetailRow
            label="Caller"
            value={
              a.actor ? `${caller(a)} (${a.actor.type} ${a.actor.id})` : 'unauthenticated (no valid token)'
            }
          />
          <DetailRow label="Tool" value={a.tool} />
          <DetailRow label="User agent" value={a.user_agent ?? '—'} />
          <DetailRow label="IP address" value={a.ip} />
          <DetailRow label="Provider" value={a.provider ? FAMILY_LABEL[a.provider] : '—'} />
          <DetailRow label="Model" value={a.model ?? '—'} />
          <DetailRow
            label="Provider key"
            value={
              a.provider_key_id ? (keyName ? `${keyName} (${a.provider_key_id})` : a.provider_key_id) : '—'
            }
          />
          <DetailRow label="Operation" value={a.operation} />
          <DetailRow label="Streamed" value={a.stream ? 'yes' : 'no'} />
          <DetailRow label="Input tokens" value={a.input_tokens?.toLocaleString('en') ?? '—'} />
          <DetailRow label="Output tokens" value={a.output_tokens?.toLocaleString('en') ?? '—'} />
          <DetailRow label="Cached input tokens" value={a.cached_tokens?.toLocaleString('en') ?? '—'} />
          <DetailRow label="Reasoning tokens" value={a.reasoning_tokens?.toLocaleString('en') ?? '—'} />
          <DetailRow label="Latency" value={formatMs(a.latency_ms)} />
          <DetailRow label="Time to first byte" value={formatMs(a.ttfb_ms)} />
          <DetailRow label="Request size" value={formatBytes(a.request_bytes)} />
          <DetailRow label="Response size" value={formatBytes(a.response_bytes)} />
          <DetailRow label="Activity ID" value={a.id} />
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
