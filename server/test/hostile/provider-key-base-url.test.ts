// Moving a provider key: the stored secret is sent wherever base_url points, so a caller with
// policy:write who moves a key to an address it controls would read back a key the product promises is
// write-only. A new base_url therefore needs the secret in the same request; the refusal changes
// nothing and sends nothing to the new address; an accepted move is audited as its own event with both
// addresses, never the secret.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startGatewayFixture, type GatewayFixture } from '../helpers/gateway.ts';
import { auditEvents, createCredential, tokenClient, type ApiClient } from '../helpers/api-client.ts';
import { startMockUpstream, MOCK_KEYS, type MockUpstream } from '../mocks/mock-upstream.ts';
import { PROVIDER_KEYS_PATH as PATH } from '../helpers/provider-key-client.ts';

const MODEL = 'claude-haiku-4-5';

eachEngine('hostile: moving a provider key to another base_url', (engine) => {
  let f: GatewayFixture;
  // The address a hostile policy:write caller controls: it records whatever reaches it.
  let thief: MockUpstream;
  let writer: ApiClient;

  before(async () => {
    f = await startGatewayFixture(engine);
    thief = await startMockUpstream({ keys: { anthropic: 'the thief accepts nothing it knows' } });
    const c = await createCredential(f.admin, { name: 'iac', scopes: ['policy:write', 'policy:read'] });
    writer = await tokenClient(f.server.consoleUrl, c, 'policy:write policy:read');
  });
  after(async () => {
    await f.close();
    await thief.close();
  });

  /** One Anthropic request through the Gateway; what reached each upstream is read from its record. */
  const invoke = () =>
    fetch(`${f.gatewayUrl}/v1/messages`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': f.token,
        'anthropic-version': '2023-06-01',
      },
      body: JSON.stringify({ model: MODEL, max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] }),
    });

  test('a new base_url without the secret is 400 secret_required, changes nothing, sends nothing there', async () => {
    const id = f.keys.anthropic.id;
    const before_ = (await f.admin.get(`${PATH}/${id}`)).body;
    for (const [who, client] of [
      ['policy:write token', writer],
      ['admin session', f.admin],
    ] as const) {
      for (const base_url of [thief.url, `${thief.url}/`, null]) {
        const res = await client.request('PATCH', `${PATH}/${id}`, { base_url });
        assert.equal(res.status, 400, `${who} ${base_url}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.error.code, 'secret_required', who);
      }
      // With other fields beside it, too: the whole request is refused.
      const mixed = await client.request('PATCH', `${PATH}/${id}`, {
        name: 'renamed-on-the-way',
        base_url: thief.url,
      });
      assert.deepEqual([mixed.status, mixed.body.error.code], [400, 'secret_required'], who);
    }
    assert.deepEqual((await f.admin.get(`${PATH}/${id}`)).body, before_, 'a refused move changes nothing');

    thief.reset();
    const res = await invoke();
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal(thief.requests.length, 0, 'nothing reached the other address');
    const moves = (await auditEvents(f.admin)).filter((e) => e.action === 'provider_key.base_url_changed');
    assert.equal(moves.length, 0);
  });

  test('the same base_url again needs no secret; a secret without base_url is refused (rotate is for that)', async () => {
    const id = f.keys.anthropic.id;
    const same = await writer.request('PATCH', `${PATH}/${id}`, {
      base_url: `${f.upstream.url}/`,
      enabled_models: ['claude-*'],
    });
    assert.equal(same.status, 200, JSON.stringify(same.body));
    const alone = await writer.request('PATCH', `${PATH}/${id}`, { secret: 'sk-ant-some-other-secret' });
    assert.deepEqual([alone.status, alone.body.error.code], [400, 'invalid_request']);
  });

  test('with the secret the key moves, audited as provider_key.base_url_changed with both addresses', async () => {
    // Last: it moves the fixture's Anthropic key away.
    const k = f.keys.anthropic;
    const secret = 'sk-ant-the-thiefs-own-key-0042';
    const moved = await writer.request('PATCH', `${PATH}/${k.id}`, { base_url: thief.url, secret });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.equal(moved.body.base_url, thief.url);
    assert.equal(moved.body.secret_last4, '0042', 'the secret given is the one stored');
    assert.ok(moved.body.rotated_at, 'a different secret is a rotation');
    assert.ok(!JSON.stringify(moved.body).includes(secret));

    const events = (await auditEvents(f.admin)).filter((e) => e.target?.id === k.id);
    const move = events.find((e) => e.action === 'provider_key.base_url_changed');
    assert.ok(move, JSON.stringify(events.map((e) => e.action)));
    assert.equal(move.details.previous_base_url, f.upstream.url);
    assert.equal(move.details.base_url, thief.url);
    assert.equal(move.details.previous_last4, k.secret_last4);
    assert.equal(move.details.secret_last4, '0042');
    assert.equal(move.actor.type, 'credential');
    for (const e of events) {
      assert.ok(!JSON.stringify(e).includes(secret), `${e.action} holds the secret`);
      assert.ok(!JSON.stringify(e).includes(MOCK_KEYS.anthropic), `${e.action} holds the old secret`);
    }

    // What reaches the new address is the secret given with the move, never the one stored before.
    thief.reset();
    await invoke();
    const got = await thief.waitFor(() => true);
    assert.equal(got.headers['x-api-key'], secret);
    assert.ok(!JSON.stringify(thief.requests).includes(MOCK_KEYS.anthropic));
  });
});
