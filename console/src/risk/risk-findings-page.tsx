// Risk findings: what the detectors caught in Gateway traffic and the policy changes that lowered
// enforcement, most severe first, filtered by status, severity, kind, rule, caller and time (kept in the
// URL), more a page at a time, one finding's detail and, for admins, resolving it.
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Group, Stack, Text } from '@mantine/core';
import { canManage, useAdmin } from '../session/session-context';
import { EmptyState, ErrorState, Loading } from '../ui/states';
import { PageHeader } from '../ui/page-header';
import { LoadMore } from '../ui/load-more';
import { FilterBar, isFiltered, type FilterField } from '../ui/filter-bar';
import { SEVERITY_ORDER } from '../policy/format';
import { FINDING_KINDS, FINDING_STATUSES, KIND_LABEL } from './format';
import { useRiskFindings, type RiskFilters } from './risk-queries';
import { readFilters, writeFilters } from './url-filters';
import { RiskTable } from './risk-table';
import { FindingDetail } from './finding-detail';
import { PartySelect } from '../filters/party-select';

/** The filter bar's own fields; the time range (seen within it) follows them. */
const FILTER_FIELDS: FilterField<RiskFilters>[] = [
  {
    key: 'status',
    label: 'Status',
    any: 'Any status',
    options: FINDING_STATUSES.map((s) => ({ value: s, label: s })),
    width: 130,
  },
  {
    key: 'severity',
    label: 'Severity',
    any: 'Any severity',
    options: SEVERITY_ORDER.map((s) => ({ value: s, label: s })),
    width: 140,
  },
  {
    key: 'kind',
    label: 'Kind',
    any: 'Any kind',
    options: FINDING_KINDS.map((k) => ({ value: k, label: KIND_LABEL[k] })),
    width: 160,
  },
  { key: 'rule', label: 'Rule', placeholder: 'aws-access-key', maxLength: 100, width: 170 },
  {
    key: 'actorId',
    label: 'Caller',
    picker: (p) => (
      <PartySelect
        {...p}
        kinds={['developer', 'credential', 'device', 'admin']}
        placeholder="Name or e-mail"
      />
    ),
    width: 220,
  },
];

export function RiskFindingsPage() {
  const manage = canManage(useAdmin());
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const open = params.get('finding');
  const findings = useRiskFindings(filters);
  const rows = findings.data ?? [];

  return (
    <Stack>
      <PageHeader title="Risk findings">
        What the detectors caught in Gateway traffic, and policy changes that lowered enforcement, most severe
        first. A finding never holds the value it caught: it says what kind of value it was, a fingerprint of
        it, and where it was.
      </PageHeader>
      <FilterBar
        label="Filter the risk findings"
        fields={FILTER_FIELDS}
        value={filters}
        clearable
        onApply={(f) => setParams(writeFilters(f))}
      />
      {findings.isPending ? (
        <Loading label="Loading risk findings…" />
      ) : findings.isError && rows.length === 0 ? (
        <ErrorState error={findings.error} onRetry={() => void findings.refetch()} />
      ) : (
        <>
          <Group justify="space-between">
            <Text size="sm" aria-live="polite">
              {rows.length === 1 ? '1 finding' : `${rows.length.toLocaleString('en')} findings`}
              {findings.hasNextPage && ', most severe first'}
            </Text>
            <Button
              variant="default"
              size="xs"
              loading={findings.isRefetching && !findings.isFetchingNextPage}
              onClick={() => void findings.refetch()}
            >
              Refresh
            </Button>
          </Group>
          {findings.isError && <ErrorState error={findings.error} />}
          {rows.length === 0 ? (
            isFiltered(filters) ? (
              <EmptyState title="No findings match">Widen the time range or clear the filters.</EmptyState>
            ) : (
              <EmptyState title="No risk findings">
                They appear when a detector catches a secret, personal data or a custom rule&apos;s match in a
                Gateway request or answer, and when someone lowers the policy&apos;s enforcement.
              </EmptyState>
            )
          ) : (
            <>
              <RiskTable findings={rows} onOpen={(f) => setParams(writeFilters(filters, f.id))} />
              <LoadMore
                hasMore={findings.hasNextPage}
                loading={findings.isFetchingNextPage}
                label="Load more findings"
                done="Every matching finding is shown."
                onLoad={() => void findings.fetchNextPage()}
              />
            </>
          )}
        </>
      )}
      <FindingDetail
        id={open}
        canManage={manage}
        onClose={() => setParams(writeFilters(filters))}
        onFilterCaller={(actorId) => setParams(writeFilters({ ...filters, actorId }))}
      />
    </Stack>
  );
}
