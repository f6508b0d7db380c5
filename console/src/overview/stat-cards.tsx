// The window's totals as cards across the top: each number links to the records it counts. An outcome's
// colour (the chart's) is a swatch beside its name, not the number's colour, which stays readable.
import type { ReactNode } from 'react';
import { ColorSwatch, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { NumberLink } from './number-link';
import { DEVICES_SIGNED_IN_HREF, totalHref } from './overview-links';
import { windowPhrase } from './buckets';
import type { ActivitySummary, SummaryCounts } from './summary-types';

const CARDS: { key: keyof SummaryCounts; title: string; noun: string; color?: string }[] = [
  { key: 'requests', title: 'Requests', noun: 'requests' },
  { key: 'allowed', title: 'Allowed', noun: 'allowed requests', color: 'green' },
  { key: 'redacted', title: 'Redacted', noun: 'redacted requests', color: 'violet' },
  { key: 'blocked', title: 'Blocked', noun: 'blocked requests', color: 'red' },
  { key: 'upstream_errors', title: 'Upstream errors', noun: 'upstream errors', color: 'orange' },
  { key: 'gateway_errors', title: 'Gateway errors', noun: 'Gateway errors', color: 'gray' },
  { key: 'findings', title: 'Findings', noun: 'findings', color: 'yellow' },
];

function Card(props: { title: string; children: ReactNode; hint?: string; color?: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Group gap={6} wrap="nowrap">
        {props.color && (
          <ColorSwatch
            color={`var(--mantine-color-${props.color}-6)`}
            size={10}
            withShadow={false}
            aria-hidden
          />
        )}
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {props.title}
        </Text>
      </Group>
      {props.children}
      {props.hint && (
        <Text size="xs" c="dimmed">
          {props.hint}
        </Text>
      )}
    </Paper>
  );
}

export function StatCards({ summary: s }: { summary: ActivitySummary }) {
  const phrase = windowPhrase(s.window);
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" aria-label="Totals">
      {CARDS.map((c) => (
        <Card key={c.key} title={c.title} color={c.color}>
          <NumberLink
            value={s.totals[c.key]}
            to={totalHref(c.key, s)}
            label={`${c.noun} ${phrase}`}
            fz={26}
            fw={700}
          />
        </Card>
      ))}
      <Card title="Tokens in / out">
        <Text fz={20} fw={700}>
          <NumberLink
            value={s.totals.tokens_in}
            to={totalHref('tokens_in', s)}
            label={`tokens in ${phrase}`}
          />
          {' / '}
          <NumberLink
            value={s.totals.tokens_out}
            to={totalHref('tokens_out', s)}
            label={`tokens out ${phrase}`}
          />
        </Text>
      </Card>
      <Card title="Devices signed in" hint="now">
        <NumberLink
          value={s.devices_signed_in}
          to={DEVICES_SIGNED_IN_HREF}
          label="devices signed in"
          fz={26}
          fw={700}
        />
      </Card>
    </SimpleGrid>
  );
}
