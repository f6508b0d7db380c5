// One Gateway request, every field of it, in a drawer, with links to the records around it: the
// findings it raised or repeated (exactly, by finding_ids), the caller's other requests, its developer,
// its device and the device's requests; where the page can filter by caller (the activity page), a
// button to show every request of that caller.
import { Link } from 'react-router';
import { Anchor, Button, Drawer, Group, Stack, Table, Text } from '@mantine/core';
import { FAMILY_LABEL } from '../provider-keys/provider-families';
import { useProviderKeys } from '../provider-keys/provider-key-queries';
import { OutcomeBadge, SignalBadges } from './activity-badges';
import { OUTCOME_MEANING, caller, formatBytes, formatMs, formatTime, type ActivityRecord } from './format';
import { DetailRow } from '../ui/detail-row';
import { activityHref } from './url-filters';
import { deviceHref, devicesOfDeveloper, findingHref } from './request-links';

export function ActivityDetail(props: {
  activity: ActivityRecord | null;
  onClose(): void;
  onFilterCaller?: (actorId: string) => void;
}) {
  const a = props.activity;
  return (
    <Drawer opened={a !== null} onClose={props.onClose} title="Gateway request" position="right" size="lg">
      {a && <Fields a={a} onFilterCaller={props.onFilterCaller} onLeave={props.onClose} />}
    </Drawer>
  );
}

/** A link to another page from inside the drawer, which it closes on the way. */
function PageLink(props: { to: string; onLeave(): void; children: string }) {
  return (
    <Anchor component={Link} to={props.to} size="sm" onClick={props.onLeave}>
      {props.children}
    </Anchor>
  );
}

function Fields({
  a,
  onFilterCaller,
  onLeave,
}: {
  a: ActivityRecord;
  onFilterCaller?: (actorId: string) => void;
  onLeave(): void;
}) {
  const keys = useProviderKeys();
  const keyName = keys.data?.find((k) => k.id === a.provider_key_id)?.name;
  const findings = a.finding_ids ?? [];
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
          <DetailRow label="Signals" value={<SignalBadges activity={a} />} />
          {(a.signals.length > 0 || findings.length > 0) && (
            <DetailRow
              label="Findings"
              value={
                findings.length > 0 ? (
                  <Group gap="sm">
                    {findings.map((id) => (
                      <PageLink key={id} to={findingHref(id)} onLeave={onLeave}>
                        {`Finding ${id}`}
                      </PageLink>
                    ))}
                  </Group>
                ) : (
                  '— (none recorded for this request)'
                )
              }
            />
          )}
          <DetailRow
            label="Caller"
            value={
              a.actor ? (
                <Stack gap={2} align="flex-start">
                  <Text size="sm">{`${caller(a)} (${a.actor.type} ${a.actor.id})`}</Text>
                  <Group gap="sm">
                    <PageLink to={activityHref({ actorId: a.actor.id })} onLeave={onLeave}>
                      Their requests
                    </PageLink>
                  </Group>
                </Stack>
              ) : (
                'unauthenticated (no valid token)'
              )
            }
          />
          {a.actor?.type === 'developer' && (
            <DetailRow
              label="Developer"
              value={
                <Stack gap={2} align="flex-start">
                  <PageLink to={devicesOfDeveloper(a.actor.id)} onLeave={onLeave}>
                    {a.actor.name ?? a.actor.id}
                  </PageLink>
                  <Text size="xs" c="dimmed">
                    {`${a.actor.id}: the developer and their devices`}
                  </Text>
                </Stack>
              }
            />
          )}
          <DetailRow
            label="Device"
            value={
              a.device ? (
                <Stack gap={2} align="flex-start">
                  {a.actor?.type === 'developer' ? (
                    <PageLink to={deviceHref({ id: a.device.id, developerId: a.actor.id })} onLeave={onLeave}>
                      {`${a.device.name} (${a.device.id})`}
                    </PageLink>
                  ) : (
                    <Text size="sm">{`${a.device.name} (${a.device.id})`}</Text>
                  )}
                  <PageLink to={activityHref({ deviceId: a.device.id })} onLeave={onLeave}>
                    Requests from this device
                  </PageLink>
                </Stack>
              ) : (
                '— (not sent with a device token)'
              )
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
          {a.mcp_server !== undefined && (
            <>
              <DetailRow label="MCP server" value={a.mcp_server} />
              <DetailRow label="MCP method" value={a.mcp_method ?? '—'} />
              <DetailRow label="MCP tool" value={a.mcp_tool ?? '—'} />
            </>
          )}
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
      {a.actor && onFilterCaller && (
        <Button variant="light" onClick={() => onFilterCaller(a.actor!.id)}>
          Show every request by this caller
        </Button>
      )}
    </Stack>
  );
}
