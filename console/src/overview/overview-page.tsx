// The overview, the page a security lead opens first: what went through the Gateway in the last 24
// hours, 7 days or 30 days (the window in the address, ?window=7d), by outcome, over time, who and what
// was busiest, what is left to triage, the Gateway's providers, and, until Gatehouse is set up, the
// first-run checklist. Every number leads to the records it counts.
import { Suspense, lazy } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Group, Stack, Text } from '@mantine/core';
import { PageHeader } from '../ui/page-header';
import { ErrorState, Loading } from '../ui/states';
import { formatTime } from '../activity/format';
import { useActivitySummary, useSetupFacts } from './overview-queries';
import { WINDOWS, type SummaryWindow } from './summary-types';
import { WINDOW_LABEL } from './buckets';
import { checklistSteps, showChecklist } from './checklist';
import { FirstRunChecklist } from './first-run-checklist';
import { StatCards } from './stat-cards';
import { OpenFindings } from './open-findings';
import { TopLists } from './top-lists';
import { ProviderHealthCard } from './provider-health';

// The charts bring recharts (a third of the console's code): loaded with the overview, not before it.
const ActivityCharts = lazy(() => import('./activity-charts').then((m) => ({ default: m.ActivityCharts })));

const DEFAULT_WINDOW: SummaryWindow = '7d';

/** The window in the address; anything else is the default. */
export const readWindow = (params: URLSearchParams): SummaryWindow =>
  (WINDOWS as readonly string[]).includes(params.get('window') ?? '')
    ? (params.get('window') as SummaryWindow)
    : DEFAULT_WINDOW;

export function OverviewPage() {
  const [params, setParams] = useSearchParams();
  const window = readWindow(params);
  const summary = useActivitySummary(window);
  const steps = checklistSteps(useSetupFacts());

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <PageHeader title="Overview">
          What went through the Gateway, what the policy did about it, and what is left to look at. Every
          number leads to the requests or findings it counts.
        </PageHeader>
        {/* Toggle buttons rather than radios: each takes the focus and shows its ring like every button. */}
        <Button.Group aria-label="Time window">
          {WINDOWS.map((w) => (
            <Button
              key={w}
              variant={w === window ? 'filled' : 'default'}
              aria-pressed={w === window}
              onClick={() => setParams(w === DEFAULT_WINDOW ? {} : { window: w })}
            >
              {WINDOW_LABEL[w]}
            </Button>
          ))}
        </Button.Group>
      </Group>
      {showChecklist(steps) && <FirstRunChecklist steps={steps} />}
      {summary.isPending ? (
        <Loading label="Counting the activity…" />
      ) : summary.isError ? (
        <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />
      ) : (
        <>
          <Text size="xs" c="dimmed" aria-live="polite">
            The last {WINDOW_LABEL[summary.data.window]}: from {formatTime(summary.data.from)} to{' '}
            {formatTime(summary.data.until)}, read again every minute.
          </Text>
          <StatCards summary={summary.data} />
          <Suspense fallback={<Loading label="Drawing the charts…" />}>
            <ActivityCharts summary={summary.data}>
              <OpenFindings open={summary.data.findings_open} />
            </ActivityCharts>
          </Suspense>
          <TopLists summary={summary.data} />
        </>
      )}
      <ProviderHealthCard />
    </Stack>
  );
}
