// The token endpoint (RFC 6749 §4.4) as OAuth clients see it: the exchange through a real client library
// with both client authentication methods, every §5.2 error (by hand where the library would not send
// the request), the per-client slow-down, IP rules at the exchange, and the audit trail.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import {
  ApiClient,
  OAuthFailure,
  auditEvents,
  createCredential,
  exchangeToken,
  signIn,
  waitForAudit,
  type ClientAuthMethod,
  type CreatedCredential,
} from '../helpers/api-client.ts';

const METHODS: ClientAuthMethod[] = ['client_secret_basic', 'client_secret_post'];
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const form = (params: Record<string, string>) => new URLSearchParams(params).toString();
/** The body of a client_secret_post exchange. */
const inBody = (c: { client_id: string; client_secret: string }) => ({
  grant_type: 'client_credentials',
  client_id: c.client_id,
  client_secret: c.client_secret,
});

/** Asserts that `promise` is a refusal from the token endpoint with this status and RFC 6749 error. */
async function refused(promise: Promise<unknown>, status: number, error: string): Promise<OAuthFailure> {
  const err = await promise.then(
    () => assert.fail(`expected ${status} ${error}, got a token`),
    (e: unknown) => e,
  );
  assert.ok(err instanceof OAuthFailure, `not an OAuth refusal: ${String(err)}`);
  assert.equal(err.error, error, err.message);
  assert.equal(err.status, status, err.message);
  return err;
}

