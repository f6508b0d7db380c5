// The window's three charts: requests by outcome (stacked, so a bar's height is every request), tokens
// in and out, and findings. Colours are Mantine's theme colours, which the charts' CSS variables keep
// readable in the light and the dark scheme.
import { AreaChart, BarChart } from '@mantine/charts';
import type { ReactNode } from 'react';
import { SimpleGrid } from '@mantine/core';
import { ChartCard, type ChartSeries } from './chart-card';
import { bucketLabel, windowPhrase } from './buckets';
import { formatCount } from './number-link';
import type { ActivitySummary } from './summary-types';

export const OUTCOME_SERIES: readonly ChartSeries[] = [
  { name: 'allowed', label: 'Allowed', color: 'green.6' },
  { name: 'redacted', label: 'Redacted', color: 'violet.6' },
  { name: 'blocked', label: 'Blocked', color: 'red.6' },
  { name: 'upstream_errors', label: 'Upstream errors', color: 'orange.6' },
  { name: 'gateway_errors', label: 'Gateway errors', color: 'gray.6' },
];

const TOKEN_SERIES: readonly ChartSeries[] = [
  { name: 'tokens_in', label: 'Tokens in', color: 'indigo.6' },
  { name: 'tokens_out', label: 'Tokens out', color: 'cyan.6' },
];

const FINDING_SERIES: readonly ChartSeries[] = [{ name: 'findings', label: 'Findings', color: 'yellow.7' }];

const HEIGHT = 260;

/** "1,204 requests in the last 7 days: 1,100 allowed, 4 redacted, …", the outcome chart in words. */
export function outcomeSentence(s: ActivitySummary): string {
  const parts = OUTCOME_SERIES.map((x) => `${formatCount(s.totals[x.name])} ${x.label.toLowerCase()}`);
  return `${formatCount(s.totals.requests)} requests ${windowPhrase(s.window)}: ${parts.join(', ')}.`;
}

/** The charts in a grid; `children` take the grid's last places (the open findings beside the findings). */
export function ActivityCharts({ summary: s, children }: { summary: ActivitySummary; children?: ReactNode }) {
  const data = s.series.map((b) => ({ ...b, label: bucketLabel(b.start, s.bucket_seconds) }));
  const common = {
    h: HEIGHT,
    data,
    dataKey: 'label',
    valueFormatter: formatCount,
    accessibilityLayer: false,
    // Counts: no tick at half a request.
    yAxisProps: { allowDecimals: false },
    withLegend: true,
    // Room for the legend on two lines at the narrowest card width.
    legendProps: { verticalAlign: 'bottom' as const, height: 60 },
  };
  const cards = { buckets: s.series, bucketSeconds: s.bucket_seconds };
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <ChartCard title="Requests by outcome" summary={outcomeSentence(s)} series={OUTCOME_SERIES} {...cards}>
        <BarChart
          {...common}
          type="stacked"
          series={OUTCOME_SERIES.map(({ name, label, color }) => ({ name, label, color }))}
        />
      </ChartCard>
      <ChartCard
        title="Tokens in and out"
        summary={`${formatCount(s.totals.tokens_in)} tokens in and ${formatCount(s.totals.tokens_out)} out ${windowPhrase(s.window)}.`}
        series={TOKEN_SERIES}
        linked={false}
        {...cards}
      >
        <AreaChart
          {...common}
          withDots={false}
          series={TOKEN_SERIES.map(({ name, label, color }) => ({ name, label, color }))}
        />
      </ChartCard>
      <ChartCard
        title="Findings"
        summary={`${formatCount(s.totals.findings)} findings ${windowPhrase(s.window)}.`}
        series={FINDING_SERIES}
        {...cards}
      >
        <BarChart
          {...common}
          withLegend={false}
          series={FINDING_SERIES.map(({ name, label, color }) => ({ name, label, color }))}
        />
      </ChartCard>
      {children}
    </SimpleGrid>
  );
}
