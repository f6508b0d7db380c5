// Newest-first paging of the audit log (GET /api/v1/audit/events?order=desc&before=…): following
// next_cursor as `before` yields every event exactly once, in the reverse of the ascending pull's order,
// and next_cursor is null after the oldest row. Filters combine with it; a cursor of the other
// direction is a 400. A time range reads the same pages by either of the reader's plans.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { queryAudit } from '../../src/audit/audit-store.ts';
import type { LogPage, LogPlan } from '../../src/store/event-log.ts';
import {
  createCredential,
  signIn,
  type ApiClient,
  type AuditEventView,
  type Reply,
} from '../helpers/api-client.ts';

const PATH = '/api/v1/audit/events';
const qs = (query: Record<string, string>) => `${PATH}?${new URLSearchParams(query)}`;
const ids = (events: AuditEventView[]) => events.map((e) => e.id);

interface Page {
  events: AuditEventView[];
  next_cursor: string | null;
}

/** Every event matching `query`, oldest first, following `after`. */
async function ascending(client: ApiClient, query: Record<string, string> = {}): Promise<AuditEventView[]> {
  const events: AuditEventView[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 1_000; i++) {
    const res = await client.get<Page>(qs({ ...query, limit: '1000', ...(cursor ? { after: cursor } : {}) }));
    assert.equal(res.status, 200, JSON.stringify(res.body));
    if (res.body.events.length === 0) return events;
    events.push(...res.body.events);
    cursor = res.body.next_cursor!;
  }
  assert.fail('more than 1000 pages');
}

/** Every page of a newest-first read, following next_cursor as `before` until it is null. */
async function descendingPages(client: ApiClient, query: Record<string, string>): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 1_000; i++) {
    const res: Reply<Page> = await client.get<Page>(
      qs({ ...query, order: 'desc', ...(cursor !== null ? { before: cursor } : {}) }),
    );
    assert.equal(res.status, 200, JSON.stringify(res.body));
    pages.push(res.body);
    cursor = res.body.next_cursor;
    if (cursor === null) return pages;
  }
  assert.fail('more than 1000 pages');
}

