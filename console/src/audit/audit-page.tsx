// The audit log, newest first: filters, older events a page at a time, newer events on demand, and one
// event's detail.
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Stack } from '@mantine/core';
import type { AuditEvent } from '../api/client';
import { EmptyState } from '../ui/states';
import { PageHeader } from '../ui/page-header';
import { FilterBar, type FilterField } from '../ui/filter-bar';
import { NewestFirstLog } from '../ui/newest-first-log';
import { useAuditFeed, type AuditFilters } from './audit-feed';
import { readAuditFilters, writeAuditFilters } from './url-filters';
import { ActionSelect } from '../filters/action-select';
import { PartySelect } from '../filters/party-select';
import { AuditTable } from './audit-table';
import { AuditEventDetail } from './audit-event-detail';

/** The filter bar's own fields; the time range follows them. */
const FILTER_FIELDS: FilterField<AuditFilters>[] = [
  { key: 'action', label: 'Action', picker: (p) => <ActionSelect {...p} />, width: 250 },
  {
    key: 'actorId',
    label: 'Actor',
    picker: (p) => (
      <PartySelect {...p} kinds={['admin', 'developer', 'credential']} placeholder="Name or e-mail" />
    ),
    width: 240,
  },
];

export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readAuditFilters(params), [params]);
  const setFilters = (f: AuditFilters) => setParams(writeAuditFilters(f));
  const [selected, setSelected] = useState<AuditEvent | null>(null);
  const feed = useAuditFeed(filters);

  return (
    <Stack>
      <PageHeader title="Audit log">
        Every change and every use of a credential, newest first. SIEMs read the same events from
        /api/v1/audit/events.
      </PageHeader>
      <FilterBar
        label="Filter the audit log"
        fields={FILTER_FIELDS}
        value={filters}
        clearable
        onApply={setFilters}
      />
      <NewestFirstLog
        feed={feed}
        noun={['event', 'events']}
        loading="Loading audit events…"
        empty={
          <EmptyState title="No events match">
            Widen the time range or clear the filters. Events appear here as admins and credentials act.
          </EmptyState>
        }
      >
        {(events) => <AuditTable events={events} onOpen={setSelected} />}
      </NewestFirstLog>
      <AuditEventDetail
        event={selected}
        onClose={() => setSelected(null)}
        onFilterActor={(actorId) => {
          setSelected(null);
          setFilters({ ...filters, actorId });
        }}
      />
    </Stack>
  );
}
