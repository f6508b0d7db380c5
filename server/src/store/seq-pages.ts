// Pages of a table that is not a log but is listed like one (developers, devices): by its `seq` cursor,
// ascending or descending, between two creation times, each row served as its JSON document, for
// log-paging's pageJson. The caller adds its own filters to the query first.
import { sql, type SelectQueryBuilder } from 'kysely';
import type { LogPage } from './event-log.ts';

export interface SeqPageQuery {
  /** Rows after this cursor (ascending order) or before it (descending). */
  cursor?: number | undefined;
  order: 'asc' | 'desc';
  limit: number;
  /** Created at or after / before these times. */
  since?: number | undefined;
  until?: number | undefined;
}

export async function pageBySeq<DB, TB extends keyof DB, O extends { seq: number }>(
  query: SelectQueryBuilder<DB, TB, O>,
  table: string,
  q: SeqPageQuery,
  document: (row: O) => unknown,
): Promise<LogPage> {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  let page = query;
  if (q.cursor !== undefined) page = page.where(column('seq'), q.order === 'asc' ? '>' : '<', q.cursor);
  if (q.since !== undefined) page = page.where(column('created_at'), '>=', q.since);
  if (q.until !== undefined) page = page.where(column('created_at'), '<', q.until);
  const rows = await page.orderBy(column('seq'), q.order).limit(q.limit).execute();
  return {
    documents: rows.map((r) => JSON.stringify(document(r))),
    lastSeq: rows.length ? rows[rows.length - 1]!.seq : null,
  };
}
