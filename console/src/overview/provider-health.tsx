// The Gateway's providers' health over its last five minutes (GET /api/v1/gateway/status, the figures of
// its own GET /v1/status): each provider's state in words, colour and icon, so that colour is never the
// only sign, with its requests leading to the activity.
import { Link } from 'react-router';
import { Anchor, Badge, Paper, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconHelpCircle } from '@tabler/icons-react';
import type { ProviderFamily } from '../api/client';
import { FAMILY_SHORT } from '../provider-keys/provider-families';
import { formatMs } from '../activity/format';
import { activityHref } from '../activity/url-filters';
import { ErrorState, Loading } from '../ui/states';
import { NumberLink } from './number-link';
import { useGatewayStatus } from './overview-queries';
import type { HealthStatus, ProviderHealth } from './summary-types';

const LOOK: Record<HealthStatus, { color: string; icon: typeof IconCircleCheck; words: string }> = {
  operational: { color: 'green', icon: IconCircleCheck, words: 'operational' },
  degraded: { color: 'orange', icon: IconAlertTriangle, words: 'degraded' },
  down: { color: 'red', icon: IconCircleX, words: 'down' },
  unknown: { color: 'gray', icon: IconHelpCircle, words: 'no traffic' },
};

export function HealthBadge({ status }: { status: HealthStatus }) {
  const look = LOOK[status];
  return (
    <Badge color={look.color} variant="light" tt="none" leftSection={<look.icon size={14} aria-hidden />}>
      {look.words}
    </Badge>
  );
}

const percent = (rate: number) => `${(rate * 100).toFixed(rate > 0 && rate < 0.1 ? 1 : 0)} %`;

/** One provider; `readAt` is when the figures were read, which their window ends at. */
function Row({ p, readAt }: { p: ProviderHealth; readAt: number }) {
  const name = FAMILY_SHORT[p.provider as ProviderFamily] ?? p.provider;
  const since = new Date(readAt - p.window_seconds * 1000).toISOString();
  const to = activityHref({ provider: p.provider as ProviderFamily, since });
  return (
    <Table.Tr>
      <Table.Td>{name}</Table.Td>
      <Table.Td>
        <HealthBadge status={p.status} />
      </Table.Td>
      <Table.Td ta="right">
        <NumberLink
          value={p.requests}
          to={to}
          label={`requests to ${name} in the last five minutes`}
          size="sm"
        />
      </Table.Td>
      <Table.Td ta="right">{p.requests ? percent(p.error_rate) : '—'}</Table.Td>
      <Table.Td ta="right">{formatMs(p.mean_latency_ms)}</Table.Td>
      <Table.Td>
        {p.last_error ? (
          <Anchor
            component={Link}
            to={activityHref({ provider: p.provider as ProviderFamily, outcome: 'upstream_error', since })}
            size="sm"
          >
            {p.last_error.reason}
          </Anchor>
        ) : (
          '—'
        )}
      </Table.Td>
    </Table.Tr>
  );
}

export function ProviderHealthCard() {
  const status = useGatewayStatus();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Gateway providers">
      <Title order={2} size="h4" mb="xs">
        Gateway providers
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        How each provider answered the Gateway in the last five minutes: 5 % of errors or more is degraded,
        half or more is down.
      </Text>
      {status.isPending ? (
        <Loading label="Asking the Gateway…" />
      ) : status.isError ? (
        <ErrorState error={status.error} onRetry={() => void status.refetch()} />
      ) : status.data.gateway === 'separate' ? (
        <Text size="sm">
          The Gateway runs as separate processes (this one serves the console only): each replica reports its
          providers&apos; health at its own <code>GET /v1/status</code>.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label="Provider health">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Provider</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Requests</Table.Th>
                <Table.Th ta="right">Errors</Table.Th>
                <Table.Th ta="right">Mean latency</Table.Th>
                <Table.Th>Last error</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {status.data.providers.map((p) => (
                <Row key={p.provider} p={p} readAt={status.dataUpdatedAt} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
