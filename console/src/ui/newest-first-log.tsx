// The body of a newest-first log page (the audit log, the activity page): loading and error states, how
// many rows are loaded and how many of them came in newer, the rows (drawn by the page), and the foot
// that loads older ones.
import type { ReactNode } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { ErrorState, Loading } from './states';
import { LoadOlder } from './load-older';
import type { NewestFirstFeed } from './newest-first-feed';

export function NewestFirstLog<Row extends { id: string }>(props: {
  feed: NewestFirstFeed<Row>;
  /** What a row is, singular and plural, as the counts and buttons say it: ['event', 'events']. */
  noun: readonly [string, string];
  loading: string;
  /** Shown when no row matches. */
  empty: ReactNode;
  children(rows: Row[]): ReactNode;
}) {
  const { query, rows, newer, checkNewer } = props.feed;
  const [one, many] = props.noun;
  if (query.isPending) return <Loading label={props.loading} />;
  if (query.isError && rows.length === 0)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <>
      <Group justify="space-between">
        <Text size="sm" aria-live="polite">
          {rows.length === 1 ? `1 ${one}` : `${rows.length.toLocaleString('en')} ${many}`}
          {query.hasNextPage && ', newest first'}
          {newer !== null && ` · ${newer} newer loaded`}
        </Text>
        <Button
          variant="default"
          size="xs"
          loading={query.isRefetching && !query.isFetchingNextPage}
          onClick={() => void checkNewer()}
        >
          Check for newer {many}
        </Button>
      </Group>
      {query.isError && <ErrorState error={query.error} />}
      {rows.length === 0 ? (
        props.empty
      ) : (
        <>
          {props.children(rows)}
          <LoadOlder
            what={many}
            hasOlder={query.hasNextPage}
            loading={query.isFetchingNextPage}
            onLoad={() => void query.fetchNextPage()}
          />
        </>
      )}
    </>
  );
}
