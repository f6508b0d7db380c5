// The real program as an operator runs it (`node --import tsx server/src/main.ts` in a child process):
// what it prints at start, the one-time setup link, a graceful SIGTERM that finishes in-flight requests
// and flushes pending records, and logs that never hold a secret.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import pg from 'pg';
import { eachEngine, freshStore, type Engine, type FreshStore } from './helpers/engines.ts';
import { runProgram, type Program, type Run } from './helpers/child-process.ts';
import { ApiClient, createCredential, exchangeToken, signIn } from './helpers/api-client.ts';

const OWNER = { email: 'ops@example.com', password: 'a long operator password' };

eachEngine('operations', (engine: Engine) => {
  const stores: FreshStore[] = [];
  const programs: Program[] = [];
  after(async () => {
    await Promise.all(programs.map((p) => p.stop('SIGKILL')));
    for (const s of stores) await s.cleanup();
  });

  async function store() {
    const s = await freshStore(engine);
    stores.push(s);
    return s;
  }

  async function run(s: FreshStore, env: Record<string, string> = {}): Promise<Run> {
    const started = await runProgram(s, env);
    programs.push(started.program);
    return started;
  }

  const withOwner = { GATEHOUSE_ADMIN_EMAIL: OWNER.email, GATEHOUSE_ADMIN_PASSWORD: OWNER.password };

  test('at start it says where the console and the Gateway listen and which store it uses; /healthz answers', async () => {
    const s = await store();
    const { program, consoleUrl, gatewayUrl } = await run(s, withOwner);
    const line = program
      .logLines()
      .find((l) => typeof l.msg === 'string' && l.msg.startsWith('Gatehouse is running'));
    assert.ok(line, 'the start-up line is a JSON log line');
    assert.equal(line.console, consoleUrl);
    assert.equal(line.gateway, gatewayUrl);
    assert.ok(line.msg.includes(consoleUrl) && line.msg.includes(gatewayUrl));
    if (engine === 'sqlite') assert.equal(line.store, `SQLite at ${s.dataDir}/gatehouse.db`);
    else assert.match(line.store, /^PostgreSQL at 127\.0\.0\.1:5432\/\w+$/);
    assert.ok(line.msg.includes(line.store));

    // Then, for a person, plain lines on the terminal (stderr), none of them in the JSON log.
    await program.waitFor('stderr', /Logs: /);
    const banner = program.stderr;
    assert.match(banner, new RegExp(`Console: +${consoleUrl}/console\\n`));
    assert.match(banner, new RegExp(`Gateway: +${gatewayUrl}\\n`));
    assert.ok(banner.includes(`Store:   ${line.store}\n`), banner);
    assert.match(banner, /Logs: +JSON lines on standard output, level info/);
    assert.doesNotMatch(banner, /Set up|setup#token/, 'an owner exists: no setup link');
    for (const l of program.logLines()) assert.ok(!('raw' in l), `stdout holds only JSON: ${l.raw}`);

    const health = await fetch(`${gatewayUrl}/healthz`);
    assert.equal(health.status, 200);
    assert.deepEqual(await health.json(), { status: 'ok' });
    assert.equal((await signIn(consoleUrl, OWNER.email, OWNER.password)).baseUrl, consoleUrl);

    if (engine === 'postgres') {
      // The search_path given in the URL took effect: the owner lives in this run's own schema.
      const c = new pg.Client({ connectionString: s.databaseUrl });
      await c.connect();
      try {
        const { rows } = await c.query(`SELECT email FROM ${s.pgSchema}.admins`);
        assert.deepEqual(rows, [{ email: OWNER.email }]);
      } finally {
        await c.end();
      }
    }
    assert.deepEqual(await program.stop(), { code: 0, signal: null });
  });

  test('with no admin, the one-time setup link goes to the terminal (stderr), never to the JSON log', async () => {
    const s = await store();
    const { program, consoleUrl } = await run(s);
    const [link, token] = await program.waitFor(
      'stderr',
      /http:\S+\/console\/setup#token=(ghsu_[A-Za-z0-9_-]{43})/,
    );
    assert.ok(link.startsWith(`${consoleUrl}/console/setup#token=`));
    assert.match(
      program.stderr,
      /Set up: +http:\S+\/console\/setup#token=/,
      'the link is a line of the banner',
    );
    assert.match(program.stderr, /No admin exists yet: open the "Set up" link within 24 hours/);
    const setup = await new ApiClient(consoleUrl).post('/api/v1/setup', {
      token,
      email: OWNER.email,
      password: OWNER.password,
    });
    assert.equal(setup.status, 201, 'the printed link sets up the owner');
    assert.deepEqual(await program.stop(), { code: 0, signal: null });
    assert.ok(!program.stdout.includes(token!), 'the setup token is not in the log');
    assert.doesNotMatch(program.stdout, /ghsu_/);
    for (const l of program.logLines())
      assert.ok(!('raw' in l), `stdout holds only JSON log lines: ${l.raw}`);
  });

  test('SIGTERM finishes in-flight requests, exits 0 and flushes every pending record', async () => {
    const s = await store();
    const first = await run(s, withOwner);
    const admin = await signIn(first.consoleUrl, OWNER.email, OWNER.password);
    const cred = await createCredential(admin, { name: 'last-words', scopes: ['audit:read'] });
    // Token exchanges just before the signal: their audit events wait in the batching writer.
    await Promise.all(
      Array.from({ length: 5 }, () => exchangeToken(first.consoleUrl, cred.client_id, cred.client_secret)),
    );
    // Sign-ins are slow (scrypt, four at a time on libuv's pool): when the first is answered, the
    // server has read them all, and most are still in flight.
    const signIns = Array.from({ length: 16 }, () =>
      fetch(`${first.consoleUrl}/api/v1/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(OWNER),
      }),
    );
    await Promise.race(signIns);
    const stopped = first.program.stop('SIGTERM');
    const responses = await Promise.all(signIns);
    assert.deepEqual(
      responses.map((r) => r.status),
      Array(16).fill(200),
      'in-flight requests complete',
    );
    const requestIds = responses.map((r) => r.headers.get('x-request-id')!);
    assert.deepEqual(await stopped, { code: 0, signal: null });
    const lines = first.program.logLines();
    const stopping = lines.findIndex((l) => String(l.msg).startsWith('stopping'));
    assert.ok(stopping > 0);
    const answeredAfter = lines
      .slice(stopping)
      .filter((l) => l.msg === 'request' && l.path === '/api/v1/session');
    assert.ok(answeredAfter.length > 0, 'some sign-ins were still in flight when SIGTERM came');
    assert.equal(lines.at(-1)?.msg, 'stopped');
    assert.ok(!first.program.stdout.includes('could not flush'));

    // Started again on the same store, the records written at the last moment are there.
    const second = await run(s, withOwner);
    const again = await signIn(second.consoleUrl, OWNER.email, OWNER.password);
    const res = await again.get('/api/v1/audit/events?limit=1000');
    assert.equal(res.status, 200);
    const events = res.body.events as Array<{
      action: string;
      actor: { id: string };
      request_id: string | null;
      outcome: string;
    }>;
    const issued = events.filter((e) => e.action === 'credential.token_issued' && e.actor.id === cred.id);
    assert.equal(issued.length, 5, 'the token exchanges made just before SIGTERM are in the audit log');
    for (const id of requestIds) {
      const e = events.find((x) => x.request_id === id);
      assert.ok(e, `the sign-in ${id}, in flight at SIGTERM, is in the audit log`);
      assert.equal(e.action, 'session.sign_in');
      assert.equal(e.outcome, 'success');
    }
    assert.deepEqual(await second.program.stop(), { code: 0, signal: null });
  });

  test('logs never hold a secret, even at debug level; every request line carries its reqId', async () => {
    const s = await store();
    const { program, consoleUrl, gatewayUrl } = await run(s, { ...withOwner, GATEHOUSE_LOG_LEVEL: 'debug' });
    const secrets: string[] = [OWNER.password];

    const signInRes = await fetch(`${consoleUrl}/api/v1/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(OWNER),
    });
    assert.equal(signInRes.status, 200);
    const { csrf_token } = (await signInRes.json()) as { csrf_token: string };
    const cookie = signInRes.headers.getSetCookie()[0]!.split(';')[0]!;
    secrets.push(cookie.split('=')[1]!, csrf_token);
    const admin = new ApiClient(consoleUrl, { cookie, 'x-csrf-token': csrf_token });

    const cred = await createCredential(admin, { name: 'leak-check', scopes: ['audit:read'] });
    secrets.push(cred.client_secret);
    const viaBody = await exchangeToken(consoleUrl, cred.client_id, cred.client_secret, {
      method: 'client_secret_post',
    });
    const viaBasic = await exchangeToken(consoleUrl, cred.client_id, cred.client_secret, {
      method: 'client_secret_basic',
    });
    secrets.push(viaBody.access_token, viaBasic.access_token);
    const token = viaBody.access_token;

    const wrongPassword = 'this is not the password';
    const wrongSecret = `${cred.client_secret.slice(0, -4)}AAAA`;
    secrets.push(wrongPassword, wrongSecret);
    const machine = new ApiClient(consoleUrl, { authorization: `Bearer ${token}` });
    const calls: Array<[Promise<{ status: number }>, number]> = [
      [machine.get('/api/v1/audit/events?limit=5'), 200],
      [
        new ApiClient(consoleUrl, { authorization: `Bearer ${viaBasic.access_token}` }).get(
          '/api/v1/audit/events',
        ),
        200,
      ],
      [machine.get(`/api/v1/audit/events?key=${token}`), 400],
      [new ApiClient(consoleUrl).get(`/api/v1/audit/events?access_token=${token}`), 401],
      [new ApiClient(consoleUrl, { authorization: `Bearer ${token}x` }).get('/api/v1/audit/events'), 401],
      [
        new ApiClient(consoleUrl).post('/api/v1/session', { email: OWNER.email, password: wrongPassword }),
        401,
      ],
      [
        new ApiClient(consoleUrl).post(
          '/api/oauth/token',
          `grant_type=client_credentials&client_id=${cred.client_id}&client_secret=${wrongSecret}`,
          { 'content-type': 'application/x-www-form-urlencoded' },
        ),
        401,
      ],
      [
        new ApiClient(gatewayUrl).get(`/healthz?key=${token}`, {
          'x-api-key': token,
          'x-goog-api-key': token,
        }),
        200,
      ],
      // A token without gateway:invoke is refused by the Gateway wherever it sits, and logged nowhere.
      [new ApiClient(gatewayUrl).get(`/v1/models?key=${token}`, { authorization: `Bearer ${token}` }), 403],
      [
        new ApiClient(gatewayUrl).post(
          `/gemini/v1beta/models/gemini-2.5-flash:generateContent?key=${token}`,
          {
            contents: [],
          },
        ),
        403,
      ],
    ];
    for (const [call, status] of calls) assert.equal((await call).status, status);
    assert.equal((await admin.delete('/api/v1/session')).status, 204);
    assert.deepEqual(await program.stop(), { code: 0, signal: null });

    const output = program.stdout + program.stderr;
    for (const secret of secrets)
      assert.ok(!output.includes(secret), `a secret (${secret.slice(0, 5)}…) reached the output`);
    assert.doesNotMatch(
      output,
      /gh(cs|at|ss|su)_[A-Za-z0-9_-]{16,}/,
      'nothing shaped like a Gatehouse secret reaches the output',
    );

    const lines = program.logLines();
    for (const l of lines) assert.ok(!('raw' in l), `stdout holds only JSON log lines: ${l.raw}`);
    const requestLines = lines.filter((l) => l.msg === 'request');
    assert.ok(
      requestLines.length >= calls.length + 4,
      `one access line per request (${requestLines.length})`,
    );
    for (const l of requestLines) {
      assert.match(String(l.reqId), /^req_[0-9a-f]{8}[0-9a-z]+$/, JSON.stringify(l));
      assert.ok(!String(l.path).includes('?'), 'the access line drops the query string');
    }
    // Lines written while serving a request carry its id too.
    for (const l of lines.filter((x) => x.req || x.res || x.method)) assert.ok(l.reqId, JSON.stringify(l));
  });
});
