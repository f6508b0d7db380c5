// The audit log, newest first: filters, pages of 50, newer events on demand, and one event's detail.
import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import type { AuditEvent } from '../api/client';
import { formatDateTime } from '../credentials/format';
import { EmptyState, ErrorState, Loading } from '../ui/states';
import { MAX_EVENTS, useAuditFeed, useNewerEvents, type AuditFilters } from './audit-feed';
import { AuditFilterForm } from './audit-filters';
import { AuditEventDetail } from './audit-event-detail';

const PER_PAGE = 50;
const WEEK = 7 * 24 * 3600_000;
const lastWeek = (): AuditFilters => ({
  action: '',
  actorId: '',
  since: new Date(Date.now() - WEEK).toISOString(),
  until: '',
});

export function AuditPage() {
  const [filters, setFilters] = useState<AuditFilters>(lastWeek);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<AuditEvent | null>(null);
  const feed = useAuditFeed(filters);
  const newer = useNewerEvents(filters);

  const apply = (next: AuditFilters) => {
    setFilters(next);
    setPage(1);
    newer.reset();
  };
  const events = feed.data?.events ?? [];
  const pages = Math.max(1, Math.ceil(events.length / PER_PAGE));
  const shown = events.slice((page - 1) * PER_PAGE, page * PER_PAGE);

  return (
    <Stack>
      <div>
        <Title order={1} size="h2">
          Audit log
        </Title>
        <Text c="dimmed" size="sm">
          Every change and every use of a credential, newest first. SIEMs read the same events from
          /api/v1/audit/events.
        </Text>
      </div>
      <AuditFilterForm key={JSON.stringify(filters)} value={filters} onApply={apply} />
      {feed.isPending ? (
        <Loading label="Loading audit events…" />
      ) : feed.isError ? (
        <ErrorState error={feed.error} onRetry={() => void feed.refetch()} />
      ) : (
        <>
          <Group justify="space-between">
            <Text size="sm" aria-live="polite">
              {events.length === 1 ? '1 event' : `${events.length.toLocaleString('en')} events`}
              {newer.isSuccess && ` · ${newer.data} newer loaded`}
            </Text>
            <Button
              variant="default"
              size="xs"
              loading={newer.isPending}
              onClick={() => newer.mutate(undefined, { onSuccess: () => setPage(1) })}
            >
              Check for newer events
            </Button>
          </Group>
          {feed.data.truncated && (
            <Alert color="yellow">
              This range holds more than {MAX_EVENTS.toLocaleString('en')} events; only the first{' '}
              {MAX_EVENTS.toLocaleString('en')} were read. Narrow the time range to see the newest.
            </Alert>
          )}
          {newer.isError && <ErrorState error={newer.error} />}
          {events.length === 0 ? (
            <EmptyState title="No events match">
              Widen the time range or clear the filters. Events appear here as admins and credentials act.
            </EmptyState>
          ) : (
            <>
              <Table.ScrollContainer minWidth={760}>
                <Table striped highlightOnHover aria-label="Audit events">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Time</Table.Th>
                      <Table.Th>Action</Table.Th>
                      <Table.Th>Actor</Table.Th>
                      <Table.Th>Target</Table.Th>
                      <Table.Th>Outcome</Table.Th>
                      <Table.Th>IP address</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {shown.map((e) => (
                      <Table.Tr key={e.id}>
                        <Table.Td>
                          <Text size="sm">{formatDateTime(e.time)}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Anchor component="button" size="sm" ff="monospace" onClick={() => setSelected(e)}>
                            {e.action}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{e.actor.name ?? e.actor.type}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{e.target?.name ?? '—'}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Badge color={e.outcome === 'success' ? 'green' : 'red'} variant="light">
                            {e.outcome}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{e.ip ?? '—'}</Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {pages > 1 && (
                <Pagination value={page} onChange={setPage} total={pages} aria-label="Audit log pages" />
              )}
            </>
          )}
        </>
      )}
      <AuditEventDetail
        event={selected}
        onClose={() => setSelected(null)}
        onFilterActor={(actorId) => {
          setSelected(null);
          apply({ ...filters, actorId });
        }}
      />
    </Stack>
  );
}
