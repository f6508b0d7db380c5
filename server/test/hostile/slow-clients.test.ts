// Slow and greedy clients on both listeners: a request that stops after its headers and one body byte,
// one that trickles, headers that never end, floods of connections past the per-address and total
// caps, and a SIGTERM while a slow connection is held. A healthy answer that takes longer than every
// client-side limit (a long Gateway stream, a long silent wait) still completes.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { eachEngine, freshStore, type FreshStore } from '../helpers/engines.ts';
import { startGatewayFixture, MODELS, type GatewayFixture } from '../helpers/gateway.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { runProgram, type Program } from '../helpers/child-process.ts';
import { createCredential, exchangeToken, signIn } from '../helpers/api-client.ts';
import { bodyOf, rawConnect, rawGet, statusOn, type RawConnection } from '../helpers/raw-socket.ts';

// Short limits so that the tests take seconds; the bounds asserted are generous (a busy 2-core machine).
const REQUEST_TIMEOUT_MS = 6000;
const BODY_IDLE_MS = 1500;
const HEADERS_TIMEOUT_MS = 1000;
const LIMIT = { timeout: 60_000 };

/** Polls `probe` until it yields `want` (the server sees a close a moment after the client makes it). */
async function eventually<T>(probe: () => Promise<T>, want: T, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const got = await probe();
    if (got === want || Date.now() > deadline) return got;
    await sleep(50);
  }
}

