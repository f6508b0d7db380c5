// Activity: every request through the Gateway, newest first, with filters, older requests a page at a
// time, newer ones on demand, and one request's detail.
import { useState } from 'react';
import { Stack } from '@mantine/core';
import type { Activity, Outcome } from '../api/client';
import { EmptyState } from '../ui/states';
import { PageHeader } from '../ui/page-header';
import { FilterBar, isFiltered, type FilterField } from '../ui/filter-bar';
import { NewestFirstLog } from '../ui/newest-first-log';
import { FAMILIES, FAMILY_LABEL } from '../provider-keys/provider-families';
import { NO_FILTERS, useActivityFeed, type ActivityFilters } from './activity-feed';
import { ActivityTable } from './activity-table';
import { ActivityDetail } from './activity-detail';

const OUTCOMES: Outcome[] = ['allowed', 'blocked', 'upstream_error', 'gateway_error'];

/** The filter bar's own fields; the time range follows them. */
const FILTER_FIELDS: FilterField<ActivityFilters>[] = [
  {
    key: 'outcome',
    label: 'Outcome',
    any: 'Any outcome',
    options: OUTCOMES.map((o) => ({ value: o, label: o })),
    width: 160,
  },
  {
    key: 'provider',
    label: 'Provider',
    any: 'Any provider',
    options: FAMILIES.map((f) => ({ value: f, label: FAMILY_LABEL[f] })),
    width: 190,
  },
  { key: 'model', label: 'Model', placeholder: 'gpt-4o', maxLength: 200, width: 160 },
  { key: 'tool', label: 'Tool', placeholder: 'claude-code', maxLength: 64, width: 140 },
  { key: 'actorId', label: 'Caller ID', placeholder: 'cred_…', maxLength: 64, width: 170 },
];

export function ActivityPage() {
  const [filters, setFilters] = useState<ActivityFilters>(NO_FILTERS);
  const [selected, setSelected] = useState<Activity | null>(null);
  const feed = useActivityFeed(filters);

  return (
    <Stack>
      <PageHeader title="Activity">
        Every request through the Gateway, newest first: who sent it, from which tool, to which provider and
        model, and how it ended. Prompts and answers are never stored.
      </PageHeader>
      <FilterBar
        label="Filter the activity"
        fields={FILTER_FIELDS}
        value={filters}
        clearable
        onApply={setFilters}
      />
      <NewestFirstLog
        feed={feed}
        noun={['request', 'requests']}
        loading="Loading activity…"
        empty={
          isFiltered(filters) ? (
            <EmptyState title="No requests match">Widen the time range or clear the filters.</EmptyState>
          ) : (
            <EmptyState title="No Gateway requests yet">
              Point a tool at the Gateway: set its base URL to this Gatehouse&apos;s Gateway address (port
              8081 by default) and its API key to a token of a credential with the gateway:invoke scope. Each
              request then appears here.
            </EmptyState>
          )
        }
      >
        {(rows) => <ActivityTable activity={rows} onOpen={setSelected} />}
      </NewestFirstLog>
      <ActivityDetail
        activity={selected}
        onClose={() => setSelected(null)}
        onFilterCaller={(actorId) => {
          setSelected(null);
          setFilters({ ...filters, actorId });
        }}
      />
    </Stack>
  );
}
