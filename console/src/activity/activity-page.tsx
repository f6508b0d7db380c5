// Activity: every request through the Gateway, newest first, with filters kept in the URL (so that the
// overview, a finding or a request's detail can link to a filtered view), older requests a page at a
// time, newer ones on demand, and one request's detail.
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Stack } from '@mantine/core';
import { EmptyState } from '../ui/states';
import { PageHeader } from '../ui/page-header';
import { FilterBar, isFiltered, type FilterField } from '../ui/filter-bar';
import { NewestFirstLog } from '../ui/newest-first-log';
import { FAMILIES, FAMILY_LABEL } from '../provider-keys/provider-families';
import { useActivityFeed, type ActivityFilters } from './activity-feed';
import { ActivityTable } from './activity-table';
import { ActivityDetail } from './activity-detail';
import { OUTCOMES, type ActivityRecord } from './format';
import { readActivityFilters, writeActivityFilters } from './url-filters';
import { PartySelect } from '../filters/party-select';

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
  {
    key: 'actorId',
    label: 'Caller',
    picker: (p) => (
      <PartySelect {...p} kinds={['developer', 'credential', 'device']} placeholder="Name or e-mail" />
    ),
    width: 220,
  },
  {
    key: 'deviceId',
    label: 'Device',
    picker: (p) => <PartySelect {...p} kinds={['device']} placeholder="Device or its owner" />,
    width: 220,
  },
  { key: 'mcpServer', label: 'MCP server', placeholder: 'github', maxLength: 64, width: 150 },
  { key: 'mcpTool', label: 'MCP tool', placeholder: 'create_issue', maxLength: 256, width: 160 },
  { key: 'findingId', label: 'Finding ID', placeholder: 'rf_…', maxLength: 64, width: 170 },
  { key: 'requestId', label: 'Request ID', placeholder: 'req_…', maxLength: 64, width: 170 },
];

export function ActivityPage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readActivityFilters(params), [params]);
  const setFilters = (f: ActivityFilters) => setParams(writeActivityFilters(f));
  const [selected, setSelected] = useState<ActivityRecord | null>(null);
  const feed = useActivityFeed(filters);
  // A link to one request (?request=…) opens its detail once its record is read; once per request, so
  // that closing the drawer leaves it closed.
  const [opened, setOpened] = useState('');
  if (filters.requestId && opened !== filters.requestId) {
    const record = feed.rows.find((r) => r.request_id === filters.requestId);
    if (record) {
      setOpened(filters.requestId);
      setSelected(record);
    }
  }

  return (
    <Stack>
      <PageHeader title="Activity">
        Every request through the Gateway, newest first: who sent it, from which tool, to which provider and
        model (or which MCP server and tool), how it ended and what the policy did. Prompts, answers and tool
        arguments are never stored.
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
