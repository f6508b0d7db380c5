// The policy through the real Gateway with @anthropic-ai/sdk: a secret in a tool result and in the
// system prompt, in the answer streamed (split across two events) and not, for each action.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import Anthropic from '@anthropic-ai/sdk';
import { eachEngine } from '../helpers/engines.ts';
import { MODELS, startGatewayFixture, type GatewayFixture } from '../helpers/gateway.ts';
import { policyDoc, setPolicy } from '../helpers/policy.ts';
import { replyPiecesHeader } from '../mocks/mock-upstream.ts';

const AWS_KEY = 'AKIAQYLPMN5HFIQR7XQZ';
const AWS_RULE = 'aws-access-key';
const REDACTED = '[REDACTED:aws-access-key]';
const PIECES = ['The key is AKIAQYLPMN5H', 'FIQR7XQZ, keep it safe.'];

eachEngine('policy through the Gateway: Anthropic SDK', (engine) => {
  let f: GatewayFixture;
  let client: Anthropic;
  before(async () => {
    f = await startGatewayFixture(engine);
    client = new Anthropic({ apiKey: f.token, baseURL: f.gatewayUrl, maxRetries: 0 });
  });
  after(() => f.close());
  const lastUpstreamBody = () => JSON.stringify(f.upstream.requests.at(-1)!.body);

  test('redact: a secret in a tool result and in the system prompt never reaches the provider', async () => {
    await setPolicy(f.admin, policyDoc('redact'));
    const { data, response } = await client.messages
      .create({
        model: MODELS.anthropic,
        max_tokens: 100,
        system: `Deploy keys: ${AWS_KEY}`,
        messages: [
          { role: 'user', content: 'Read .env' },
          {
            role: 'assistant',
            content: [{ type: 'tool_use', id: 'toolu_1', name: 'read_file', input: { path: '.env' } }],
          },
          {
            role: 'user',
            content: [
              { type: 'tool_result', tool_use_id: 'toolu_1', content: `AWS_ACCESS_KEY_ID=${AWS_KEY}\n` },
            ],
          },
        ],
      })
      .withResponse();
    assert.equal(data.type, 'message');
    const sent = lastUpstreamBody();
    assert.ok(!sent.includes(AWS_KEY), 'the secret reached the provider');
    assert.equal(sent.split(REDACTED).length - 1, 2, 'the system prompt and the tool result both redacted');
    const a = await f.activityOf(response.headers.get('x-gatehouse-request-id'));
    assert.deepEqual(a.signals, [AWS_RULE]);
  });

  test('block: BadRequestError (invalid_request_error) naming the rule; nothing reaches the provider', async () => {
    await setPolicy(f.admin, policyDoc('block'));
    const before = f.upstream.requests.length;
    await assert.rejects(
      client.messages.create({
        model: MODELS.anthropic,
        max_tokens: 100,
        messages: [{ role: 'user', content: `use ${AWS_KEY}` }],
      }),
      (e: unknown) => {
        assert.ok(e instanceof Anthropic.BadRequestError, `expected BadRequestError, got ${String(e)}`);
        assert.match(e.message, new RegExp(`rule ${AWS_RULE}`));
        assert.match(e.message, /invalid_request_error/);
        return true;
      },
    );
    assert.equal(f.upstream.requests.length, before, 'a blocked request reached the provider');
  });

  test('alert: passes unchanged and is recorded', async () => {
    await setPolicy(f.admin, policyDoc('alert'));
    const { response } = await client.messages
      .create({
        model: MODELS.anthropic,
        max_tokens: 100,
        messages: [{ role: 'user', content: `use ${AWS_KEY}` }],
      })
      .withResponse();
    assert.ok(lastUpstreamBody().includes(AWS_KEY), 'alert changed what was sent');
    const a = await f.activityOf(response.headers.get('x-gatehouse-request-id'));
    assert.equal(a.outcome, 'allowed');
    assert.deepEqual(a.signals, [AWS_RULE]);
  });

  test('redact, not streamed: the answer carries the placeholder', async () => {
    await setPolicy(f.admin, policyDoc('redact'));
    const msg = await client.messages.create(
      { model: MODELS.anthropic, max_tokens: 100, messages: [{ role: 'user', content: 'key?' }] },
      { headers: replyPiecesHeader(PIECES) },
    );
    assert.deepEqual(
      msg.content.map((b) => (b.type === 'text' ? b.text : '')),
      [`The key is ${REDACTED}, keep it safe.`],
    );
  });

  test('redact, streamed: a secret split across two text_delta events is replaced; the stream stays valid', async () => {
    await setPolicy(f.admin, policyDoc('redact'));
    const stream = client.messages.stream(
      { model: MODELS.anthropic, max_tokens: 100, messages: [{ role: 'user', content: 'key?' }] },
      { headers: replyPiecesHeader(PIECES) },
    );
    const final = await stream.finalMessage();
    const text = final.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
    assert.equal(text, `The key is ${REDACTED}, keep it safe.`);
    assert.ok((final.usage.output_tokens ?? 0) > 0, 'the stream kept its usage');
  });

  test('block, streamed: the stream ends with an error event the SDK raises', async () => {
    await setPolicy(f.admin, policyDoc('block'));
    const stream = client.messages.stream(
      { model: MODELS.anthropic, max_tokens: 100, messages: [{ role: 'user', content: 'key?' }] },
      { headers: replyPiecesHeader(['All good. ', ...PIECES]) },
    );
    let text = '';
    stream.on('text', (t) => (text += t));
    await assert.rejects(stream.finalMessage(), (e: unknown) => {
      assert.match(String((e as Error).message), new RegExp(`rule ${AWS_RULE}`));
      return true;
    });
    assert.ok(!text.includes('AKIA'), `part of the secret reached the caller: ${text}`);
  });

  test('count_tokens is checked like messages', async () => {
    await setPolicy(f.admin, policyDoc('block'));
    await assert.rejects(
      client.messages.countTokens({
        model: MODELS.anthropic,
        messages: [{ role: 'user', content: AWS_KEY }],
      }),
      (e: unknown) => e instanceof Anthropic.BadRequestError,
    );
  });
});
