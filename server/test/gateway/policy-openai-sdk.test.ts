// The policy through the real Gateway with the openai SDK (and AzureOpenAI): a secret in what the
// caller sends and in what the provider answers, streamed and not, for each action; the SDK keeps
// working with what it gets, and the activity and the risk findings say what happened.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import OpenAI, { AzureOpenAI } from 'openai';
import { eachEngine } from '../helpers/engines.ts';
import { MODELS, startGatewayFixture, type GatewayFixture } from '../helpers/gateway.ts';
import { findingsFor, policyDoc, setPolicy } from '../helpers/policy.ts';
import { replyPiecesHeader } from '../mocks/mock-upstream.ts';

/** An AWS access key id of the right shape, not a documented example. */
const AWS_KEY = 'AKIAQYLPMN5HFIQR7XQZ';
const AWS_RULE = 'aws-access-key';
const REDACTED = '[REDACTED:aws-access-key]';
const FALCON = {
  id: 'falcon',
  keywords: ['Project Falcon'],
  action: 'block' as const,
  severity: 'high' as const,
};

eachEngine('policy through the Gateway: openai SDK', (engine) => {
  let f: GatewayFixture;
  let client: OpenAI;
  before(async () => {
    f = await startGatewayFixture(engine);
    client = new OpenAI({ apiKey: f.token, baseURL: `${f.gatewayUrl}/v1`, maxRetries: 0 });
  });
  after(() => f.close());

  const ask = (content: string, headers: Record<string, string> = {}) =>
    client.chat.completions
      .create({ model: MODELS.openai, messages: [{ role: 'user', content }] }, { headers })
      .withResponse();
  const lastUpstreamBody = () => JSON.stringify(f.upstream.requests.at(-1)!.body);

  describe('what the caller sends', () => {
    test('redact: the secret never reaches the provider; the request still works', async () => {
      await setPolicy(f.admin, policyDoc('redact'));
      const { data, response } = await ask(`deploy with ${AWS_KEY} please`);
      assert.match(data.choices[0]!.message.content ?? '', /Mock reply/);
      const sent = f.upstream.requests.at(-1)!.body as { messages: { content: string }[] };
      assert.equal(sent.messages[0]!.content, `deploy with ${REDACTED} please`);
      const a = await f.activityOf(response.headers.get('x-gatehouse-request-id'));
      assert.equal(a.outcome, 'redacted', 'a request answered with its prompt redacted is recorded redacted');
      assert.deepEqual(a.signals, [AWS_RULE]);
      assert.deepEqual(a.signal_actions, { [AWS_RULE]: 'redact' });
      const listed = await f.admin.get('/api/v1/activity?outcome=redacted&limit=1000');
      assert.equal(listed.status, 200);
      assert.ok(
        (listed.body.activity as Array<{ id: string }>).some((r) => r.id === a.id),
        'outcome=redacted lists it',
      );
    });

    test('block: a 400 BadRequestError naming the rule, not retried; nothing reaches the provider', async () => {
      await setPolicy(f.admin, policyDoc('block'));
      const before = f.upstream.requests.length;
      const err = await ask(`my key ${AWS_KEY}`).then(
        () => assert.fail('the request was not blocked'),
        (e: unknown) => e,
      );
      assert.ok(err instanceof OpenAI.BadRequestError, `expected BadRequestError, got ${String(err)}`);
      assert.match(err.message, new RegExp(`rule ${AWS_RULE}`));
      assert.match(err.message, /messages\[0\]\.content/);
      assert.equal(err.headers?.get('x-should-retry'), 'false');
      assert.equal(f.upstream.requests.length, before, 'a blocked request reached the provider');
      const a = await f.activityOf(err.headers?.get('x-gatehouse-request-id'));
      assert.equal(a.outcome, 'blocked');
      assert.equal(a.status, 400);
      assert.deepEqual(a.signals, [AWS_RULE]);
      assert.deepEqual(a.signal_actions, { [AWS_RULE]: 'block' });
    });

    test('alert: the request passes unchanged, with a signal and a risk finding that holds no secret', async () => {
      await setPolicy(f.admin, policyDoc('alert'));
      const { response } = await ask(`alert on ${AWS_KEY}`);
      assert.ok(lastUpstreamBody().includes(AWS_KEY), 'alert changed what was sent');
      const a = await f.activityOf(response.headers.get('x-gatehouse-request-id'));
      assert.equal(a.outcome, 'allowed');
      assert.deepEqual(a.signals, [AWS_RULE]);
      assert.deepEqual(a.signal_actions, { [AWS_RULE]: 'alert' });
      const [finding] = await findingsFor(f.admin, AWS_RULE);
      assert.ok(finding, 'no risk finding');
      assert.ok(!JSON.stringify(finding).includes(AWS_KEY), 'the finding holds the secret');
    });

    test('a secret in tool-call arguments and in a tool result is found too', async () => {
      await setPolicy(f.admin, policyDoc('redact'));
      await client.chat.completions.create({
        model: MODELS.openai,
        messages: [
          { role: 'user', content: 'read the env file' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'call_1',
                type: 'function',
                function: { name: 'write_file', arguments: JSON.stringify({ text: `KEY=${AWS_KEY}` }) },
              },
            ],
          },
          { role: 'tool', tool_call_id: 'call_1', content: `AWS_ACCESS_KEY_ID=${AWS_KEY}\n` },
        ],
      });
      const sent = lastUpstreamBody();
      assert.ok(!sent.includes(AWS_KEY), 'the secret reached the provider');
      assert.equal(sent.split(REDACTED).length - 1, 2, 'both places redacted');
    });

    test('monitor: nothing is blocked or changed, and what would have been is recorded', async () => {
      await setPolicy(f.admin, policyDoc('block', { enforcement: 'monitor', custom: [FALCON] }));
      const { response } = await ask(`Project Falcon uses ${AWS_KEY}`);
      assert.ok(lastUpstreamBody().includes(AWS_KEY), 'monitor changed what was sent');
      const a = await f.activityOf(response.headers.get('x-gatehouse-request-id'));
      assert.equal(a.outcome, 'allowed');
      assert.deepEqual([...a.signals].sort(), [AWS_RULE, 'custom:falcon'].sort());
      assert.deepEqual(
        a.signal_actions,
        { [AWS_RULE]: 'alert', 'custom:falcon': 'alert' },
        'monitor only alerts',
      );
    });

    test('a custom keyword rule blocks with its own action', async () => {
      await setPolicy(f.admin, policyDoc('off', { custom: [FALCON] }));
      await assert.rejects(ask('status of project falcon?'), (e: unknown) => {
        assert.ok(e instanceof OpenAI.BadRequestError, `expected BadRequestError, got ${String(e)}`);
        assert.match(e.message, /rule custom:falcon/);
        return true;
      });
    });
  });

  describe('what the provider answers', () => {
    const pieces = ['Your key is AKIAQYLPMN5H', 'FIQR7XQZ and nothing else.'];

    test('redact, not streamed: the answer reaches the SDK with the placeholder', async () => {
      await setPolicy(f.admin, policyDoc('redact'));
      const { data, response } = await ask('what is my key?', replyPiecesHeader(pieces));
      assert.equal(data.choices[0]!.message.content, `Your key is ${REDACTED} and nothing else.`);
      const a = await f.activityOf(response.headers.get('x-gatehouse-request-id'));
      assert.equal(a.outcome, 'redacted', 'an answer redacted is recorded redacted');
      assert.deepEqual(a.signals, [AWS_RULE]);
      assert.deepEqual(a.signal_actions, { [AWS_RULE]: 'redact' });
      assert.ok((a.output_tokens ?? 0) > 0, 'usage still read from a redacted answer');
    });

    test('redact, streamed: a secret split across two chunks is replaced before any of it is sent', async () => {
      await setPolicy(f.admin, policyDoc('redact'));
      const stream = await client.chat.completions.create(
        { model: MODELS.openai, messages: [{ role: 'user', content: 'key?' }], stream: true },
        { headers: replyPiecesHeader(pieces) },
      );
      let text = '';
      for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
      assert.equal(text, `Your key is ${REDACTED} and nothing else.`);
    });

    test('block, streamed: the stream ends with an APIError carrying the rule', async () => {
      await setPolicy(f.admin, policyDoc('block'));
      const { data: stream, response } = await client.chat.completions
        .create(
          { model: MODELS.openai, messages: [{ role: 'user', content: 'key?' }], stream: true },
          { headers: replyPiecesHeader(['Fine. ', ...pieces]) },
        )
        .withResponse();
      let text = '';
      const err = await (async () => {
        for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
      })().then(
        () => assert.fail('the stream was not stopped'),
        (e: unknown) => e,
      );
      assert.ok(err instanceof OpenAI.APIError, `expected APIError, got ${String(err)}`);
      assert.match(err.message, new RegExp(`rule ${AWS_RULE}`));
      assert.ok(!text.includes('AKIA'), `part of the secret reached the caller: ${text}`);
      const a = await f.activityOf(response.headers.get('x-gatehouse-request-id'));
      assert.equal(a.outcome, 'blocked');
      assert.equal(a.error_code, 'policy_blocked');
      assert.deepEqual(a.signals, [AWS_RULE]);
      assert.deepEqual(a.signal_actions, { [AWS_RULE]: 'block' });
    });

    test('block, not streamed: a 400 in OpenAI’s shape instead of the answer', async () => {
      await setPolicy(f.admin, policyDoc('block'));
      await assert.rejects(ask('key?', replyPiecesHeader(pieces)), (e: unknown) => {
        assert.ok(e instanceof OpenAI.BadRequestError, `expected BadRequestError, got ${String(e)}`);
        assert.match(e.message, /stopped the provider's answer/);
        return true;
      });
    });
  });

  test('AzureOpenAI: a streamed answer is redacted the same way', async () => {
    await setPolicy(f.admin, policyDoc('redact'));
    const azure = new AzureOpenAI({
      apiKey: f.token,
      endpoint: `${f.gatewayUrl}/azure`,
      apiVersion: '2024-10-21',
      deployment: MODELS.azure,
      maxRetries: 0,
    });
    const stream = await azure.chat.completions.create(
      { model: MODELS.azure, messages: [{ role: 'user', content: `key ${AWS_KEY}?` }], stream: true },
      { headers: replyPiecesHeader(['Here: AKIAQYLP', 'MN5HFIQR7XQZ.']) },
    );
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    assert.equal(text, `Here: ${REDACTED}.`);
    assert.ok(!lastUpstreamBody().includes(AWS_KEY), 'the secret in the request reached the provider');
  });
});
