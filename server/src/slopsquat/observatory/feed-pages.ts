// Paging over the names in feed order, and the feed's pages as served: rendered once per snapshot and
// query and kept (with their ETag), so that a request costs a map lookup and a write, never a
// serialisation or a database query. The cursor is the last name of the page (opaque, base64url), so a
// page follows on from where the previous one ended even when the snapshot changed in between.
import { createHash } from 'node:crypto';
import { ECOSYSTEMS, type Ecosystem } from '../slopsquat-contract.ts';
import { compareNames } from './publication.ts';
import { DEFAULT_PAGE, MAX_PAGE, type FeedEntry, type PageQuery } from './observatory-types.ts';
import { MAX_NAME_LENGTH } from './sighting-writer.ts';

interface Named {
  ecosystem: string;
  name: string;
}

export const encodeCursor = (n: Named) =>
  Buffer.from(`${n.ecosystem}\n${n.name}`, 'utf8').toString('base64url');

/** The name a cursor stands for, or null when it is not one this server made. */
export function decodeCursor(cursor: string): { ecosystem: Ecosystem; name: string } | null {
  if (cursor.length > 600 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const nl = text.indexOf('\n');
  const ecosystem = text.slice(0, nl) as Ecosystem;
  const name = text.slice(nl + 1);
  if (nl < 0 || !ECOSYSTEMS.includes(ecosystem) || name.length === 0 || name.length > MAX_NAME_LENGTH)
    return null;
  return { ecosystem, name };
}

/** The first index whose item sorts after `key` (or at it, when `inclusive`). */
function lowerBound<T extends Named>(items: T[], key: Named, inclusive: boolean): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const c = compareNames(items[mid]!, key);
    if (c < 0 || (c === 0 && !inclusive)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** One page of `items` (in feed order); the query's cursor must have been decoded by the caller. */
export function pageOf<T extends Named>(
  items: T[],
  query: { ecosystem?: Ecosystem | undefined; after?: Named | undefined; limit: number },
): { items: T[]; next_cursor: string | null } {
  let start = query.ecosystem ? lowerBound(items, { ecosystem: query.ecosystem, name: '' }, true) : 0;
  if (query.after) start = Math.max(start, lowerBound(items, query.after, false));
  const out: T[] = [];
  let i = start;
  for (; i < items.length && out.length < query.limit; i++) {
    if (query.ecosystem && items[i]!.ecosystem !== query.ecosystem) break;
    out.push(items[i]!);
  }
  const more = i < items.length && (!query.ecosystem || items[i]!.ecosystem === query.ecosystem);
  return { items: out, next_cursor: more && out.length > 0 ? encodeCursor(out.at(-1)!) : null };
}

export interface FeedPage {
  /** The JSON as bytes: encoded once, not on every send. */
  body: Buffer;
  etag: string;
}

/** Pages kept per snapshot: the first pages of each ecosystem and a subscriber's walk are what repeat. */
const KEPT_PAGES = 512;

/** The feed's pages for one snapshot of its entries. */
export function createFeedBook(entries: FeedEntry[], k: number, generatedAt: string) {
  const content = createHash('sha256')
    .update(JSON.stringify([k, entries]))
    .digest('base64url')
    .slice(0, 22);
  const pages = new Map<string, FeedPage>();
  return {
    /** Changes exactly when the feed's content does (the same on every replica with the same data). */
    content,
    page(query: PageQuery): FeedPage {
      const key = `${query.ecosystem ?? ''}\0${query.cursor ?? ''}\0${query.limit}`;
      const kept = pages.get(key);
      if (kept) return kept;
      const after = query.cursor === undefined ? undefined : (decodeCursor(query.cursor) ?? undefined);
      const { items, next_cursor } = pageOf(entries, {
        ecosystem: query.ecosystem,
        after,
        limit: query.limit,
      });
      const body = Buffer.from(JSON.stringify({ generated_at: generatedAt, k, entries: items, next_cursor }));
      const etag = `W/"${createHash('sha256').update(`${content}\0${key}`).digest('base64url').slice(0, 27)}"`;
      const page = { body, etag };
      if (pages.size >= KEPT_PAGES) pages.delete(pages.keys().next().value!);
      pages.set(key, page);
      return page;
    },
  };
}

export type FeedBook = ReturnType<typeof createFeedBook>;

/** RFC 9110 §13.1.2: If-None-Match compares weakly; `*` matches any current representation. */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  const mine = opaque(etag);
  return header.split(',').some((t) => opaque(t) === mine);
}

/**
 * A page query from the query string, checked: ecosystem one of ECOSYSTEMS, limit 1–MAX_PAGE, cursor a
 * next_cursor this server gave. A problem is a sentence for the caller.
 */
export function readPageQuery(raw: unknown): { query: PageQuery } | { problem: string } {
  const q = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  // Other parameters (a cache-buster) are let be.
  for (const field of ['ecosystem', 'cursor', 'limit']) {
    const value = q[field];
    if (value !== undefined && typeof value !== 'string' && typeof value !== 'number')
      return { problem: `Give ${field} once.` };
  }
  const { ecosystem, cursor, limit } = q;
  if (ecosystem !== undefined && !(ECOSYSTEMS as readonly unknown[]).includes(ecosystem))
    return { problem: `ecosystem must be one of ${ECOSYSTEMS.join(', ')}.` };
  const n = limit === undefined ? DEFAULT_PAGE : Number(limit);
  if (!Number.isInteger(n) || n < 1 || n > MAX_PAGE)
    return { problem: `limit must be a whole number from 1 to ${MAX_PAGE}.` };
  if (cursor !== undefined && (typeof cursor !== 'string' || decodeCursor(cursor) === null))
    return { problem: 'cursor must be a next_cursor from an earlier page.' };
  return {
    query: {
      ecosystem: ecosystem as Ecosystem | undefined,
      cursor: cursor as string | undefined,
      limit: n,
    },
  };
}
