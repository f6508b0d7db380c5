// The slopsquat detector's other duties through the real Gateway: prose that recommends a package is a
// signal and a finding, never a block and never held; a registry that does not answer holds a tool
// call no longer than the deadline, then lets it go with a signal; alert records without stopping, off
// asks nothing, monitor only records, and an allowlisted name is never looked up.
import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import Anthropic from '@anthropic-ai/sdk';
import { eachEngine } from '../helpers/engines.ts';
import { MODELS } from '../helpers/gateway.ts';
import { replyPiecesHeader, toolCallHeader } from '../mocks/mock-upstream.ts';
import { startSlopsquatFixture, type SlopsquatFixture } from './gateway-fixture.ts';

const PROSE = [
  'You can add rate limiting with a small package:\n\n```bash\npip install fastapi-',
  'ratelimiter-pro\n```\n\nThen wrap your routes with its decorator.',
];
const bash = (command: string) => ({ name: 'Bash', arguments: { command } });
const params = {
  model: MODELS.anthropic,
  max_tokens: 200,
  messages: [{ role: 'user' as const, content: 'How do I rate-limit FastAPI?' }],
};

eachEngine('slopsquat: prose, deadlines and actions through the Gateway', (engine) => {
  let f: SlopsquatFixture;
  let client: Anthropic;
  let n = 0;
  /** A name no registry has, new to each test (the lookups cache what they learn). */
  const invented = () => `ai-made-up-package-${engine}-${++n}`;
  before(async () => {
    f = await startSlopsquatFixture(engine);
    client = new Anthropic({ apiKey: f.gateway.token, baseURL: f.gateway.gatewayUrl, maxRetries: 0 });
  });
  after(() => f?.close());
  beforeEach(async () => {
    f.registries.configure('all', {});
    await f.policy();
  });

  test('prose, JSON: the answer is untouched; the recommended package is a finding and a signal', async () => {
    const { data, response } = await client.messages
      .create(params, { headers: replyPiecesHeader(PROSE) })
      .withResponse();
    assert.deepEqual(
      data.content.map((b) => (b.type === 'text' ? b.text : '')),
      [PROSE.join('')],
    );
    const a = await f.gateway.activityOf(response.headers.get('x-gatehouse-request-id'));
    assert.equal(a.outcome, 'allowed');
    assert.deepEqual(a.signals, ['slopsquat:missing']);
    const finding = await f.finding('slopsquat:missing', 'fastapi-ratelimiter-pro');
    assert.deepEqual(
      [finding.evidence.ecosystem, finding.evidence.source, finding.evidence.action, finding.evidence.where],
      ['pypi', 'command', 'alerted', 'response'],
    );
  });

  test('prose, streamed: every piece arrives as sent, the name cut across two events is still read', async () => {
    const name = invented();
    const fence = '```';
    const pieces = [
      `Install it:\n\n${fence}sh\nnpm install ${name.slice(0, 8)}`,
      `${name.slice(8)}\n${fence}\n\nDone.`,
    ];
    const stream = client.messages.stream(params, { headers: replyPiecesHeader(pieces) });
    const seen: string[] = [];
    stream.on('text', (t) => seen.push(t));
    const final = await stream.finalMessage();
    assert.deepEqual(seen, pieces);
    assert.equal(final.stop_reason, 'end_turn');
    const finding = await f.finding('slopsquat:missing', name);
    assert.equal(finding.evidence.action, 'alerted');
  });

  test('a registry that never answers holds the tool call no longer than the deadline; it then goes on', async () => {
    await f.policy({ deadline_ms: 300 });
    f.registries.configure('npm', { hang: true });
    const name = invented();
    const started = Date.now();
    const stream = client.messages.stream(params, { headers: toolCallHeader(bash(`npm i ${name}`)) });
    const final = await stream.finalMessage();
    const took = Date.now() - started;
    assert.equal(final.stop_reason, 'tool_use');
    assert.ok(took >= 250, `the call was not held for its lookup (${took} ms)`);
    assert.ok(took < 5_000, `the call was held for ${took} ms, past its 300 ms deadline`);
    const { response } = await stream.withResponse();
    const a = await f.gateway.activityOf(response.headers.get('x-gatehouse-request-id'));
    assert.equal(a.outcome, 'allowed');
    assert.deepEqual(a.signals, ['slopsquat:unreachable']);
  });

  test('streamed prose is never held for a lookup, even one that never answers', async () => {
    // With the deadline far off, a held stream would take seconds; the text goes on as it comes.
    await f.policy({ deadline_ms: 8_000 });
    f.registries.configure('npm', { hang: true });
    const fence = '```';
    const pieces = ['Run:\n\n', `${fence}sh\nnpm install ${invented()}\n${fence}\n`, '\nThat is all.'];
    const started = Date.now();
    const final = await client.messages.stream(params, { headers: replyPiecesHeader(pieces) }).finalMessage();
    const took = Date.now() - started;
    assert.equal(final.content.map((b) => (b.type === 'text' ? b.text : '')).join(''), pieces.join(''));
    assert.ok(took < 4_000, `the prose waited ${took} ms for its lookup`);
  });

  test('three names, cold: looked up side by side, the call held about one lookup, not three', async () => {
    await f.policy({ deadline_ms: 5_000 });
    f.registries.configure('all', { delayMs: 600 });
    const names = [invented(), invented(), invented()];
    const started = Date.now();
    await assert.rejects(
      client.messages.create(params, { headers: toolCallHeader(bash(`npm i ${names.join(' ')}`)) }),
      (e: unknown) => e instanceof Anthropic.BadRequestError && /and 2 more suspect packages/.test(e.message),
    );
    const took = Date.now() - started;
    assert.ok(took >= 550, `held ${took} ms: the lookups were not made`);
    assert.ok(took < 1_700, `held ${took} ms: the three lookups ran one after another`);
  });

  test('an answer naming thousands of packages is answered; at most 64 of them are looked up', async () => {
    const fence = '```';
    const lines = Array.from({ length: 3_000 }, (_, i) => `npm install flood-${engine}-${i}`).join('\n');
    const huge = JSON.stringify(`Install all of these:\n\n${fence}bash\n${lines}\n${fence}\n`).slice(1, -1);
    f.gateway.upstream.configure({ rewrite: (wire) => wire.replace('Mock reply part 1. ', huge) });
    const before = f.registries.requests.length;
    try {
      const { data, response } = await client.messages.create(params).withResponse();
      assert.ok(data.content[0]?.type === 'text' && data.content[0].text.includes('flood-'), 'the answer');
      const a = await f.gateway.activityOf(response.headers.get('x-gatehouse-request-id'));
      assert.deepEqual([a.outcome, a.signals], ['allowed', ['slopsquat:missing']]);
    } finally {
      f.gateway.upstream.configure({ rewrite: undefined });
    }
    const asked = f.registries.requests.length - before;
    assert.ok(asked > 0 && asked <= 64, `${asked} lookups`);
  });

  test('a registry that answers 429 is unreachable too: a signal, never a block', async () => {
    // PyPI's: the lookups then leave it alone for its Retry-After, and the next tests ask npm.
    f.registries.configure('pypi', { rateLimit: { retryAfter: '1' } });
    const { data, response } = await client.messages
      .create(params, { headers: toolCallHeader(bash(`pip install ${invented()}`)) })
      .withResponse();
    assert.equal(data.stop_reason, 'tool_use');
    const a = await f.gateway.activityOf(response.headers.get('x-gatehouse-request-id'));
    assert.deepEqual([a.outcome, a.signals], ['allowed', ['slopsquat:unreachable']]);
  });

  test('alert: the tool call goes on, unheld; what it would install is recorded', async () => {
    await f.policy({ action: 'alert' });
    const name = invented();
    const msg = await client.messages.create(params, { headers: toolCallHeader(bash(`yarn add ${name}`)) });
    assert.equal(msg.stop_reason, 'tool_use');
    const finding = await f.finding('slopsquat:missing', name);
    assert.equal(finding.evidence.action, 'alerted');
  });

  test('monitor: recorded, never blocked', async () => {
    await f.policy();
    const doc = (await f.gateway.admin.get<Record<string, unknown>>('/api/v1/policy')).body;
    const res = await f.gateway.admin.request(
      'PUT',
      '/api/v1/policy',
      { ...doc, enforcement: 'monitor' },
      {
        'if-match': '*',
      },
    );
    assert.equal(res.status, 200);
    const name = invented();
    const msg = await client.messages.create(params, { headers: toolCallHeader(bash(`npm i ${name}`)) });
    assert.equal(msg.stop_reason, 'tool_use');
    assert.equal((await f.finding('slopsquat:missing', name)).evidence.action, 'alerted');
  });

  test('off: nothing is looked up; an allowlisted name is never looked up either', async () => {
    await f.policy({ action: 'off' });
    const before = f.registries.requests.length;
    const msg = await client.messages.create(params, {
      headers: toolCallHeader(bash(`npm i ${invented()}`)),
    });
    assert.equal(msg.stop_reason, 'tool_use');
    await f.policy({ allowlist: [{ pattern: '^@acme/' }, { value: 'acme-internal-sdk' }] });
    const ours = await client.messages.create(params, {
      headers: toolCallHeader(bash('npm i @acme/billing acme-internal-sdk')),
    });
    assert.equal(ours.stop_reason, 'tool_use');
    assert.equal(f.registries.requests.length, before, 'a registry was asked');
  });
});
