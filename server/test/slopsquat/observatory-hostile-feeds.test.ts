// Subscribed feeds that are not what they claim: huge, deep, wrongly typed, not JSON, endless, looping,
// slow or silent, and one that asks to be left alone (429). Each costs a bounded effort, never throws,
// never crashes the server, and leaves what the feed said last in place. The hostile server is a real
// HTTP server in the test; the slow cases are read with a short deadline.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { Agent } from 'undici';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signIn, type ApiClient } from '../helpers/api-client.ts';
import { readFeed, FEED_LIMITS } from '../../src/slopsquat/observatory/feed-reader.ts';
import { createObservatory } from '../../src/slopsquat/observatory/observatory-service.ts';
import { createLogger } from '../../src/http/logger.ts';
import { settingsOf } from './observatory-helpers.ts';

const good = (names: string[]) =>
  JSON.stringify({
    generated_at: new Date().toISOString(),
    k: 3,
    entries: names.map((name) => ({ ecosystem: 'npm', name, count: 3, developers: 3 })),
    next_cursor: null,
  });

/** Serves whatever `mode` says, on one address. */
async function hostileServer() {
  let mode = 'good';
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const page = Number(url.searchParams.get('cursor') ?? '0');
    switch (mode) {
      case 'good':
        return res
          .writeHead(200, { 'content-type': 'application/json', etag: '"v1"' })
          .end(good(['trusted-name']));
      case 'huge': {
        // Ten megabytes of a valid-looking feed, far past the 4 MB cap.
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"entries":[');
        const chunk = `${JSON.stringify({ ecosystem: 'npm', name: 'x'.repeat(200) })},`.repeat(1000);
        let sent = 0;
        const more = () => {
          while (sent < 10 * 1024 * 1024) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', more);
          }
          res.end('{}]}');
        };
        return more();
      }
      case 'deep':
        return res.writeHead(200).end(`{"entries":[${'['.repeat(100_000)}${']'.repeat(100_000)}]}`);
      case 'types':
        return res.writeHead(200).end(
          JSON.stringify({
            entries: [
              1,
              'npm:x',
              null,
              [],
              { ecosystem: 5, name: 'a' },
              { ecosystem: 'cpan', name: 'a' },
              { ecosystem: 'npm', name: { toString: 'x' } },
              { ecosystem: 'npm', name: '' },
              { ecosystem: 'npm', name: 'bad\u0000name' },
              { ecosystem: 'npm', name: 'y'.repeat(400) },
              { ecosystem: 'npm', name: 'typed-right' },
            ],
            next_cursor: 7,
          }),
        );
      case 'entries-object':
        return res.writeHead(200).end('{"entries":{"ecosystem":"npm","name":"x"}}');
      case 'array':
        return res.writeHead(200).end('[]');
      case 'not-json':
        return res.writeHead(200).end('<html>not a feed</html>');
      case 'endless':
        // Every page names one more and points to the next, for ever.
        return res.writeHead(200).end(
          JSON.stringify({
            entries: [{ ecosystem: 'npm', name: `endless-${page}` }],
            next_cursor: String(page + 1),
          }),
        );
      case 'loop':
        return res
          .writeHead(200)
          .end(JSON.stringify({ entries: [{ ecosystem: 'npm', name: 'loop' }], next_cursor: 'same' }));
      case 'busy':
        return res.writeHead(429, { 'retry-after': '3600' }).end('slow down');
      case 'silent':
        return; // never answers
      case 'trickle': {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"entries":[');
        const t = setInterval(() => res.write(' '), 100);
        res.on('close', () => clearInterval(t));
        return;
      }
    }
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/slopsquat/observatory`;
  return {
    url,
    set: (m: string) => void (mode = m),
    requests: () => server.connections,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

describe('reading a hostile feed (with a short deadline)', () => {
  let feed: Awaited<ReturnType<typeof hostileServer>>;
  const agent = new Agent({ connectTimeout: 1000 });
  before(async () => {
    feed = await hostileServer();
  });
  after(async () => {
    await feed.close();
    await agent.close();
  });
  const read = (limits = {}) =>
    readFeed(feed.url, null, agent, new AbortController().signal, {
      ...FEED_LIMITS,
      deadlineMs: 1000,
      ...limits,
    });

  for (const mode of ['silent', 'trickle']) {
    test(`${mode}: given up at the deadline`, async () => {
      feed.set(mode);
      const started = performance.now();
      const r = await read();
      assert.ok(performance.now() - started < 2500);
      assert.deepEqual(r, { status: 'failed', error: 'the feed did not answer within 1 s' });
    });
  }

  test('endless: stops at the page cap; looping: stops when the cursor repeats', async () => {
    feed.set('endless');
    const r = await read({ maxPages: 5 });
    assert.equal(r.status, 'ok');
    assert.deepEqual(r.status === 'ok' && r.names.map((n) => n.name), [
      'endless-0',
      'endless-1',
      'endless-2',
      'endless-3',
      'endless-4',
    ]);
    const capped = await read({ maxPages: 50, maxNames: 3 });
    assert.equal(capped.status === 'ok' && capped.names.length, 3);
    feed.set('loop');
    const loop = await read();
    assert.deepEqual(loop.status === 'ok' && loop.names, [{ ecosystem: 'npm', name: 'loop' }]);
  });

  test('busy: the Retry-After it sent is heeded', async () => {
    feed.set('busy');
    assert.deepEqual(await read(), {
      status: 'failed',
      error: 'the feed answered HTTP 429',
      retryAfterMs: 3_600_000,
    });
  });
});

eachEngine('hostile subscribed feeds through the server', (engine) => {
  let server: TestServer;
  let admin: ApiClient;
  let feed: Awaited<ReturnType<typeof hostileServer>>;
  before(async () => {
    server = await startTestServer(engine);
    admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    feed = await hostileServer();
    await settingsOf(admin, { subscriptions: [feed.url] });
    const deadline = Date.now() + 5000;
    while (!server.gatehouse.services.observatory.knownElsewhere('npm', 'trusted-name')) {
      if (Date.now() > deadline) throw new Error('the good feed was never read');
      await new Promise((r) => setTimeout(r, 20));
    }
  });
  after(async () => {
    await server.close();
    await feed.close();
  });

  const status = async () => (await admin.get('/api/v1/slopsquat/settings')).body.subscription_status[0];

  for (const [mode, error] of [
    ['huge', /larger than 4 MB/],
    ['deep', /nested deeper/],
    ['entries-object', /no entries array/],
    ['array', /not a JSON object/],
    ['not-json', /not JSON/],
  ] as const) {
    test(`${mode}: refused, and what the feed said last is kept`, async () => {
      feed.set(mode);
      await server.gatehouse.services.observatory.pollSubscriptions();
      const s = await status();
      assert.match(s.last_error, error);
      assert.equal(s.names, 1);
      assert.ok(server.gatehouse.services.observatory.knownElsewhere('npm', 'trusted-name'));
      // The server is none the worse.
      assert.equal((await fetch(`${server.gatewayUrl}/healthz`)).status, 200);
    });
  }

  test('wrong types: entries that are not names are passed over, the rest taken', async () => {
    feed.set('types');
    await server.gatehouse.services.observatory.pollSubscriptions();
    const s = await status();
    assert.deepEqual([s.last_error, s.names], [null, 1]);
    const { observatory } = server.gatehouse.services;
    assert.ok(observatory.knownElsewhere('npm', 'typed-right'));
    assert.equal(observatory.knownElsewhere('npm', 'trusted-name'), false);
  });

  test('a restarted replica knows the names before its first poll (the feed gone silent)', async () => {
    feed.set('silent');
    const { store, changes, audit } = server.gatehouse.services;
    const restarted = createObservatory({
      store,
      changes,
      audit,
      log: createLogger('silent'),
      developerKey: Buffer.alloc(32),
    });
    await restarted.load();
    try {
      assert.ok(restarted.knownElsewhere('npm', 'typed-right'));
    } finally {
      await restarted.close();
    }
  });
});
