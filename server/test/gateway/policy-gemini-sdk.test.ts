// The policy through the real Gateway with @google/genai: a secret in the contents and in a function
// response, in the answer streamed (split across two chunks) and not, for each action.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ApiError, GoogleGenAI } from '@google/genai';
import { eachEngine } from '../helpers/engines.ts';
import { MODELS, startGatewayFixture, type GatewayFixture } from '../helpers/gateway.ts';
import { policyDoc, setPolicy } from '../helpers/policy.ts';
import { replyPiecesHeader } from '../mocks/mock-upstream.ts';

const AWS_KEY = 'AKIAQYLPMN5HFIQR7XQZ';
const AWS_RULE = 'aws-access-key';
const REDACTED = '[REDACTED:aws-access-key]';
const PIECES = ['Stored as AKIAQYLPMN5H', 'FIQR7XQZ in the vault.'];

eachEngine('policy through the Gateway: Google Gen AI SDK', (engine) => {
  let f: GatewayFixture;
  let client: GoogleGenAI;
  before(async () => {
    f = await startGatewayFixture(engine);
    client = new GoogleGenAI({ apiKey: f.token, httpOptions: { baseUrl: `${f.gatewayUrl}/gemini` } });
  });
  after(() => f.close());
  const lastUpstreamBody = () => JSON.stringify(f.upstream.requests.at(-1)!.body);
  const withPieces = (pieces: string[]) => ({ httpOptions: { headers: replyPiecesHeader(pieces) } });

  test('redact: a secret in the contents and in a function response never reaches the provider', async () => {
    await setPolicy(f.admin, policyDoc('redact'));
    const res = await client.models.generateContent({
      model: MODELS.gemini,
      contents: [
        { role: 'user', parts: [{ text: `the key is ${AWS_KEY}` }] },
        { role: 'model', parts: [{ functionCall: { name: 'read_env', args: {} } }] },
        {
          role: 'user',
          parts: [{ functionResponse: { name: 'read_env', response: { output: `KEY=${AWS_KEY}` } } }],
        },
      ],
    });
    assert.ok(res.text, 'an answer came back');
    const sent = lastUpstreamBody();
    assert.ok(!sent.includes(AWS_KEY), 'the secret reached the provider');
    assert.equal(sent.split(REDACTED).length - 1, 2, 'both places redacted');
  });

  test('block: ApiError 400 INVALID_ARGUMENT naming the rule; nothing reaches the provider', async () => {
    await setPolicy(f.admin, policyDoc('block'));
    const before = f.upstream.requests.length;
    const err = await client.models
      .generateContent({ model: MODELS.gemini, contents: `use ${AWS_KEY}` })
      .then(
        () => assert.fail('the request was not blocked'),
        (e: unknown) => e,
      );
    assert.ok(err instanceof ApiError, `expected ApiError, got ${String(err)}`);
    assert.equal(err.status, 400);
    assert.match(err.message, /INVALID_ARGUMENT/);
    assert.match(err.message, new RegExp(`rule ${AWS_RULE}`));
    assert.equal(f.upstream.requests.length, before, 'a blocked request reached the provider');
  });

  test('alert: passes unchanged and is recorded as a signal', async () => {
    await setPolicy(f.admin, policyDoc('alert'));
    const res = await client.models.generateContent({ model: MODELS.gemini, contents: `use ${AWS_KEY}` });
    assert.ok(lastUpstreamBody().includes(AWS_KEY), 'alert changed what was sent');
    const a = await f.activityOf(res.sdkHttpResponse?.headers?.['x-gatehouse-request-id']);
    assert.equal(a.outcome, 'allowed');
    assert.deepEqual(a.signals, [AWS_RULE]);
  });

  test('redact, not streamed: the answer carries the placeholder', async () => {
    await setPolicy(f.admin, policyDoc('redact'));
    const res = await client.models.generateContent({
      model: MODELS.gemini,
      contents: 'key?',
      config: withPieces(PIECES),
    });
    assert.equal(res.text, `Stored as ${REDACTED} in the vault.`);
  });

  test('redact, streamed: a secret split across two chunks is replaced; every chunk still parses', async () => {
    await setPolicy(f.admin, policyDoc('redact'));
    let text = '';
    for await (const chunk of await client.models.generateContentStream({
      model: MODELS.gemini,
      contents: 'key?',
      config: withPieces(PIECES),
    }))
      text += chunk.text ?? '';
    assert.equal(text, `Stored as ${REDACTED} in the vault.`);
  });

  test('block, streamed: the stream ends with an error the SDK raises, without the secret', async () => {
    await setPolicy(f.admin, policyDoc('block'));
    let text = '';
    await assert.rejects(
      (async () => {
        for await (const chunk of await client.models.generateContentStream({
          model: MODELS.gemini,
          contents: 'key?',
          config: withPieces(['Sure. ', ...PIECES]),
        }))
          text += chunk.text ?? '';
      })(),
      (e: unknown) => {
        assert.match(String((e as Error).message), new RegExp(`rule ${AWS_RULE}`));
        return true;
      },
    );
    assert.ok(!text.includes('AKIA'), `part of the secret reached the caller: ${text}`);
  });
});