eachEngine('token endpoint', (engine) => {
  let server: TestServer;
  let admin: ApiClient;
  // Every secret and token this suite handles, to prove that none of them reaches the audit log.
  const secrets = new Set<string>();

  async function credential(body: Record<string, unknown>): Promise<CreatedCredential> {
    const c = await createCredential(admin, body);
    secrets.add(c.client_secret);
    return c;
  }
  async function token(
    c: { client_id: string; client_secret: string },
    options: Parameters<typeof exchangeToken>[3] = {},
  ) {
    const t = await exchangeToken(server.consoleUrl, c.client_id, c.client_secret, options);
    secrets.add(t.access_token);
    return t;
  }
  const raw = (body: string, headers: Record<string, string> = FORM) =>
    new ApiClient(server.consoleUrl).request('POST', '/api/oauth/token', body, headers);
  const bearer = (accessToken: string, url = server.consoleUrl) =>
    new ApiClient(url, { authorization: `Bearer ${accessToken}` });

  before(async () => {
    server = await startTestServer(engine);
    admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
  });
  after(() => server.close());

  for (const method of METHODS) {
    test(`${method}: a Bearer token valid one hour, carrying the credential's scopes`, async () => {
      const c = await credential({ name: `exchange-${method}`, scopes: ['audit:read', 'risk:read'] });
      const t = await token(c, { method });
      assert.match(t.access_token, /^ghat_/);
      assert.equal(t.token_type, 'bearer'); // oauth4webapi lower-cases it
      assert.equal(t.expires_in, 3600);
      assert.deepEqual(t.scope?.split(' ').sort(), ['audit:read', 'risk:read']);
      assert.equal((await bearer(t.access_token).get('/api/v1/audit/events?limit=1')).status, 200);
    });
  }

  test('the raw response: token_type "Bearer", Cache-Control: no-store, for both authentication methods', async () => {
    const c = await credential({ name: 'raw-response', scopes: ['audit:read'] });
    const viaBasic = await raw(form({ grant_type: 'client_credentials' }), {
      ...FORM,
      authorization: basic(c.client_id, c.client_secret),
    });
    const viaBody = await raw(form(inBody(c)));
    for (const res of [viaBasic, viaBody]) {
      assert.equal(res.status, 200);
      secrets.add(res.body.access_token);
      assert.deepEqual(Object.keys(res.body).sort(), ['access_token', 'expires_in', 'scope', 'token_type']);
      assert.match(res.body.access_token, /^ghat_/);
      assert.equal(res.body.token_type, 'Bearer');
      assert.equal(res.body.expires_in, 3600);
      assert.equal(res.body.scope, 'audit:read');
      assert.equal(res.headers.get('cache-control'), 'no-store');
    }
  });

  test('scope narrows the token; a call outside it is 403 insufficient_scope', async () => {
    const c = await credential({ name: 'narrowed', scopes: ['audit:read', 'risk:read'] });
    const narrow = await token(c, { scope: 'risk:read', method: 'client_secret_post' });
    assert.equal(narrow.scope, 'risk:read');
    const res = await bearer(narrow.access_token).get('/api/v1/audit/events');
    assert.equal(res.status, 403);
    assert.equal(res.body.error.code, 'insufficient_scope');
    assert.match(
      res.headers.get('www-authenticate')!,
      /^Bearer .*error="insufficient_scope".*scope="audit:read"/,
    );

    const wide = await token(c, { scope: 'audit:read' });
    assert.equal(wide.scope, 'audit:read');
    assert.equal((await bearer(wide.access_token).get('/api/v1/audit/events')).status, 200);
  });

  test('invalid_request: not form-encoded, grant_type missing, a repeated parameter, two ways to authenticate', async () => {
    const c = await credential({ name: 'bad-requests', scopes: ['audit:read'] });
    const good = inBody(c);
    const cases: Array<[string, Promise<{ status: number; body: any; headers: Headers }>]> = [
      ['JSON body', raw(JSON.stringify(good), { 'content-type': 'application/json' })],
      ['no content type', raw(form(good), {})],
      ['grant_type missing', raw(form({ client_id: c.client_id, client_secret: c.client_secret }))],
      ['grant_type empty', raw(form({ ...good, grant_type: '' }))],
      ['scope repeated', raw(`${form(good)}&scope=audit:read&scope=audit:read`)],
      ['grant_type repeated', raw(`${form(good)}&grant_type=client_credentials`)],
      [
        'Basic and body at once',
        raw(form(good), { ...FORM, authorization: basic(c.client_id, c.client_secret) }),
      ],
    ];
    for (const [what, pending] of cases) {
      const res = await pending;
      assert.equal(res.status, 400, what);
      assert.equal(res.body.error, 'invalid_request', what);
      assert.equal(typeof res.body.error_description, 'string', what);
      assert.equal(res.headers.get('cache-control'), 'no-store', what);
    }
  });

  test('a 1 MB field is refused with a 4xx, never a 500', async () => {
    const c = await credential({ name: 'huge-field', scopes: ['audit:read'] });
    for (const field of ['scope', 'client_secret', 'grant_type']) {
      const res = await raw(form({ ...inBody(c), [field]: 'x'.repeat(1 << 20) }));
      assert.ok(res.status >= 400 && res.status < 500, `${field}: ${res.status}`);
      assert.equal(res.body.error, 'invalid_request', field);
    }
    // Node refuses a header this large before Gatehouse sees it (431).
    const huge = await raw(form({ grant_type: 'client_credentials' }), {
      ...FORM,
      authorization: basic(c.client_id, 'x'.repeat(1 << 20)),
    });
    assert.ok(huge.status >= 400 && huge.status < 500, `Basic header of 1 MB: ${huge.status}`);
  });

  for (const method of METHODS) {
    test(`${method}: invalid_client for an unknown client, a wrong secret, a revoked or an expired credential`, async () => {
      const c = await credential({ name: `refused-${method}`, scopes: ['audit:read'] });
      const issued = await token(c, { method });
      // RFC 6749 §5.2: a client that tried HTTP Basic is answered with a Basic challenge.
      const invalidClient = async (client: { client_id: string; client_secret: string }) => {
        const e = await refused(token(client, { method }), 401, 'invalid_client');
        if (method === 'client_secret_basic')
          assert.match(e.headers.get('www-authenticate') ?? '', /^Basic /);
      };
      await invalidClient({ client_id: 'ghci_nosuchclient', client_secret: c.client_secret });
      const wrong = `ghcs_${'A'.repeat(43)}`;
      secrets.add(wrong);
      await invalidClient({ ...c, client_secret: wrong });

      const { store, changes } = server.gatehouse.services;
      const expired = store.db.updateTable('api_credentials').set({ expires_at: Date.now() - 1000 });
      await expired.where('id', '=', c.id).execute();
      await changes.publish('credential', c.id);
      await invalidClient(c);
      const used = await bearer(issued.access_token).get('/api/v1/audit/events');
      assert.equal(used.status, 401, 'a token of an expired credential is refused');
      assert.equal(used.body.error.code, 'invalid_token');

      const r = await credential({ name: `revoked-${method}`, scopes: ['audit:read'] });
      assert.equal((await admin.post(`/api/v1/credentials/${r.id}/revoke`, { confirm: r.name })).status, 200);
      await invalidClient(r);
    });
  }

  test('a malformed Authorization header is invalid_client with a Basic challenge', async () => {
    const malformed = ['Bearer abc', 'Basic', `Basic ${Buffer.from('no-colon').toString('base64')}`];
    for (const authorization of malformed) {
      const res = await raw(form({ grant_type: 'client_credentials' }), { ...FORM, authorization });
      assert.equal(res.status, 401, authorization);
      assert.equal(res.body.error, 'invalid_client', authorization);
      assert.match(res.headers.get('www-authenticate') ?? '', /^Basic /, authorization);
    }
  });

  test("unsupported_grant_type for any grant but client_credentials and the endpoint client's", async () => {
    const c = await credential({ name: 'grant-types', scopes: ['audit:read'] });
    for (const grant_type of ['password', 'authorization_code', 'CLIENT_CREDENTIALS']) {
      const res = await raw(form({ ...inBody(c), grant_type }));
      assert.equal(res.status, 400, grant_type);
      assert.equal(res.body.error, 'unsupported_grant_type', grant_type);
    }
    // Refresh tokens are the endpoint client's (device sign-in); a machine credential has none.
    const res = await raw(form({ ...inBody(c), grant_type: 'refresh_token', refresh_token: 'ghdr_x' }));
    assert.equal(res.status, 401);
    assert.equal(res.body.error, 'invalid_client');
  });

  test('invalid_scope for an unknown scope and for a scope the credential lacks', async () => {
    const c = await credential({ name: 'scoped', scopes: ['audit:read'] });
    await refused(token(c, { scope: 'audit:write' }), 400, 'invalid_scope');
    await refused(
      token(c, { scope: 'audit:read policy:write', method: 'client_secret_post' }),
      400,
      'invalid_scope',
    );
    await refused(token(c, { scope: 'policy:read' }), 400, 'invalid_scope');
  });

  test('failed attempts are slowed down per client id: 429 with Retry-After; other clients are still served', async () => {
    const c = await credential({ name: 'guessed', scopes: ['audit:read'] });
    const other = await credential({ name: 'bystander', scopes: ['audit:read'] });
    const wrong = { client_id: c.client_id, client_secret: `ghcs_${'B'.repeat(43)}` };
    secrets.add(wrong.client_secret);
    for (let i = 1; i <= 10; i++) await refused(token(wrong), 401, 'invalid_client');
    // The eleventh failure is answered, and locks the client id.
    await refused(token(wrong, { method: 'client_secret_post' }), 401, 'invalid_client');
    const limited = await refused(token(wrong), 429, 'temporarily_unavailable');
    assert.match(limited.headers.get('retry-after') ?? '', /^[1-9][0-9]*$/, 'Retry-After in seconds');
    // While locked, not even the right secret is tried.
    await refused(token(c, { method: 'client_secret_post' }), 429, 'temporarily_unavailable');
    assert.match((await token(other)).access_token, /^ghat_/);
  });

  test('every token issued and refused is in the audit log, attributed to its credential', async () => {
    const c = await credential({ name: 'audited', scopes: ['audit:read'] });
    await token(c);
    await token(c, { method: 'client_secret_post', scope: 'audit:read' });
    await refused(token({ ...c, client_secret: `ghcs_${'C'.repeat(43)}` }), 401, 'invalid_client');
    await refused(token(c, { scope: 'risk:read' }), 400, 'invalid_scope');
    const unknownId = 'ghci_audittrailunknown';
    await refused(token({ client_id: unknownId, client_secret: c.client_secret }), 401, 'invalid_client');
    await admin.post(`/api/v1/credentials/${c.id}/revoke`, { confirm: c.name });
    await refused(token(c), 401, 'invalid_client');

    const events = (action: string, n: number) =>
      waitForAudit(admin, { action, actor_id: c.id }, (e) => e.length >= n);
    const issued = await events('credential.token_issued', 2);
    assert.equal(issued.length, 2);
    for (const e of issued) {
      assert.deepEqual(
        [e.actor.type, e.actor.id, e.target?.id, e.outcome],
        ['credential', c.id, c.id, 'success'],
      );
      assert.deepEqual(e.details.scopes, ['audit:read']);
      assert.equal(e.ip, '127.0.0.1');
    }
    const refusals = await events('credential.token_refused', 3);
    assert.deepEqual(
      refusals.map((e) => e.details.reason),
      ['wrong_secret', 'invalid_scope', 'revoked'],
    );
    assert.ok(refusals.every((e) => e.outcome === 'failure' && e.target?.id === c.id));
    const anonymous = await waitForAudit(admin, { action: 'credential.token_refused' }, (e) =>
      e.some((x) => x.details.client_id === unknownId),
    );
    const unknown = anonymous.find((x) => x.details.client_id === unknownId)!;
    assert.deepEqual(
      [unknown.actor.type, unknown.outcome, unknown.details.reason],
      ['anonymous', 'failure', 'unknown'],
    );
  });

  describe('IP rules at the exchange, behind a trusted proxy', () => {
    let proxied: TestServer;
    let proxiedAdmin: ApiClient;
    before(async () => {
      proxied = await startTestServer(engine, { env: { GATEHOUSE_TRUSTED_PROXIES: '127.0.0.1' } });
      proxiedAdmin = await signIn(proxied.consoleUrl, proxied.owner.email, proxied.owner.password);
    });
    after(() => proxied.close());
    const from = (c: CreatedCredential, ip?: string) =>
      exchangeToken(
        proxied.consoleUrl,
        c.client_id,
        c.client_secret,
        ip ? { headers: { 'x-forwarded-for': ip } } : {},
      );

    test('the allowlist admits X-Forwarded-For inside it and refuses one outside (403 unauthorized_client)', async () => {
      const c = await createCredential(proxiedAdmin, {
        name: 'office-only',
        scopes: ['audit:read'],
        ip_allowlist: ['10.1.0.0/16'],
      });
      secrets.add(c.client_secret);
      const t = await from(c, '10.1.2.3');
      assert.match(t.access_token, /^ghat_/);
      await refused(from(c, '10.9.9.9'), 403, 'unauthorized_client');
      await refused(from(c), 403, 'unauthorized_client');

      const use = (ip: string) =>
        bearer(t.access_token, proxied.consoleUrl).get('/api/v1/audit/events', { 'x-forwarded-for': ip });
      assert.equal((await use('10.1.2.3')).status, 200);
      const elsewhere = await use('10.9.9.9');
      assert.equal(elsewhere.status, 403);
      assert.equal(elsewhere.body.error.code, 'ip_not_allowed');
      const query = { action: 'credential.token_refused', actor_id: c.id };
      const refusals = await waitForAudit(proxiedAdmin, query, (e) => e.length >= 2);
      assert.deepEqual(
        refusals.map((e) => `${e.details.reason} ${e.ip}`),
        ['ip_refused 10.9.9.9', 'ip_refused 127.0.0.1'],
      );
    });

    test('a deny entry wins over an allow entry', async () => {
      const c = await createCredential(proxiedAdmin, {
        name: 'deny-wins',
        scopes: ['audit:read'],
        ip_allowlist: ['10.1.0.0/16'],
        ip_denylist: ['10.1.9.0/24'],
      });
      secrets.add(c.client_secret);
      assert.match((await from(c, '10.1.2.3')).access_token, /^ghat_/);
      await refused(from(c, '10.1.9.9'), 403, 'unauthorized_client');
    });
  });

  test('without trusted proxies, X-Forwarded-For is ignored: the socket address decides', async () => {
    const office = await credential({
      name: 'office-no-proxy',
      scopes: ['audit:read'],
      ip_allowlist: ['10.1.0.0/16'],
    });
    await refused(token(office, { headers: { 'x-forwarded-for': '10.1.2.3' } }), 403, 'unauthorized_client');
    const local = await credential({
      name: 'loopback-only',
      scopes: ['audit:read'],
      ip_allowlist: ['127.0.0.1'],
    });
    assert.match((await token(local, { headers: { 'x-forwarded-for': '10.9.9.9' } })).access_token, /^ghat_/);
  });

  test('no audit event carries a client secret or an access token', async () => {
    // Wait for the batching writer, then read everything the log holds.
    await server.gatehouse.services.audit.drain();
    const body = JSON.stringify(await auditEvents(admin));
    assert.ok(secrets.size > 20, `only ${secrets.size} secrets were seen`);
    for (const s of secrets) assert.ok(!body.includes(s), `the audit log holds ${s.slice(0, 9)}…`);
    assert.ok(!/ghcs_|ghat_/.test(body), 'no secret or token prefix appears in the audit log');
  });
});
