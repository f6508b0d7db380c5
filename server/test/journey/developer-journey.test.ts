// The whole developer journey (issue 6), with the real endpoint client against the real server: an admin
// invites a developer, who accepts in the browser; the real `gatehouse-client login` signs the machine in
// through the device flow, approved on the console's page in Chromium; the official Anthropic and OpenAI
// SDKs reach the mock providers through the Gateway with the device token in the path (the base URL
// `gatehouse-client env` prints) and in a header, attributed to the developer and the device; with the
// tool in subscription mode the provider sees the tool's own key and never the device token; then the
// developer is offboarded, and the very next request is refused (the in-process bound) and `status` says so.
// The steps run in order and share one server, one browser page and one machine.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, test } from 'node:test';
import Anthropic, { AuthenticationError } from '@anthropic-ai/sdk';
import OpenAI, { AuthenticationError as OpenAIAuthenticationError } from 'openai';
import { newMachine, runCli, startCli, type Machine } from '../../../client/test/helpers/cli.ts';
import { anthropicLookups, tagged } from '../helpers/anthropic-sdk.ts';
import { assertNoPageScroll, consoleSuite } from '../helpers/console-page.ts';
import { MODELS, startGatewayFixture, type ActivityView, type GatewayFixture } from '../helpers/gateway.ts';
import { PASSWORD } from '../helpers/people.ts';
import { policyDoc, setPolicy } from '../helpers/policy.ts';
import { MOCK_KEYS, type RecordedRequest } from '../mocks/mock-upstream.ts';
import { eachEngineWithBrowser } from '../helpers/browser.ts';

const EMAIL = 'ada@example.com';
const NAME = 'Ada Lovelace';
const DEVICE = 'ada-laptop';
/** The developer's own Anthropic key, which the tool sends in subscription mode. */
const OWN_KEY = 'sk-ant-api03-ada-own-subscription-key';
const messages = [{ role: 'user' as const, content: 'Say hello' }];
/** Where a provider credential may sit; the Gateway passes these on in subscription mode. */
const CREDENTIAL_HEADERS = ['authorization', 'x-api-key'];
const ask = { model: 'claude-haiku-4-5', max_tokens: 32, messages };

/** What `eval "$(gatehouse-client env …)"` leaves in a POSIX shell: the values of `names`. */
function evaluated(lines: string, names: string[]): Record<string, string | undefined> {
  const script = `${lines}\n${names.map((n) => `printf '%s\\n' "\${${n}-<unset>}"`).join('\n')}`;
  const values = execFileSync('sh', ['-c', script], { encoding: 'utf8', env: {} }).trimEnd().split('\n');
  return Object.fromEntries(names.map((n, i) => [n, values[i] === '<unset>' ? undefined : values[i]]));
}

