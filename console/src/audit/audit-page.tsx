// The audit log, newest first: filters, older events a page at a time, newer events on demand, and one
// event's detail.
import { useState } from 'react';
import { Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { AuditEvent } from '../api/client';
import { formatDateTime } from '../credentials/format';
import { EmptyState, ErrorState, Loading } from '../ui/states';
import { LoadOlder } from '../ui/load-older';
import { NO_FILTERS, useAuditFeed, type AuditFilters } from './audit-feed';
import { AuditFilterForm } from './audit-filters';
import { AuditEventDetail } from './audit-event-detail';

export function AuditPage() {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [selected, setSelected] = useState<AuditEvent | null>(null);
  const [newer, setNewer] = useState<number | null>(null);
  const feed = useAuditFeed(filters);

  const apply = (next: AuditFilters) => {
    setFilters(next);
    setNewer(null);
  };
  const events = feed.data ?? [];

  async function checkNewer() {
    const top = events[0]?.id;
    const { data } = await feed.refetch();
    if (!data) return;
    const at = top ? data.findIndex((e) => e.id === top) : data.length;
    setNewer(at < 0 ? data.length : at);
  }

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
      ) : feed.isError && events.length === 0 ? (
        <ErrorState error={feed.error} onRetry={() => void feed.refetch()} />
      ) : (
        <>
          <Group justify="space-between">
            <Text size="sm" aria-live="polite">
              {events.length === 1 ? '1 event' : `${events.length.toLocaleString('en')} events`}
              {feed.hasNextPage && ', newest first'}
              {newer !== null && ` · ${newer} newer loaded`}
            </Text>
            <Button
              variant="default"
              size="xs"
              loading={feed.isRefetching && !feed.isFetchingNextPage}
              onClick={() => void checkNewer()}
            >
              Check for newer events
            </Button>
          </Group>
          {feed.isError && <ErrorState error={feed.error} />}
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
                    {events.map((e) => (
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
              <LoadOlder
                what="events"
                hasOlder={feed.hasNextPage}
                loading={feed.isFetchingNextPage}
                onLoad={() => void feed.fetchNextPage()}
              />
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
