// Activity: every request through the Gateway, newest first, with filters, older requests a page at a
// time, newer ones on demand, and one request's detail.
import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { Activity } from '../api/client';
import { EmptyState, ErrorState, Loading } from '../ui/states';
import { LoadOlder } from '../ui/load-older';
import { NO_FILTERS, isFiltered, useActivityFeed, type ActivityFilters } from './activity-feed';
import { ActivityFilterForm } from './activity-filters';
import { ActivityTable } from './activity-table';
import { ActivityDetail } from './activity-detail';

export function ActivityPage() {
  const [filters, setFilters] = useState<ActivityFilters>(NO_FILTERS);
  const [selected, setSelected] = useState<Activity | null>(null);
  const [newer, setNewer] = useState<number | null>(null);
  const feed = useActivityFeed(filters);
  const rows = feed.data ?? [];

  const apply = (next: ActivityFilters) => {
    setFilters(next);
    setNewer(null);
  };

  async function checkNewer() {
    const top = rows[0]?.id;
    const { data } = await feed.refetch();
    if (!data) return;
    const at = top ? data.findIndex((a) => a.id === top) : data.length;
    setNewer(at < 0 ? data.length : at);
  }

  return (
    <Stack>
      <div>
        <Title order={1} size="h2">
          Activity
        </Title>
        <Text c="dimmed" size="sm">
          Every request through the Gateway, newest first: who sent it, from which tool, to which provider and
          model, and how it ended. Prompts and answers are never stored.
        </Text>
      </div>
      <ActivityFilterForm key={JSON.stringify(filters)} value={filters} onApply={apply} />
      {feed.isPending ? (
        <Loading label="Loading activity…" />
      ) : feed.isError && rows.length === 0 ? (
        <ErrorState error={feed.error} onRetry={() => void feed.refetch()} />
      ) : (
        <>
          <Group justify="space-between">
            <Text size="sm" aria-live="polite">
              {rows.length === 1 ? '1 request' : `${rows.length.toLocaleString('en')} requests`}
              {feed.hasNextPage && ', newest first'}
              {newer !== null && ` · ${newer} newer loaded`}
            </Text>
            <Button
              variant="default"
              size="xs"
              loading={feed.isRefetching && !feed.isFetchingNextPage}
              onClick={() => void checkNewer()}
            >
              Check for newer requests
            </Button>
          </Group>
          {feed.isError && <ErrorState error={feed.error} />}
          {rows.length === 0 ? (
            isFiltered(filters) ? (
              <EmptyState title="No requests match">Widen the time range or clear the filters.</EmptyState>
            ) : (
              <EmptyState title="No Gateway requests yet">
                Point a tool at the Gateway: set its base URL to this Gatehouse&apos;s Gateway address (port
                8081 by default) and its API key to a token of a credential with the gateway:invoke scope.
                Each request then appears here.
              </EmptyState>
            )
          ) : (
            <>
              <ActivityTable activity={rows} onOpen={setSelected} />
              <LoadOlder
                what="requests"
                hasOlder={feed.hasNextPage}
                loading={feed.isFetchingNextPage}
                onLoad={() => void feed.fetchNextPage()}
              />
            </>
          )}
        </>
      )}
      <ActivityDetail
        activity={selected}
        onClose={() => setSelected(null)}
        onFilterCaller={(actorId) => {
          setSelected(null);
          apply({ ...filters, actorId });
        }}
      />
    </Stack>
  );
}