eachEngine('audit log, newest first', (engine) => {
  let server: TestServer;
  let admin: ApiClient;
  const CREATED = 25;

  /** Hot-path events (sign-ins) reach the store through the batching writer a few milliseconds later. */
  async function settled() {
    for (let i = 0; i < 200 && server.gatehouse.services.audit.pending > 0; i++) await sleep(10);
    await sleep(30);
  }

  before(async () => {
    server = await startTestServer(engine);
    admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    for (let i = 0; i < CREATED; i++) {
      await createCredential(admin, { name: `paging-${i}`, scopes: ['audit:read'] });
      // A sign-in now and then: events of the batching writer among those written at once.
      if (i % 8 === 0) await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    }
    await settled();
  });
  after(() => server.close());

  test('following before until null yields every event once, newest first, the reverse of ascending', async () => {
    const all = await ascending(admin);
    assert.ok(all.length >= CREATED + 3, `${all.length} events`);
    const pages = await descendingPages(admin, { limit: '10' });
    assert.equal(pages.length, Math.ceil(all.length / 10) + (all.length % 10 === 0 ? 1 : 0));
    pages.slice(0, -1).forEach((p, i) => {
      assert.equal(p.events.length, 10, `page ${i} is full`);
      assert.ok(p.next_cursor !== null);
    });
    assert.equal(pages.at(-1)!.next_cursor, null, 'null after the oldest row');
    const desc = pages.flatMap((p) => p.events);
    assert.equal(new Set(ids(desc)).size, desc.length, 'no event twice');
    assert.deepEqual(ids(desc), ids(all).reverse());
    // Newest first is commit order reversed, not time: a batched sign-in commits a little after it
    // happened, so its time may be older than an event committed before it.
    const created = desc.filter((e) => e.action === 'credential.created');
    for (let i = 1; i < created.length; i++)
      assert.ok(Date.parse(created[i - 1]!.time) >= Date.parse(created[i]!.time), 'newest first');
    // The events are the same documents either way.
    assert.deepEqual(desc.at(-1), all[0]);
  });

  test('a page size that divides the count evenly ends with an empty page whose cursor is null', async () => {
    const filter = { action: 'credential.created' };
    assert.equal((await ascending(admin, filter)).length, CREATED);
    const pages = await descendingPages(admin, { ...filter, limit: '5' });
    assert.deepEqual(
      pages.map((p) => p.events.length),
      [5, 5, 5, 5, 5, 0],
    );
    assert.deepEqual(pages.at(-1), { events: [], next_cursor: null });
    const short = await descendingPages(admin, { ...filter, limit: '10' });
    assert.deepEqual(
      short.map((p) => [p.events.length, p.next_cursor === null]),
      [
        [10, false],
        [10, false],
        [5, true],
      ],
      'a short page is the last, and says so',
    );
  });

  test('filters combine with order=desc: action, actor_id, since and until', async () => {
    const filter = { action: 'credential.created' };
    const asc = await ascending(admin, filter);
    const desc = (await descendingPages(admin, { ...filter, limit: '7' })).flatMap((p) => p.events);
    assert.ok(desc.every((e) => e.action === 'credential.created'));
    assert.deepEqual(ids(desc), ids(asc).reverse());
    assert.deepEqual(
      desc.map((e) => e.target!.name),
      Array.from({ length: CREATED }, (_, i) => `paging-${CREATED - 1 - i}`),
    );

    const ownerId = (await admin.get('/api/v1/session')).body.admin.id as string;
    const signIns = await ascending(admin, { action: 'session.sign_in', actor_id: ownerId });
    assert.equal(signIns.length, 1 + Math.ceil(CREATED / 8));
    const descSignIns = (
      await descendingPages(admin, { action: 'session.sign_in', actor_id: ownerId, limit: '2' })
    ).flatMap((p) => p.events);
    assert.deepEqual(ids(descSignIns), ids(signIns).reverse());

    const all = await ascending(admin);
    const from = Date.parse(asc[5]!.time);
    const to = Date.parse(asc[20]!.time);
    const window = { since: new Date(from).toISOString(), until: new Date(to).toISOString() };
    const inWindow = all.filter((e) => Date.parse(e.time) >= from && Date.parse(e.time) < to);
    assert.ok(inWindow.length > 0);
    assert.deepEqual(
      ids((await descendingPages(admin, { ...window, limit: '4' })).flatMap((p) => p.events)),
      ids(inWindow).reverse(),
    );
  });

  test('a time range reads the same pages by the seq walk and by the range first', async () => {
    const db = server.gatehouse.services.store.db;
    const all = await ascending(admin);
    const from = Date.parse(all[5]!.time);
    const to = Date.parse(all[20]!.time);
    async function pages(q: Parameters<typeof queryAudit>[1], plan: LogPlan): Promise<LogPage[]> {
      const out: LogPage[] = [];
      let cursor: number | undefined;
      for (let i = 0; i < 100; i++) {
        const page = await queryAudit.read(db, { ...q, ...(cursor !== undefined ? { cursor } : {}) }, plan);
        out.push(page);
        if (page.lastSeq === null) return out;
        cursor = page.lastSeq;
      }
      assert.fail('more than 100 pages');
    }
    for (const action of [undefined, 'credential.created'])
      for (const order of ['asc', 'desc'] as const) {
        const q = { since: from, until: to, action, order, limit: 4 };
        const inRange = all.filter(
          (e) => Date.parse(e.time) >= from && Date.parse(e.time) < to && (!action || e.action === action),
        );
        assert.ok(inRange.length > 4, 'more than a page');
        const walked = await pages(q, 'walk');
        const docIds = walked.flatMap((p) => p.documents.map((d) => (JSON.parse(d) as AuditEventView).id));
        assert.deepEqual(
          docIds,
          order === 'asc' ? ids(inRange) : ids(inRange).reverse(),
          `${order} ${action}`,
        );
        assert.deepEqual(await pages(q, 'range'), walked, `${order} ${action}: range`);
      }
  });

  test('the first page is the newest; a cursor past either end behaves', async () => {
    const all = await ascending(admin);
    const newest = await admin.get<Page>(qs({ order: 'desc', limit: '3' }));
    assert.equal(newest.status, 200);
    assert.deepEqual(ids(newest.body.events), ids(all.slice(-3)).reverse());
    // Its cursor continues right below it.
    const next = await admin.get<Page>(qs({ order: 'desc', limit: '3', before: newest.body.next_cursor! }));
    assert.deepEqual(ids(next.body.events), ids(all.slice(-6, -3)).reverse());

    const far = await admin.get<Page>(qs({ order: 'desc', limit: '3', before: '999999999999' }));
    assert.deepEqual(far.body, newest.body, 'a cursor above every row reads from the newest');
    const bottom = await admin.get<Page>(qs({ order: 'desc', before: '1' }));
    assert.deepEqual(bottom.body, { events: [], next_cursor: null }, 'nothing is older than the first');

    // Explicit order=asc is the default.
    const asc = await admin.get<Page>(qs({ order: 'asc', limit: '4' }));
    assert.deepEqual(ids(asc.body.events), ids(all.slice(0, 4)));
    assert.deepEqual(asc.body, (await admin.get<Page>(qs({ limit: '4' }))).body);
  });

  test('after with order=desc, or before without it, is a 400', async () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ order: 'desc', after: '5' }, /after pages oldest first/],
      [{ before: '5' }, /before pages newest first/],
      [{ order: 'asc', before: '5' }, /before pages newest first/],
      [{ order: 'desc', after: '5', before: '9' }, /after/],
      [{ order: 'newest' }, /order/],
      [{ order: 'desc', before: 'abc' }, /before/],
      [{ order: 'desc', before: '-1' }, /before/],
      [{ order: 'desc', before: '9'.repeat(16) }, /before/],
    ];
    for (const [query, message] of cases) {
      const res = await admin.get(qs(query));
      assert.equal(res.status, 400, JSON.stringify(query));
      assert.equal(res.body.error.code, 'invalid_request');
      assert.match(res.body.error.message, message);
      assert.equal(typeof res.body.error.request_id, 'string');
    }
  });
});
