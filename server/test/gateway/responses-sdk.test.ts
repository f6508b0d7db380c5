// The OpenAI Responses API and embeddings through the real Gateway with the official openai SDK:
// responses created plain and streamed (text and a function call), their usage and operation in the
// activity, the follow-up calls (retrieve, input_items, cancel, delete) sent to the key that served the
// response, and the policy on every input item and every output, streamed or not.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import OpenAI from 'openai';
import { eachEngine } from '../helpers/engines.ts';
import { MODELS, startGatewayFixture, type GatewayFixture } from '../helpers/gateway.ts';
import { policyDoc, setPolicy } from '../helpers/policy.ts';
import { MOCK_KEYS, replyPiecesHeader, toolCallHeader } from '../mocks/mock-upstream.ts';

const AWS_KEY = 'AKIAQYLPMN5HFIQR7XQZ';
const AWS_RULE = 'aws-access-key';
const REDACTED = '[REDACTED:aws-access-key]';
/** The answer's text with the secret cut across two deltas. */
const PIECES = ['Your key is AKIAQYLPMN5H', 'FIQR7XQZ and nothing else.'];
const TOOLS = [
  {
    type: 'function' as const,
    name: 'run_shell',
    description: 'Runs a command',
    parameters: { type: 'object', properties: { input: { type: 'string' } }, required: ['input'] },
    strict: false,
  },
];

