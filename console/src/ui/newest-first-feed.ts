// A log read newest first (audit events, Gateway requests): one request per page (order=desc), the next,
// older page asked with the last page's next_cursor as `before`; next_cursor is null after the oldest row.
// "Check for newer" reads the loaded pages again from the top and counts the rows above the old top row.
import { useState } from 'react';
import { useInfiniteQuery, type UseInfiniteQueryResult } from '@tanstack/react-query';

/** The paging part of one page's query; the caller adds its filters and asks the API. */
export interface NewestFirstPaging {
  order: 'desc';
  limit: number;
  before?: string;
}

export interface NewestFirstPage<Row> {
  rows: Row[];
  nextCursor: string | null;
}

export interface NewestFirstFeed<Row> {
  query: UseInfiniteQueryResult<Row[]>;
  /** Every loaded row, newest first. */
  rows: Row[];
  /** How many rows the last "check for newer" put on top, for the filters now applied. */
  newer: number | null;
  checkNewer(): Promise<void>;
}

export function useNewestFirstFeed<F, Row extends { id: string }>(source: {
  /** The first part of the query key, such as 'audit'. */
  name: string;
  filters: F;
  pageSize: number;
  readPage(paging: NewestFirstPaging): Promise<NewestFirstPage<Row>>;
}): NewestFirstFeed<Row> {
  const { name, filters, pageSize, readPage } = source;
  // Counted for these filters: other filters show another log, with nothing "newer" in it yet.
  const [newer, setNewer] = useState<{ filters: F; count: number } | null>(null);
  const query = useInfiniteQuery({
    queryKey: [name, filters],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      readPage({ order: 'desc', limit: pageSize, ...(pageParam ? { before: pageParam } : {}) }),
    getNextPageParam: (last) => last.nextCursor,
    select: (data) => data.pages.flatMap((p) => p.rows),
  });
  const rows = query.data ?? [];

  async function checkNewer() {
    const top = rows[0]?.id;
    const { data } = await query.refetch();
    if (!data) return;
    const at = top ? data.findIndex((r) => r.id === top) : data.length;
    setNewer({ filters, count: at < 0 ? data.length : at });
  }

  return { query, rows, newer: newer?.filters === filters ? newer.count : null, checkNewer };
}

/** The filters a query sends: those left empty are absent, which the API reads as no filter. */
export function given<Q extends Record<string, string>>(query: Q): { [K in keyof Q]?: Exclude<Q[K], ''> } {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '')) as {
    [K in keyof Q]?: Exclude<Q[K], ''>;
  };
}