eachEngineWithBrowser('the developer journey', (engine) => {
  let f: GatewayFixture;
  const c = consoleSuite(async () => (f = await startGatewayFixture(engine)), 800);
  const { upstreamFor, reachedUpstream } = anthropicLookups(() => f);
  let machine: Machine;
  let developerId: string;
  /** The device signed in in step 2, as the client stored it. */
  let session: { access_token: string; device_id: string; gateway_url: string };
  /** The base URLs `env` printed in provider-key mode. */
  const base = { anthropic: '', openai: '' };

  before(() => {
    machine = newMachine();
  });
  after(() => machine.cleanup());

  /** The device token never reached the provider, in any form. */
  function assertNoDeviceToken(up: RecordedRequest) {
    const seen = JSON.stringify({ path: up.path, query: up.query, headers: up.headers, body: up.body });
    assert.ok(!seen.includes(session.access_token), `the device token went upstream: ${seen}`);
    assert.ok(!seen.includes('ghdt_'), `a device token went upstream: ${seen}`);
  }

  /** The record names the developer and the device, in the expected mode. */
  function assertAttributed(a: ActivityView, mode: 'provider_key' | 'subscription', tool: string) {
    assert.deepEqual(
      { actor: a.actor, device: a.device, mode: a.mode, tool: a.tool, outcome: a.outcome },
      {
        actor: { type: 'developer', id: developerId, name: EMAIL },
        device: { id: session.device_id, name: DEVICE },
        mode,
        tool,
        outcome: 'allowed',
      },
    );
  }

  test('1. an admin invites a developer, who accepts the invitation in the browser', async () => {
    const invited = await f.admin.post('/api/v1/developers', { email: EMAIL });
    assert.equal(invited.status, 201, JSON.stringify(invited.body));
    developerId = invited.body.developer.id;

    const { page } = c;
    await page.goto(invited.body.invitation_url);
    await page.getByRole('heading', { name: 'Join Gatehouse as a developer' }).waitFor();
    await page.getByLabel('Your name').fill(NAME);
    await page.getByLabel(/^Password \(at least/).fill(PASSWORD);
    await page.getByLabel('Password, again').fill(PASSWORD);
    await page.getByRole('button', { name: 'Accept the invitation' }).click();
    await page.getByRole('heading', { name: 'Your account is ready' }).waitFor();
    assert.equal(
      await page.getByLabel('Command', { exact: true }).inputValue(),
      `gatehouse-client login --console ${f.server.consoleUrl}`,
      'the page tells the developer how to sign a machine in',
    );
    const listed = await f.admin.get(`/api/v1/developers?email=${EMAIL}`);
    assert.deepEqual(
      listed.body.developers.map((d: any) => [d.id, d.name, d.status]),
      [[developerId, NAME, 'active']],
    );
    assert.deepEqual(c.problems, []);
  });

  test('2. the real client signs the machine in; the developer approves the code in the browser', async () => {
    const run = startCli(machine, [
      'login',
      '--console',
      f.server.consoleUrl,
      '--no-browser',
      '--device-name',
      DEVICE,
    ]);
    const [, userCode] = await run.waitFor(
      'stdout',
      /approve the code ([B-DF-HJ-NP-TV-Z]{4}-[B-DF-HJ-NP-TV-Z]{4})/,
    );
    const [, link] = await run.waitFor('stdout', /^ {2}(http\S+)$/m);
    assert.equal(
      link,
      `${f.server.consoleUrl}/console/device?user_code=${userCode}`,
      'the client prints the approval link with the code in it',
    );

    const { page } = c;
    await page.goto(link!);
    await page.getByRole('heading', { name: 'Sign in a device' }).waitFor();
    await page.getByLabel('E-mail address').fill(EMAIL);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Approve a device' }).waitFor();
    assert.equal(
      await page.getByLabel(/^Code shown in your terminal/).inputValue(),
      userCode,
      'the link fills the code in',
    );
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('table', { name: 'The device asking' }).getByText(DEVICE).waitFor();
    await assertNoPageScroll(page);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('heading', { name: 'Device approved' }).waitFor();

    const res = await run.done();
    assert.equal(res.code, 0, `login: ${res.stdout}\n${res.stderr}`);
    session = machine.state().session;
    assert.match(session.access_token, /^ghdt_/, 'the client stored a device token');
    assert.match(
      res.stdout,
      new RegExp(`Signed in to \\S+ as ${EMAIL} \\(device ${session.device_id}, "${DEVICE}"\\)`),
    );
    assert.equal(session.gateway_url, f.gatewayUrl, 'the client learnt the Gateway from the console');
    const devices = await f.admin.get(`/api/v1/devices?developer_id=${developerId}`);
    assert.deepEqual(
      devices.body.devices.map((d: any) => [d.id, d.name, d.status]),
      [[session.device_id, DEVICE, 'active']],
    );
    assert.deepEqual(c.problems, []);
  });

  test('3. the official SDKs through the Gateway, token in the path and in a header, attributed', async () => {
    const anthropicEnv = await runCli(machine, ['env', 'anthropic-sdk', '--shell', 'sh']);
    assert.equal(anthropicEnv.code, 0, anthropicEnv.stderr);
    const a = evaluated(anthropicEnv.stdout, ['ANTHROPIC_BASE_URL', 'ANTHROPIC_API_KEY']);
    assert.equal(a.ANTHROPIC_BASE_URL, `${f.gatewayUrl}/d/${session.access_token}`);
    assert.equal(a.ANTHROPIC_API_KEY, session.access_token, 'provider-key mode: the key is the token too');
    const openaiEnv = await runCli(machine, ['env', 'openai-sdk', '--shell', 'sh']);
    assert.equal(openaiEnv.code, 0, openaiEnv.stderr);
    const o = evaluated(openaiEnv.stdout, ['OPENAI_BASE_URL', 'OPENAI_API_KEY']);
    assert.equal(o.OPENAI_BASE_URL, `${f.gatewayUrl}/d/${session.access_token}/v1`);
    assert.equal(o.OPENAI_API_KEY, session.access_token, 'provider-key mode: the key is the token too');
    base.anthropic = a.ANTHROPIC_BASE_URL!;
    base.openai = o.OPENAI_BASE_URL!;

    const requestIds: string[] = [];
    const sent = [
      // The token in the path (and, as `env` sets it, in the key too).
      {
        tool: 'anthropic-sdk',
        key: MOCK_KEYS.anthropic,
        client: new Anthropic({ apiKey: a.ANTHROPIC_API_KEY, baseURL: base.anthropic, maxRetries: 0 }),
      },
      {
        tool: 'openai-sdk',
        key: MOCK_KEYS.openai,
        client: new OpenAI({ apiKey: o.OPENAI_API_KEY, baseURL: base.openai, maxRetries: 0 }),
      },
      // The token in a header only (each SDK's own credential header), the plain Gateway base URL.
      {
        tool: 'anthropic-sdk',
        key: MOCK_KEYS.anthropic,
        client: new Anthropic({ apiKey: session.access_token, baseURL: f.gatewayUrl, maxRetries: 0 }),
      },
      {
        tool: 'openai-sdk',
        key: MOCK_KEYS.openai,
        client: new OpenAI({ apiKey: session.access_token, baseURL: `${f.gatewayUrl}/v1`, maxRetries: 0 }),
      },
    ];
    for (const { tool, key, client } of sent) {
      const { tag, options } = tagged();
      const response =
        client instanceof Anthropic
          ? (await client.messages.create(ask, options).withResponse()).response
          : (await client.chat.completions.create({ model: MODELS.openai, messages }, options).withResponse())
              .response;
      const up = await upstreamFor(tag);
      assert.ok(
        JSON.stringify(up.headers).includes(key),
        `${tool}: the organisation's provider key went upstream`,
      );
      assertNoDeviceToken(up);
      const requestId = response.headers.get('x-gatehouse-request-id');
      assertAttributed(await f.activityOf(requestId), 'provider_key', tool);
      requestIds.push(requestId!);
    }
    const byDevice = await f.activity(4, `device_id=${session.device_id}`);
    assert.deepEqual(
      byDevice.map((r) => r.request_id).sort(),
      [...requestIds].sort(),
      "the device's activity is exactly these requests",
    );
    const byDeveloper = await f.activity(4, `actor_id=${developerId}`);
    assert.equal(byDeveloper.length, 4, "the developer's activity holds the four requests");
  });

  test("4. subscription mode: the tool's own key goes upstream, the device token never", async () => {
    await setPolicy(f.admin, policyDoc('redact', { tools: [{ id: 'anthropic-sdk', mode: 'subscription' }] }));
    // The provider now expects the developer's own key, as a subscription's would be.
    f.upstream.configure({ keys: { anthropic: OWN_KEY } });

    const subEnv = await runCli(machine, ['env', 'anthropic-sdk', '--subscription', '--shell', 'sh']);
    assert.equal(subEnv.code, 0, subEnv.stderr);
    const env = evaluated(subEnv.stdout, ['ANTHROPIC_BASE_URL', 'ANTHROPIC_API_KEY']);
    assert.deepEqual(
      env,
      { ANTHROPIC_BASE_URL: base.anthropic, ANTHROPIC_API_KEY: undefined },
      '--subscription sets only the base URL',
    );

    // What the SDK itself sent as its credential, to compare with what reached the provider.
    const sent: Record<string, string | null> = {};
    const watching: typeof fetch = (url, init) => {
      const headers = new Headers(init?.headers);
      for (const name of CREDENTIAL_HEADERS) sent[name] = headers.get(name);
      return fetch(url, init);
    };
    const { tag, options } = tagged();
    const client = new Anthropic({
      apiKey: OWN_KEY,
      baseURL: env.ANTHROPIC_BASE_URL!,
      maxRetries: 0,
      fetch: watching,
    });
    const { data, response } = await client.messages.create(ask, options).withResponse();
    assert.equal(data.type, 'message');
    assert.ok(
      Object.values(sent).some((v) => v?.includes(OWN_KEY)),
      `the SDK sent its own key: ${JSON.stringify(sent)}`,
    );
    const up = await upstreamFor(tag);
    assert.deepEqual(
      Object.fromEntries(CREDENTIAL_HEADERS.map((name) => [name, up.headers[name] ?? null])),
      sent,
      "the tool's own credential went upstream unchanged",
    );
    assert.ok(
      !JSON.stringify(up.headers).includes(MOCK_KEYS.anthropic),
      "the organisation's key stays home in subscription mode",
    );
    assertNoDeviceToken(up);
    const a = await f.activityOf(response.headers.get('x-gatehouse-request-id'));
    assertAttributed(a, 'subscription', 'anthropic-sdk');
    assert.equal(a.provider_key_id, null, 'no provider key was chosen');
    assert.ok(
      f.upstream.requests.every((r) => !JSON.stringify(r).includes(session.access_token)),
      'no request the provider ever saw held the device token',
    );
  });

  test('5. offboarded: the very next request is refused with 401, and the client says so', async () => {
    const off = await f.admin.post(`/api/v1/developers/${developerId}/offboard`, { confirm: EMAIL });
    assert.equal(off.status, 200, JSON.stringify(off.body));

    // The same token in the path (the tool in subscription mode) and in a header (provider-key mode).
    const { tag, options } = tagged();
    const own = new Anthropic({ apiKey: OWN_KEY, baseURL: base.anthropic, maxRetries: 0 });
    const err = await own.messages.create(ask, options).then(
      () => assert.fail('expected a 401 after offboarding'),
      (e: unknown) => e,
    );
    assert.ok(err instanceof AuthenticationError, `expected AuthenticationError, got ${String(err)}`);
    assert.match(err.message, /ada@example\.com was offboarded/);
    assert.match(err.message, /gatehouse-client login/);
    assert.ok(!reachedUpstream(tag), 'the refused request did not reach the provider');
    const refusal = await f.activityOf(err.headers?.get('x-gatehouse-request-id'));
    assert.deepEqual(
      {
        actor: refusal.actor?.id,
        device: refusal.device?.id,
        status: refusal.status,
        code: refusal.error_code,
      },
      { actor: developerId, device: session.device_id, status: 401, code: 'developer_offboarded' },
    );

    const header = new OpenAI({ apiKey: session.access_token, baseURL: `${f.gatewayUrl}/v1`, maxRetries: 0 });
    const err2 = await header.chat.completions.create({ model: MODELS.openai, messages }).then(
      () => assert.fail('expected a 401 after offboarding'),
      (e: unknown) => e,
    );
    assert.ok(
      err2 instanceof OpenAIAuthenticationError,
      `expected OpenAI's AuthenticationError, got ${String(err2)}`,
    );

    const status = await runCli(machine, ['status']);
    assert.equal(status.code, 3, `status: ${status.stdout}\n${status.stderr}`);
    assert.match(status.stdout, /session +refused by the Gateway: .*offboarded/i);
    assert.match(status.stderr, /Run `gatehouse-client login` to sign this machine in again/);

    // Offboarding also ended the developer's console session in this browser.
    await c.page.goto(`${f.server.consoleUrl}/console/device`);
    await c.page.getByRole('heading', { name: 'Sign in a device' }).waitFor();
    assert.deepEqual(c.problems, []);
  });
});
