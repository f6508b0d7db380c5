// Paging and time filters shared by the append-only logs' routes (audit events, activity): one cursor
// scheme for both. Ascending with `after` is the SIEM pull: poll with the last next_cursor and receive
// every row exactly once. Descending with `before` is the console's newest-first view.
import type { FastifyReply } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { ApiError } from '../errors.ts';
import type { LogPage } from '../store/event-log.ts';
import { EXPECTS } from '../http/validation-messages.ts';

const Cursor = Type.String({
  pattern: '^[0-9]{1,15}$',
  [EXPECTS]: 'a next_cursor from an earlier page',
  description: 'A next_cursor from an earlier page.',
});

export const pagingQuery = {
  after: Type.Optional({ ...Cursor, description: 'Ascending order: rows after this next_cursor.' }),
  before: Type.Optional({ ...Cursor, description: 'Descending order: rows before this next_cursor.' }),
  order: Type.Optional(
    Type.Enum(['asc', 'desc'], {
      default: 'asc',
      description: 'asc (oldest first, the SIEM pull) or desc (newest first).',
    }),
  ),
  since: Type.Optional(Type.String({ maxLength: 40, description: 'RFC 3339, inclusive.' })),
  until: Type.Optional(Type.String({ maxLength: 40, description: 'RFC 3339, exclusive.' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
};

export const pagingDescription =
  'In ascending order (the default), poll with the last next_cursor as after to receive every row exactly once; ' +
  'when no row follows, next_cursor repeats the cursor you sent. With order=desc, pass next_cursor as before ' +
  'for the next, older page; next_cursor is null after the oldest row. since is inclusive, until exclusive.';

interface PagingInput {
  after?: string | undefined;
  before?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
  since?: string | undefined;
  until?: string | undefined;
  limit?: number | undefined;
}

// RFC 3339 requires the offset: without one, Date.parse would read the server's local time.
const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;

function time(field: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const t = Date.parse(value);
  if (!RFC_3339.test(value) || Number.isNaN(t)) {
    throw new ApiError('invalid_request', `${field} must be an RFC 3339 time such as 2026-01-31T12:00:00Z.`);
  }
  return t;
}

/** The cursor, order, limit and time range of a request, checked. */
export function readPaging(q: PagingInput) {
  const order = q.order ?? 'asc';
  if (order === 'asc' && q.before !== undefined)
    throw new ApiError('invalid_request', 'before pages newest first: send it with order=desc.');
  if (order === 'desc' && q.after !== undefined)
    throw new ApiError('invalid_request', 'after pages oldest first: send it without order=desc.');
  const sent = order === 'asc' ? q.after : q.before;
  return {
    order,
    cursor: sent === undefined ? undefined : Number(sent),
    sent,
    limit: q.limit ?? 100,
    since: time('since', q.since),
    until: time('until', q.until),
  };
}

/** The page as JSON text: stored documents spliced, not parsed and serialised again. */
export function pageJson(
  listName: string,
  page: LogPage,
  paging: { order: 'asc' | 'desc'; sent: string | undefined; limit: number },
): string {
  let cursor: string | null;
  if (page.lastSeq !== null) cursor = String(page.lastSeq);
  else cursor = paging.order === 'asc' ? (paging.sent ?? null) : null;
  // Newest first, a short page is the last one: say so rather than send the caller round once more.
  if (paging.order === 'desc' && page.documents.length < paging.limit) cursor = null;
  return `{"${listName}":[${page.documents.join(',')}],"next_cursor":${JSON.stringify(cursor)}}`;
}

/** The schema of a page: the list under its name, and the cursor of the next. */
export function pageSchema(listName: string, item: TSchema) {
  return Type.Object({
    [listName]: Type.Array(item),
    next_cursor: Type.Union([Type.String(), Type.Null()]),
  });
}

/** Sends a page of stored JSON documents, spliced rather than serialised again (pageJson). */
export function sendPage(
  reply: FastifyReply,
  listName: string,
  page: LogPage,
  paging: { order: 'asc' | 'desc'; sent: string | undefined; limit: number },
) {
  return reply.type('application/json; charset=utf-8').send(pageJson(listName, page, paging));
}
