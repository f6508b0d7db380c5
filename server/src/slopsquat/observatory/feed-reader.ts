// Reads another deployment's observatory feed, every page of it. What it answers is untrusted: each page
// is read up to a size cap, its nesting checked before it is parsed, every field's type checked (an
// entry that is not a name of a known ecosystem is passed over), and the whole walk has a deadline, so
// that a huge, deep, wrongly typed or slow feed costs a bounded effort and never throws out of here.
import { Agent, request, type Dispatcher } from 'undici';
import { jsonShape } from '../../gateway/json-limits.ts';
import { timeoutSignal } from '../../http/timeout-signal.ts';
import { ECOSYSTEMS, type Ecosystem } from '../slopsquat-contract.ts';
import { MAX_NAME_LENGTH } from './sighting-writer.ts';

export interface FeedLimits {
  /** The whole walk, every page. */
  deadlineMs: number;
  /** One page's body. */
  maxPageBytes: number;
  maxPages: number;
  /** Names kept from one feed; what follows is left out. */
  maxNames: number;
}

export const FEED_LIMITS: FeedLimits = {
  deadlineMs: 30_000,
  maxPageBytes: 4 * 1024 * 1024,
  maxPages: 200,
  maxNames: 100_000,
};

export interface FeedName {
  ecosystem: Ecosystem;
  name: string;
}

export type FeedRead =
  | { status: 'ok'; names: FeedName[]; etag: string | null; skipped: number }
  | { status: 'not_modified' }
  | { status: 'failed'; error: string; retryAfterMs?: number };

/** One keep-alive pool per feed origin, with connect and read timeouts of its own. */
export function createFeedAgent(): Dispatcher {
  return new Agent({ connectTimeout: 10_000, headersTimeout: 15_000, bodyTimeout: 15_000, connections: 4 });
}

// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const CONTROL = /[\u0000-\u001f\u007f]/;

class FeedProblem extends Error {}

async function readCapped(body: Dispatcher.ResponseData['body'], max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) {
      body.destroy();
      throw new FeedProblem(`a page is larger than ${max / 1024 / 1024} MB`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The names of one page and its next cursor; throws FeedProblem when it is not an observatory feed. */
function readPage(text: string): { names: FeedName[]; skipped: number; next: string | null } {
  if (jsonShape(text).tooDeep) throw new FeedProblem('a page is nested deeper than Gatehouse reads');
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new FeedProblem('a page is not JSON');
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    throw new FeedProblem('a page is not an observatory feed (not a JSON object)');
  const { entries, next_cursor } = doc as { entries?: unknown; next_cursor?: unknown };
  if (!Array.isArray(entries)) throw new FeedProblem('a page is not an observatory feed (no entries array)');
  const names: FeedName[] = [];
  let skipped = 0;
  for (const e of entries as unknown[]) {
    const { ecosystem, name } = (typeof e === 'object' && e !== null ? e : {}) as Record<string, unknown>;
    if (
      typeof ecosystem === 'string' &&
      (ECOSYSTEMS as readonly string[]).includes(ecosystem) &&
      typeof name === 'string' &&
      name.length > 0 &&
      name.length <= MAX_NAME_LENGTH &&
      !CONTROL.test(name)
    )
      names.push({ ecosystem: ecosystem as Ecosystem, name });
    else skipped++;
  }
  const next =
    typeof next_cursor === 'string' && next_cursor.length > 0 && next_cursor.length <= 1000
      ? next_cursor
      : null;
  return { names, skipped, next };
}

function retryAfterMs(header: string | string[] | undefined): number | undefined {
  const v = Array.isArray(header) ? header[0] : header;
  if (v === undefined) return undefined;
  const seconds = Number(v);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(v);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : undefined;
}

/** Walks the feed at `address` from its first page; `etag` is what its first page had last time. */
export async function readFeed(
  address: string,
  etag: string | null,
  dispatcher: Dispatcher,
  signal: AbortSignal,
  limits: FeedLimits = FEED_LIMITS,
): Promise<FeedRead> {
  const bounded = timeoutSignal(signal, limits.deadlineMs);
  const deadline = bounded.signal;
  const names: FeedName[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  let firstEtag: string | null = null;
  let cursor: string | null = null;
  try {
    for (let page = 0; page < limits.maxPages; page++) {
      const url = new URL(address);
      if (cursor !== null) url.searchParams.set('cursor', cursor);
      const res = await request(url, {
        dispatcher,
        signal: deadline,
        headers: {
          accept: 'application/json',
          'user-agent': 'Gatehouse-observatory/1',
          ...(page === 0 && etag ? { 'if-none-match': etag } : {}),
        },
      });
      if (page === 0 && res.statusCode === 304) {
        await res.body.dump();
        return { status: 'not_modified' };
      }
      if (res.statusCode !== 200) {
        await res.body.dump().catch(() => {});
        const after =
          res.statusCode === 429 || res.statusCode === 503
            ? retryAfterMs(res.headers['retry-after'])
            : undefined;
        return {
          status: 'failed',
          error: `the feed answered HTTP ${res.statusCode}`,
          ...(after !== undefined ? { retryAfterMs: after } : {}),
        };
      }
      if (page === 0) {
        const tag = res.headers.etag;
        firstEtag = typeof tag === 'string' && tag.length <= 200 ? tag : null;
      }
      const read = readPage(await readCapped(res.body, limits.maxPageBytes));
      skipped += read.skipped;
      for (const n of read.names) {
        if (names.length >= limits.maxNames) break;
        const key = `${n.ecosystem}\0${n.name}`;
        if (seen.has(key)) continue;
        seen.add(key);
        names.push(n);
      }
      // A feed that goes round in circles (or past its names cap) ends here.
      if (read.next === null || read.next === cursor || names.length >= limits.maxNames) break;
      cursor = read.next;
    }
    return { status: 'ok', names, etag: firstEtag, skipped };
  } catch (err) {
    if (err instanceof FeedProblem) return { status: 'failed', error: err.message };
    if (deadline.aborted && !signal.aborted)
      return { status: 'failed', error: `the feed did not answer within ${limits.deadlineMs / 1000} s` };
    const code = (err as { code?: unknown }).code;
    return {
      status: 'failed',
      error: `the feed could not be read (${typeof code === 'string' ? code : 'connection failed'})`,
    };
  } finally {
    bounded.clear();
  }
}