eachEngine('openai SDK through the Gateway: Responses API and embeddings', (engine) => {
  let f: GatewayFixture;
  let client: OpenAI;
  before(async () => {
    f = await startGatewayFixture(engine);
    client = new OpenAI({ apiKey: f.token, baseURL: `${f.gatewayUrl}/v1`, maxRetries: 0 });
  });
  after(() => f.close());
  const requestId = (r: Response) => r.headers.get('x-gatehouse-request-id');
  const lastUpstreamBody = () => JSON.stringify(f.upstream.requests.at(-1)!.body);

  describe('no policy', () => {
    before(() => setPolicy(f.admin, policyDoc('off')));

    test('create, not streamed: the answer, its usage and operation recorded with the key', async () => {
      const { data, response } = await client.responses
        .create({ model: MODELS.openai, instructions: 'Be brief.', input: 'Say hello' })
        .withResponse();
      assert.match(data.output_text, /Mock reply/);
      const rec = f.upstream.requests.at(-1)!;
      assert.equal(rec.path, '/v1/responses');
      assert.equal(rec.headers.authorization, `Bearer ${MOCK_KEYS.openai}`);
      const a = await f.activityOf(requestId(response));
      assert.deepEqual(
        [a.provider, a.operation, a.model, a.provider_key_id, a.outcome, a.stream],
        ['openai', 'responses', MODELS.openai, f.keys.openai.id, 'allowed', false],
      );
      assert.equal(a.input_tokens, data.usage!.input_tokens);
      assert.equal(a.output_tokens, data.usage!.output_tokens);
    });

    test('streamed: the typed events reach the SDK in order; usage from response.completed', async () => {
      const { data: stream, response } = await client.responses
        .create({ model: MODELS.openai, input: [{ role: 'user', content: 'Say hello' }], stream: true })
        .withResponse();
      const types: string[] = [];
      let text = '';
      let usage: OpenAI.Responses.ResponseUsage | undefined;
      for await (const event of stream) {
        types.push(event.type);
        if (event.type === 'response.output_text.delta') text += event.delta;
        if (event.type === 'response.completed') usage = event.response.usage;
      }
      assert.match(text, /^Mock reply part 1\. /);
      assert.deepEqual(types.slice(0, 4), [
        'response.created',
        'response.in_progress',
        'response.output_item.added',
        'response.content_part.added',
      ]);
      assert.equal(types.at(-1), 'response.completed');
      const a = await f.activityOf(requestId(response));
      assert.equal(a.stream, true);
      assert.equal(a.operation, 'responses');
      assert.equal(a.input_tokens, usage!.input_tokens);
      assert.equal(a.output_tokens, usage!.output_tokens);
    });

    test('.stream() helper: a function call and its arguments, as Codex receives them', async () => {
      const runner = client.responses.stream(
        { model: MODELS.openai, input: 'list files', tools: TOOLS },
        { headers: toolCallHeader({ name: 'run_shell', arguments: { input: 'ls -la' } }) },
      );
      let args = '';
      runner.on('response.function_call_arguments.delta', (e) => (args += e.delta));
      const final = await runner.finalResponse();
      const call = final.output.find((o) => o.type === 'function_call');
      assert.ok(call && call.type === 'function_call', 'no function call in the final response');
      assert.equal(call.name, 'run_shell');
      assert.equal(args, call.arguments);
      assert.equal(JSON.parse(call.arguments).input, 'ls -la');
    });

    test('retrieve, input_items, cancel and delete go to the key that served the response', async () => {
      // A second OpenAI key that enables nothing: the follow-ups must not fall back to "the only key".
      await f.addKey({
        name: 'openai spare',
        provider: 'openai',
        secret: 'sk-spare-key-0000',
        enabled_models: ['spare-model'],
      });
      const created = await client.responses.create({
        model: MODELS.openai,
        input: 'Remember me',
        background: true,
      });
      // Cancelled before anyone polls it (a polled background response has finished in the mock).
      const { data: cancelled, response } = await client.responses.cancel(created.id).withResponse();
      assert.equal(cancelled.status, 'cancelled');
      assert.equal(f.upstream.requests.at(-1)!.headers.authorization, `Bearer ${MOCK_KEYS.openai}`);
      const a = await f.activityOf(requestId(response));
      assert.deepEqual(
        [a.operation, a.model, a.provider_key_id, a.status],
        ['responses.cancel', MODELS.openai, f.keys.openai.id, 200],
      );
      const got = await client.responses.retrieve(created.id);
      assert.deepEqual([got.id, got.status], [created.id, 'cancelled']);
      const items = await client.responses.inputItems.list(created.id);
      assert.equal(items.data.length, 1);
      // A body sent with a follow-up is not forwarded: nothing goes upstream that the policy did not read.
      const raw = await fetch(`${f.gatewayUrl}/v1/responses/${created.id}/cancel`, {
        method: 'POST',
        headers: { authorization: `Bearer ${f.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ note: AWS_KEY }),
      });
      assert.equal(raw.status, 200);
      assert.equal(f.upstream.requests.at(-1)!.bodySize, 0);
      await client.responses.delete(created.id);
      await assert.rejects(client.responses.retrieve(created.id), (e: unknown) => {
        assert.ok(e instanceof OpenAI.NotFoundError, `expected NotFoundError, got ${String(e)}`);
        return true;
      });
    });

    test('a response id this Gateway never served, with several keys: a 404 that says why', async () => {
      const { error, response } = await client.responses
        .retrieve('resp_unknown')
        .withResponse()
        .then(
          () => assert.fail('expected a 404'),
          (e: InstanceType<typeof OpenAI.APIError>) => ({ error: e, response: e }),
        );
      assert.ok(error instanceof OpenAI.NotFoundError);
      assert.match(error.message, /does not know which OpenAI provider key served "resp_unknown"/);
      assert.equal(response.status, 404);
    });

    test('embeddings: the vectors (base64, the SDK default) and the input tokens recorded', async () => {
      const { data, response } = await client.embeddings
        .create({ model: MODELS.openai, input: ['first text', 'second text'] })
        .withResponse();
      assert.equal(data.data.length, 2);
      assert.equal(data.data[0]!.embedding.length, 8);
      const a = await f.activityOf(requestId(response));
      assert.deepEqual(
        [a.operation, a.input_tokens, a.outcome],
        ['embeddings', data.usage.prompt_tokens, 'allowed'],
      );
    });
  });

  describe('the policy', () => {
    test('block: a secret in a function_call_output item never reaches the provider', async () => {
      await setPolicy(f.admin, policyDoc('block'));
      const sent = f.upstream.requests.length;
      const err = await client.responses
        .create({
          model: MODELS.openai,
          instructions: 'You are a coding agent.',
          input: [
            { role: 'user', content: 'read the env' },
            { type: 'function_call', call_id: 'call_1', name: 'run_shell', arguments: '{"input":"env"}' },
            { type: 'function_call_output', call_id: 'call_1', output: `AWS_ACCESS_KEY_ID=${AWS_KEY}` },
          ],
          tools: TOOLS,
        })
        .then(
          () => assert.fail('the request was not blocked'),
          (e: unknown) => e,
        );
      assert.ok(err instanceof OpenAI.BadRequestError, `expected BadRequestError, got ${String(err)}`);
      assert.match(err.message, new RegExp(`rule ${AWS_RULE}`));
      assert.match(err.message, /input\[2\]\.output/);
      assert.equal(f.upstream.requests.length, sent, 'a blocked request reached the provider');
    });

    test('redact: a secret in the instructions is replaced before it goes upstream', async () => {
      await setPolicy(f.admin, policyDoc('redact'));
      await client.responses.create({ model: MODELS.openai, instructions: `key ${AWS_KEY}`, input: 'hi' });
      const body = lastUpstreamBody();
      assert.ok(!body.includes(AWS_KEY) && body.includes(REDACTED), body);
    });

    test('redact, not streamed: the answer reaches the SDK with the placeholder', async () => {
      await setPolicy(f.admin, policyDoc('redact'));
      const res = await client.responses.create(
        { model: MODELS.openai, input: 'what is my key?' },
        { headers: replyPiecesHeader(PIECES) },
      );
      assert.equal(res.output_text, `Your key is ${REDACTED} and nothing else.`);
    });

    test('redact, streamed: the deltas and every whole repetition of the text are redacted', async () => {
      await setPolicy(f.admin, policyDoc('redact'));
      const stream = await client.responses.create(
        { model: MODELS.openai, input: 'what is my key?', stream: true },
        { headers: replyPiecesHeader(PIECES) },
      );
      let deltas = '';
      const wire: string[] = [];
      for await (const event of stream) {
        wire.push(JSON.stringify(event));
        if (event.type === 'response.output_text.delta') deltas += event.delta;
      }
      assert.equal(deltas, `Your key is ${REDACTED} and nothing else.`);
      assert.ok(!wire.join('').includes('AKIA'), `part of the secret reached the caller: ${wire.join('\n')}`);
      assert.ok(wire.some((e) => e.includes('response.completed') && e.includes(REDACTED)));
    });

    test('redact, streamed: a secret in a function call’s arguments', async () => {
      await setPolicy(f.admin, policyDoc('redact'));
      const final = await client.responses
        .stream(
          { model: MODELS.openai, input: 'run it', tools: TOOLS },
          { headers: toolCallHeader({ name: 'run_shell', arguments: { input: PIECES.join('') } }) },
        )
        .finalResponse();
      const call = final.output.find((o) => o.type === 'function_call');
      assert.ok(call && call.type === 'function_call');
      assert.equal(JSON.parse(call.arguments).input, `Your key is ${REDACTED} and nothing else.`);
    });

    test('block, streamed: response.failed and an error event carry the rule; no part of it is sent', async () => {
      await setPolicy(f.admin, policyDoc('block'));
      const { data: stream, response } = await client.responses
        .create(
          { model: MODELS.openai, input: 'what is my key?', stream: true },
          { headers: replyPiecesHeader(['Fine. ', ...PIECES]) },
        )
        .withResponse();
      const events: OpenAI.Responses.ResponseStreamEvent[] = [];
      for await (const event of stream) events.push(event);
      const failed = events.find((e) => e.type === 'response.failed');
      assert.ok(failed && failed.type === 'response.failed', 'no response.failed event');
      assert.match(failed.response.error!.message, new RegExp(`rule ${AWS_RULE}`));
      const error = events.at(-1)!;
      assert.equal(error.type, 'error');
      assert.ok(!JSON.stringify(events).includes('AKIA'), 'part of the secret reached the caller');
      assert.ok(!events.some((e) => e.type === 'response.completed'));
      const a = await f.activityOf(requestId(response));
      assert.deepEqual([a.outcome, a.error_code, a.signals], ['blocked', 'policy_blocked', [AWS_RULE]]);
    });

    test('block, not streamed: a 400 in OpenAI’s shape instead of the answer', async () => {
      await setPolicy(f.admin, policyDoc('block'));
      await assert.rejects(
        client.responses.create(
          { model: MODELS.openai, input: 'key?' },
          { headers: replyPiecesHeader(PIECES) },
        ),
        (e: unknown) => {
          assert.ok(e instanceof OpenAI.BadRequestError, `expected BadRequestError, got ${String(e)}`);
          assert.match(e.message, /stopped the provider's answer/);
          return true;
        },
      );
    });

    test('embeddings: a secret in the input is blocked; a clean one passes the policy', async () => {
      await setPolicy(f.admin, policyDoc('block'));
      await assert.rejects(
        client.embeddings.create({ model: MODELS.openai, input: ['fine', `key ${AWS_KEY}`] }),
        (e: unknown) => {
          assert.ok(e instanceof OpenAI.BadRequestError, `expected BadRequestError, got ${String(e)}`);
          assert.match(e.message, /input\[1\]/);
          return true;
        },
      );
      const ok = await client.embeddings.create({ model: MODELS.openai, input: 'a clean text' });
      assert.equal(ok.data.length, 1);
    });
  });
});