eachEngine('slow clients', (engine) => {
  describe('time limits on receiving a request', () => {
    let f: GatewayFixture;
    before(async () => {
      f = await startGatewayFixture(engine, {
        server: {
          env: {
            GATEHOUSE_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
            GATEHOUSE_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
            GATEHOUSE_BODY_IDLE_TIMEOUT_MS: String(BODY_IDLE_MS),
          },
        },
      });
    });
    after(() => f?.close());

    /** A POST on each listener that is worth reading the body of. */
    function posts(): Array<{ url: string; head: string }> {
      return [
        {
          url: f.server.consoleUrl,
          head: 'POST /api/v1/session HTTP/1.1\r\nHost: gatehouse\r\nContent-Type: application/json\r\n',
        },
        {
          url: f.gatewayUrl,
          head: `POST /v1/chat/completions HTTP/1.1\r\nHost: gatehouse\r\nAuthorization: Bearer ${f.token}\r\nContent-Type: application/json\r\n`,
        },
      ];
    }

    test(
      'headers and one body byte, then silence: 408 request_timeout once the body has been idle too long, on both listeners',
      LIMIT,
      async () => {
        await Promise.all(
          posts().map(async ({ url, head }) => {
            const c = await rawConnect(url);
            c.write(`${head}Content-Length: 1000\r\n\r\n{`);
            const { afterMs, received } = await c.closed;
            assert.match(received, /^HTTP\/1\.1 408 /, url);
            assert.equal(bodyOf(received).error.code, 'request_timeout');
            assert.ok(afterMs >= BODY_IDLE_MS - 100, `${url}: cut after ${afterMs} ms`);
            // Long before the request timeout: the body's silence ended it.
            assert.ok(afterMs < REQUEST_TIMEOUT_MS - 1000, `${url}: cut after ${afterMs} ms`);
          }),
        );
        // The listeners serve the next request.
        assert.equal(await rawGet(f.server.consoleUrl, '/healthz'), 200);
        assert.equal(await rawGet(f.gatewayUrl, '/healthz'), 200);
      },
    );

    test(
      'a body that trickles (never silent for long) is cut at the request timeout, on both listeners',
      LIMIT,
      async () => {
        await Promise.all(
          posts().map(async ({ url, head }) => {
            const c = await rawConnect(url);
            c.write(`${head}Content-Length: 100000\r\n\r\n`);
            const trickle = setInterval(() => !c.isClosed && c.write(' '), 200);
            try {
              const { afterMs, received } = await c.closed;
              assert.match(received, /^HTTP\/1\.1 408 /, url);
              assert.equal(bodyOf(received).error.code, 'request_timeout');
              assert.ok(afterMs >= REQUEST_TIMEOUT_MS - 100, `${url}: cut after ${afterMs} ms`);
            } finally {
              clearInterval(trickle);
            }
          }),
        );
      },
    );

    test('headers that never end are cut at the headers timeout, on both listeners', LIMIT, async () => {
      await Promise.all(
        [f.server.consoleUrl, f.gatewayUrl].map(async (url) => {
          const c = await rawConnect(url);
          c.write('GET /healthz HTTP/1.1\r\nHost: gatehouse\r\nX-Slow: ');
          const { afterMs, received } = await c.closed;
          assert.match(received, /^HTTP\/1\.1 408 /, url);
          assert.equal(bodyOf(received).error.code, 'request_timeout');
          assert.ok(afterMs < REQUEST_TIMEOUT_MS - 1000, `${url}: cut after ${afterMs} ms`);
        }),
      );
    });

    test(
      'the answer is not timed: a stream longer than the request timeout and a silent wait longer than the body-idle limit both complete',
      LIMIT,
      async () => {
        f.upstream.configure({ slowFirstByteMs: BODY_IDLE_MS * 3 });
        try {
          const chat = (headers: Record<string, string>, stream: boolean) =>
            fetch(`${f.gatewayUrl}/v1/chat/completions`, {
              method: 'POST',
              headers: { authorization: `Bearer ${f.token}`, 'content-type': 'application/json', ...headers },
              body: JSON.stringify({
                model: MODELS.openai,
                stream,
                messages: [{ role: 'user', content: 'hello' }],
              }),
            });
          const started = Date.now();
          const [streamed, silent] = await Promise.all([
            // 13 frames 600 ms apart: 7.2 s, past the 6 s request timeout.
            chat({ 'x-mock-chunks': '13', 'x-mock-chunk-delay-ms': '600' }, true).then(async (r) => ({
              status: r.status,
              text: await r.text(),
              tookMs: Date.now() - started,
            })),
            chat({ 'x-mock-fault': 'slow-first-byte' }, false).then(async (r) => ({
              status: r.status,
              body: (await r.json()) as any,
            })),
          ]);
          assert.equal(streamed.status, 200);
          assert.ok(streamed.tookMs > REQUEST_TIMEOUT_MS, `the stream took ${streamed.tookMs} ms`);
          assert.match(streamed.text, /data: \[DONE\]/);
          assert.equal((streamed.text.match(/^data: \{/gm) ?? []).length >= 13, true);
          assert.equal(silent.status, 200);
          assert.equal(silent.body.object, 'chat.completion');
        } finally {
          f.upstream.configure({ slowFirstByteMs: 1000 });
        }
      },
    );
  });

  describe('connection caps', () => {
    let server: TestServer;
    const held: RawConnection[] = [];
    before(async () => {
      server = await startTestServer(engine, {
        env: {
          GATEHOUSE_MAX_CONNECTIONS: '12',
          GATEHOUSE_MAX_CONNECTIONS_PER_ADDRESS: '4',
          GATEHOUSE_TRUSTED_PROXIES: '127.0.0.3',
        },
      });
    });
    after(async () => {
      await Promise.all(held.map((c) => c.end()));
      await server?.close();
    });

    async function hold(url: string, from: string, n: number): Promise<RawConnection[]> {
      const made: RawConnection[] = [];
      // One after another, so that the server counts them in this order.
      for (let i = 0; i < n; i++) made.push(await rawConnect(url, from));
      held.push(...made);
      return made;
    }

    async function release(cs: RawConnection[]) {
      await Promise.all(cs.map((c) => c.end()));
    }

    for (const listener of ['console', 'gateway'] as const) {
      const url = () => (listener === 'console' ? server.consoleUrl : server.gatewayUrl);

      test(
        `${listener}: past the per-address cap a connection is closed at once; other addresses are served; a closed one frees its place`,
        LIMIT,
        async () => {
          const mine = await hold(url(), '127.0.0.2', 4);
          const refused = await rawConnect(url(), '127.0.0.2');
          const { received } = await refused.closed;
          assert.equal(received, '', 'nothing is read or answered on a refused connection');
          // A flood from the same address is refused as cheaply, and nothing falls over.
          const flood = await Promise.all(
            Array.from({ length: 100 }, () => rawConnect(url(), '127.0.0.2').catch(() => undefined)),
          );
          await Promise.all(flood.map((c) => c?.closed));
          assert.equal(await rawGet(url(), '/healthz', '127.0.0.1'), 200, 'another address is served');
          for (const c of mine) assert.equal(await statusOn(c, '/healthz'), 200, 'the held ones are served');

          await mine[0]!.end();
          assert.equal(
            await eventually(() => rawGet(url(), '/healthz', '127.0.0.2'), 200),
            200,
            'a place freed is taken again',
          );
          await release(mine);
        },
      );

      test(
        `${listener}: past the total cap every new connection is closed; a trusted proxy is held to the total only`,
        LIMIT,
        async () => {
          // 8 from the trusted proxy: beyond the per-address 4, which does not apply to it.
          const proxy = await hold(url(), '127.0.0.3', 8);
          const other = await hold(url(), '127.0.0.2', 4);
          for (const c of [...proxy, ...other]) assert.equal(await statusOn(c, '/healthz'), 200);
          // 12 open: the total.
          const refused = await rawConnect(url(), '127.0.0.4');
          assert.equal((await refused.closed).received, '');
          assert.equal(await rawGet(url(), '/healthz', '127.0.0.1'), 0, 'the total holds for everyone');

          await proxy[0]!.end();
          assert.equal(await eventually(() => rawGet(url(), '/healthz', '127.0.0.4'), 200), 200);
          await release([...proxy, ...other]);
          assert.equal(await eventually(() => rawGet(url(), '/healthz', '127.0.0.1'), 200), 200);
        },
      );
    }
  });

  describe('a graceful stop with a slow connection held', () => {
    const OWNER = { email: 'ops@example.com', password: 'a long operator password' };
    let store: FreshStore;
    const programs: Program[] = [];
    before(async () => {
      store = await freshStore(engine);
    });
    after(async () => {
      await Promise.all(programs.map((p) => p.stop('SIGKILL')));
      await store?.cleanup();
    });

    test(
      'SIGTERM closes what is left at the deadline, exits 0, and the records are flushed',
      LIMIT,
      async (t) => {
        const SHUTDOWN_MS = 2000;
        const env = {
          GATEHOUSE_ADMIN_EMAIL: OWNER.email,
          GATEHOUSE_ADMIN_PASSWORD: OWNER.password,
          GATEHOUSE_SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_MS),
        };
        const first = await runProgram(store, env);
        programs.push(first.program);
        const admin = await signIn(first.consoleUrl, OWNER.email, OWNER.password);
        const cred = await createCredential(admin, { name: 'last-words', scopes: ['audit:read'] });
        await Promise.all(
          Array.from({ length: 5 }, () =>
            exchangeToken(first.consoleUrl, cred.client_id, cred.client_secret),
          ),
        );
        // Held on both listeners: headers and one body byte, then nothing (the default limits are minutes).
        const slow = await Promise.all(
          [first.consoleUrl, first.gatewayUrl].map(async (url) => {
            const c = await rawConnect(url);
            c.write(
              'POST /api/v1/session HTTP/1.1\r\nHost: gatehouse\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
            );
            return c;
          }),
        );
        // A full request answered on each listener after the slow bytes were sent: by then the server has
        // read them (each turn of its event loop reads every socket that has data), so the slow requests
        // are in progress, not idle connections that the stop would close at once.
        assert.equal(await rawGet(first.consoleUrl, '/healthz'), 200);
        assert.equal(await rawGet(first.gatewayUrl, '/healthz'), 200);
        const signalled = Date.now();
        // Without a deadline the stop never ends; stop() kills it with SIGKILL after 30 s.
        const stopped = await first.program.stop('SIGTERM', SHUTDOWN_MS + 28_000);
        const tookMs = Date.now() - signalled;
        t.diagnostic(`SIGTERM to exit: ${tookMs} ms (deadline ${SHUTDOWN_MS} ms)`);
        assert.deepEqual(stopped, { code: 0, signal: null }, first.program.stdout.slice(-2000));
        assert.ok(tookMs < SHUTDOWN_MS + 15_000, `the stop took ${tookMs} ms`);
        for (const c of slow) await c.closed;
        const lines = first.program.logLines();
        assert.ok(lines.some((l) => String(l.msg).includes('deadline reached')));
        assert.equal(lines.at(-1)?.msg, 'stopped');

        const second = await runProgram(store, env);
        programs.push(second.program);
        const again = await signIn(second.consoleUrl, OWNER.email, OWNER.password);
        const res = await again.get<{ events: Array<{ action: string; actor: { id: string } }> }>(
          '/api/v1/audit/events?limit=1000',
        );
        assert.equal(res.status, 200);
        const issued = res.body.events.filter(
          (e) => e.action === 'credential.token_issued' && e.actor.id === cred.id,
        );
        assert.equal(issued.length, 5, 'the token exchanges made before SIGTERM are in the audit log');
        assert.deepEqual(await second.program.stop(), { code: 0, signal: null });
      },
    );
  });
});
