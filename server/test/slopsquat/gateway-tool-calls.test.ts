// The slopsquat detector on agents' tool calls through the real Gateway, with the providers' own SDKs
// as clients and the fake registries as the registries: a tool call that would install a package that
// does not exist (or was published days ago) is stopped in the provider's shape before the client can
// run it, JSON or streamed, in every API shape; one that installs a real package passes untouched.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Anthropic from '@anthropic-ai/sdk';
import { ApiError, GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { eachEngine } from '../helpers/engines.ts';
import { MODELS } from '../helpers/gateway.ts';
import { MOCK_KEYS, toolCallHeader } from '../mocks/mock-upstream.ts';
import { daysAgo, startSlopsquatFixture, type SlopsquatFixture } from './gateway-fixture.ts';

/** Names no registry has: what models invent. */
const MISSING = {
  npm: 'react-native-secure-vault-pro',
  pypi: 'fastapi-ratelimiter-pro',
  crates: 'serde-jsonfast-derive-ext',
  go: 'github.com/acme-ai/jsonfast-hallucinated',
};
const YOUNG = 'left-pad-turbo-squatted';
const BLOCKED = /^(?:.*: )?Gatehouse blocked installing/;

const bash = (command: string) => ({ name: 'Bash', arguments: { command, description: 'Install it' } });
const requestId = (r: Response) => r.headers.get('x-gatehouse-request-id');

eachEngine('slopsquat: agents’ tool calls through the Gateway', (engine) => {
  let f: SlopsquatFixture;
  before(async () => {
    f = await startSlopsquatFixture(engine);
    await f.policy();
  });
  after(() => f?.close());

  describe('Claude Code: Bash tool_use (Anthropic Messages)', () => {
    const client = () =>
      new Anthropic({ apiKey: f.gateway.token, baseURL: f.gateway.gatewayUrl, maxRetries: 0 });
    const params = {
      model: MODELS.anthropic,
      max_tokens: 200,
      messages: [{ role: 'user' as const, content: 'Add secure storage to the app' }],
    };

    test('JSON: a missing npm package is blocked with a message the agent shows; finding and signal', async () => {
      const call = bash(`cd app && npm install --save ${MISSING.npm}@^2.1.0`);
      await assert.rejects(
        client().messages.create(params, { headers: toolCallHeader(call) }),
        (e: unknown) => {
          assert.ok(e instanceof Anthropic.BadRequestError, `expected BadRequestError, got ${String(e)}`);
          assert.match(
            e.message,
            new RegExp(
              `Gatehouse blocked installing npm package ${MISSING.npm}: it does not exist in the npm registry`,
            ),
          );
          assert.match(e.message, /rule slopsquat:missing/);
          return true;
        },
      );
      const [a] = await f.gateway.activity(1, 'order=desc&limit=1');
      assert.equal(a!.outcome, 'blocked');
      assert.equal(a!.error_code, 'policy_blocked');
      assert.deepEqual(a!.signals, ['slopsquat:missing']);
      const finding = await f.finding('slopsquat:missing', MISSING.npm);
      assert.equal(finding.kind, 'slopsquat');
      assert.equal(finding.model, MODELS.anthropic);
      assert.equal(finding.tool, 'anthropic-sdk');
      assert.deepEqual(
        [
          finding.evidence.ecosystem,
          finding.evidence.reason,
          finding.evidence.source,
          finding.evidence.tool_call,
          finding.evidence.action,
          finding.evidence.version,
        ],
        ['npm', 'missing', 'tool_call', 'Bash', 'blocked', '^2.1.0'],
      );
      // The observatory has the invented name, the stopped install and the model's family.
      const seen = await f.observed('npm', MISSING.npm);
      assert.deepEqual(
        [seen.reasons.missing, seen.blocked_installs, seen.model_families, seen.developers],
        [1, 1, ['claude'], 1],
      );
    });

    test('streamed: the tool_use never completes; the stream ends with the error event the SDK raises', async () => {
      const stream = client().messages.stream(params, {
        headers: toolCallHeader(bash(`npm i -D ${MISSING.npm}`)),
      });
      const completed: string[] = [];
      stream.on('contentBlock', (block) => completed.push(block.type));
      await assert.rejects(stream.finalMessage(), (e: unknown) => {
        assert.match(String((e as Error).message), new RegExp(`npm package ${MISSING.npm}`));
        return true;
      });
      assert.deepEqual(completed, [], 'the client saw the tool call complete');
    });

    test('a package first published days ago is blocked, its date in the message and the finding', async () => {
      const created = daysAgo(3);
      f.registries.set('npm', YOUNG, { created, repository: 'https://github.com/example/left-pad-turbo' });
      const day = created.slice(0, 10);
      await assert.rejects(
        client().messages.create(params, { headers: toolCallHeader(bash(`pnpm add ${YOUNG}`)) }),
        (e: unknown) => {
          assert.ok(e instanceof Anthropic.BadRequestError, String(e));
          assert.match(e.message, new RegExp(`npm package ${YOUNG}: it was first published on ${day}`));
          assert.match(e.message, /rule slopsquat:young/);
          return true;
        },
      );
      const finding = await f.finding('slopsquat:young', YOUNG);
      assert.equal(finding.evidence.first_published, day);
      assert.equal(finding.evidence.action, 'blocked');
      const seen = await f.observed('npm', YOUNG);
      assert.deepEqual([seen.reasons.young, seen.blocked_installs], [1, 1]);
    });

    test('a real package passes untouched: the stream is the provider’s, byte for byte', async () => {
      const sent: string[] = [];
      f.gateway.upstream.configure({ rewrite: (wire) => (sent.push(wire), wire) });
      try {
        const res = await fetch(`${f.gateway.gatewayUrl}/v1/messages`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-api-key': f.gateway.token,
            'anthropic-version': '2023-06-01',
            ...toolCallHeader(bash('npm install express lodash && npm test')),
          },
          body: JSON.stringify({ ...params, stream: true }),
        });
        assert.equal(res.status, 200);
        const received = await res.text();
        assert.ok(received.includes('"tool_use"'), 'the answer is the tool call');
        assert.equal(received, sent.join(''));
        const a = await f.gateway.activityOf(requestId(res));
        assert.equal(a.outcome, 'allowed');
        assert.deepEqual(a.signals, []);
      } finally {
        f.gateway.upstream.configure({ rewrite: undefined });
      }
    });
  });

  describe('Codex: shell function call (Responses API)', () => {
    const client = () =>
      new OpenAI({ apiKey: f.gateway.token, baseURL: `${f.gateway.gatewayUrl}/v1`, maxRetries: 0 });
    const shell = (script: string) => ({
      name: 'shell',
      arguments: { command: ['bash', '-lc', script], workdir: '/work/app', timeout_ms: 120_000 },
    });
    const params = { model: MODELS.openai, input: 'Rate-limit the API' };

    test('JSON: a missing PyPI package is blocked (BadRequestError)', async () => {
      await assert.rejects(
        client().responses.create(params, {
          headers: toolCallHeader(shell(`pip install 'fastapi>=0.110' ${MISSING.pypi}`)),
        }),
        (e: unknown) => {
          assert.ok(e instanceof OpenAI.BadRequestError, String(e));
          assert.match(e.message, new RegExp(`Gatehouse blocked installing PyPI package ${MISSING.pypi}`));
          return true;
        },
      );
      const finding = await f.finding('slopsquat:missing', MISSING.pypi);
      assert.deepEqual([finding.evidence.ecosystem, finding.evidence.tool_call], ['pypi', 'shell']);
    });

    test('streamed: response.failed and an error event instead of the call’s output_item.done', async () => {
      const stream = await client().responses.create(
        { ...params, stream: true },
        { headers: toolCallHeader(shell(`uv add ${MISSING.pypi}`)) },
      );
      const events: OpenAI.Responses.ResponseStreamEvent[] = [];
      for await (const event of stream) events.push(event);
      const failed = events.find((e) => e.type === 'response.failed');
      assert.ok(failed && failed.type === 'response.failed', 'no response.failed event');
      assert.match(failed.response.error!.message, new RegExp(`PyPI package ${MISSING.pypi}`));
      assert.equal(events.at(-1)!.type, 'error');
      const types = events.map((e) => e.type);
      assert.ok(!types.includes('response.output_item.done'), `the call completed: ${types.join(', ')}`);
      assert.ok(!types.includes('response.function_call_arguments.done'), 'its arguments were given whole');
      assert.ok(!types.includes('response.completed'), 'the response completed');
    });
  });

  describe('Gemini CLI: run_shell_command (generateContent)', () => {
    const client = () =>
      new GoogleGenAI({
        apiKey: f.gateway.token,
        httpOptions: { baseUrl: `${f.gateway.gatewayUrl}/gemini` },
      });
    const run = (command: string) => ({
      name: 'run_shell_command',
      arguments: { command, description: 'add' },
    });
    const contents = 'Parse JSON faster';

    test('JSON: a missing crate is blocked (ApiError 400)', async () => {
      await assert.rejects(
        client().models.generateContent({
          model: MODELS.gemini,
          contents,
          config: { httpOptions: { headers: toolCallHeader(run(`cargo add ${MISSING.crates}`)) } },
        }),
        (e: unknown) => {
          assert.ok(e instanceof ApiError, String(e));
          assert.equal(e.status, 400);
          assert.match(e.message, new RegExp(`Gatehouse blocked installing crate ${MISSING.crates}`));
          return true;
        },
      );
    });

    test('streamed: the chunk with the functionCall never arrives', async () => {
      const stream = await client().models.generateContentStream({
        model: MODELS.gemini,
        contents,
        config: {
          httpOptions: { headers: toolCallHeader(run(`cargo add ${MISSING.crates} --features simd`)) },
        },
      });
      let calls = 0;
      await assert.rejects(
        (async () => {
          for await (const chunk of stream) calls += chunk.functionCalls?.length ?? 0;
        })(),
        (e: unknown) => {
          assert.match(String((e as Error).message), new RegExp(`crate ${MISSING.crates}`));
          return true;
        },
      );
      assert.equal(calls, 0, 'the client saw the function call');
    });
  });

  describe('Chat Completions: a function call (OpenAI SDK)', () => {
    const client = () =>
      new OpenAI({ apiKey: f.gateway.token, baseURL: `${f.gateway.gatewayUrl}/v1`, maxRetries: 0 });
    const exec = (cmd: string) => ({ name: 'exec', arguments: { cmd } });
    const params = { model: MODELS.openai, messages: [{ role: 'user' as const, content: 'Speed up JSON' }] };

    test('JSON and streamed: a missing Go module is blocked', async () => {
      const headers = toolCallHeader(exec(`go get ${MISSING.go}@latest`));
      await assert.rejects(client().chat.completions.create(params, { headers }), (e: unknown) => {
        assert.ok(e instanceof OpenAI.BadRequestError, String(e));
        assert.match(e.message, new RegExp(`Gatehouse blocked installing Go module ${MISSING.go}`));
        return true;
      });
      const stream = client().chat.completions.stream(params, { headers });
      await assert.rejects(stream.finalChatCompletion(), (e: unknown) => {
        assert.match(String((e as Error).message), BLOCKED);
        return true;
      });
    });
  });

  test('a provider key’s own answer is not what is judged: the request’s tool results are never read', async () => {
    // A conversation that already ran an install (its result in the request) is not stopped: only
    // what the model now asks the agent to run is judged.
    const client = new Anthropic({ apiKey: f.gateway.token, baseURL: f.gateway.gatewayUrl, maxRetries: 0 });
    const msg = await client.messages.create({
      model: MODELS.anthropic,
      max_tokens: 100,
      messages: [
        { role: 'user', content: 'Add it' },
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: `npm i ${MISSING.npm}` } },
          ],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'npm ERR! 404' }] },
      ],
    });
    assert.equal(msg.type, 'message');
    assert.equal(f.gateway.upstream.requests.at(-1)!.headers['x-api-key'], MOCK_KEYS.anthropic);
  });
});
