// Ways a caller dressed a secret so that it reached the provider past the policy (issue 14, part 2),
// each sent through the real Gateway with the provider's SDK or as its raw wire format: text beside a
// media type, data: URLs of text, object keys, the query string and forwarded headers, fullwidth
// letters and invisible characters, a secret cut across two text blocks or two messages, custom
// keywords with odd separators, and the password forms the detectors did not know.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import { eachEngine } from '../helpers/engines.ts';
import { MODELS, startGatewayFixture, type GatewayFixture } from '../helpers/gateway.ts';
import { policyDoc, setPolicy } from '../helpers/policy.ts';

const AWS_KEY = 'AKIAQYLPMN5HFIQR7XQZ';
const REDACTED = '[REDACTED:aws-access-key]';
const fullwidth = (s: string) =>
  [...s].map((c) => String.fromCodePoint(c.codePointAt(0)! - 0x21 + 0xff01)).join('');

eachEngine('detector bypasses through the Gateway', (engine) => {
  let f: GatewayFixture;
  let anthropic: Anthropic;
  let gemini: GoogleGenAI;
  before(async () => {
    f = await startGatewayFixture(engine);
    anthropic = new Anthropic({ apiKey: f.token, baseURL: f.gatewayUrl, maxRetries: 0 });
    gemini = new GoogleGenAI({ apiKey: f.token, httpOptions: { baseUrl: `${f.gatewayUrl}/gemini` } });
  });
  after(() => f.close());
  const last = () => f.upstream.requests.at(-1)!;
  const lastBody = () => JSON.stringify(last().body);
  const openai = (body: unknown, init: { query?: string; headers?: Record<string, string> } = {}) =>
    fetch(`${f.gatewayUrl}/v1/chat/completions${init.query ?? ''}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${f.token}`, 'content-type': 'application/json', ...init.headers },
      body: JSON.stringify(body),
    });
  const chat = (content: unknown) => ({ model: MODELS.openai, messages: [{ role: 'user', content }] });

  test('an Anthropic text document (source type text, media_type text/plain) is read', async () => {
    await setPolicy(f.admin, policyDoc('redact'));
    await anthropic.messages.create({
      model: MODELS.anthropic,
      max_tokens: 50,
      messages: [
        {
          role: 'user',
          content: [
            {
              type: 'document',
              source: { type: 'text', media_type: 'text/plain', data: `AWS_ACCESS_KEY_ID=${AWS_KEY}\n` },
            },
            { type: 'text', text: 'Summarise the document.' },
          ],
        },
      ],
    });
    assert.ok(!lastBody().includes(AWS_KEY), 'the secret reached the provider');
    assert.ok(lastBody().includes(REDACTED));
  });

  test('a Gemini function response holding {mimeType, data} is read', async () => {
    await setPolicy(f.admin, policyDoc('redact'));
    await gemini.models.generateContent({
      model: MODELS.gemini,
      contents: [
        { role: 'user', parts: [{ text: 'read the config' }] },
        { role: 'model', parts: [{ functionCall: { name: 'read_file', args: { path: 'config' } } }] },
        {
          role: 'user',
          parts: [
            {
              functionResponse: {
                name: 'read_file',
                response: { mimeType: 'text/plain', data: `aws_access_key_id = ${AWS_KEY}` },
              },
            },
          ],
        },
      ],
    });
    assert.ok(!lastBody().includes(AWS_KEY), 'the secret reached the provider');
  });

  test('a data: URL of text, or of an image whose payload is not base64, is read', async () => {
    await setPolicy(f.admin, policyDoc('block'));
    const before = f.upstream.requests.length;
    for (const url of [
      `data:text/plain;base64,${Buffer.from('hello').toString('base64')} ${AWS_KEY}`,
      `data:image/png;base64,${'iVBORw0KGgo'.repeat(30)} ${AWS_KEY}`,
    ]) {
      const res = await openai(chat([{ type: 'image_url', image_url: { url } }]));
      assert.equal(res.status, 400, url.slice(0, 40));
      const body = (await res.json()) as { error: { type: string; message: string } };
      assert.equal(body.error.type, 'invalid_request_error');
      assert.match(body.error.message, /aws-access-key/);
    }
    assert.equal(f.upstream.requests.length, before, 'a blocked request reached the provider');
  });

  test('an object key is read; redacted, it is renamed and the JSON stays valid', async () => {
    await setPolicy(f.admin, policyDoc('redact'));
    await anthropic.messages.create({
      model: MODELS.anthropic,
      max_tokens: 50,
      messages: [
        { role: 'user', content: 'call it' },
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'toolu_1', name: 'store', input: { [AWS_KEY]: 'v', other: 1 } }],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'ok' }] },
      ],
    });
    assert.ok(!lastBody().includes(AWS_KEY), 'the secret reached the provider');
    const messages = (last().body as { messages: Array<{ content: unknown }> }).messages;
    const input = (messages[1]!.content as Array<{ input: Record<string, unknown> }>)[0]!.input;
    assert.deepEqual(input, { [REDACTED]: 'v', other: 1 });
  });

  test('the query string: block answers 400 in the provider’s shape; redact rewrites the value', async () => {
    await setPolicy(f.admin, policyDoc('block'));
    const before = f.upstream.requests.length;
    const blocked = await openai(chat('hi'), { query: `?trace=${AWS_KEY}` });
    assert.equal(blocked.status, 400);
    const err = (await blocked.json()) as { error: { type: string; message: string } };
    assert.equal(err.error.type, 'invalid_request_error');
    assert.match(err.error.message, /query\.trace/);
    assert.equal(f.upstream.requests.length, before, 'a blocked request reached the provider');

    await setPolicy(f.admin, policyDoc('redact'));
    const res = await openai(chat('hi'), { query: `?trace=key%3D${AWS_KEY}&x=1` });
    assert.equal(res.status, 200);
    assert.deepEqual(last().query, { trace: `key=${REDACTED}`, x: '1' });
  });

  test('forwarded headers: block answers 400; redact rewrites the value; the provider key still goes', async () => {
    await setPolicy(f.admin, policyDoc('block'));
    const before = f.upstream.requests.length;
    const blocked = await anthropic.messages
      .create(
        { model: MODELS.anthropic, max_tokens: 50, messages: [{ role: 'user', content: 'hi' }] },
        { headers: { 'x-trace-context': `aws ${AWS_KEY}` } },
      )
      .then(
        () => assert.fail('not blocked'),
        (e: unknown) => e,
      );
    assert.ok(blocked instanceof Anthropic.BadRequestError, String(blocked));
    assert.match(blocked.message, /header\.x-trace-context/);
    assert.equal(f.upstream.requests.length, before, 'a blocked request reached the provider');

    await setPolicy(f.admin, policyDoc('redact'));
    await anthropic.messages.create(
      { model: MODELS.anthropic, max_tokens: 50, messages: [{ role: 'user', content: 'hi' }] },
      { headers: { 'x-trace-context': `aws ${AWS_KEY}` } },
    );
    assert.equal(last().headers['x-trace-context'], `aws ${REDACTED}`);
    assert.ok(last().headers['x-api-key'], 'the provider key went upstream');
    assert.ok(!JSON.stringify(last().headers).includes(AWS_KEY));
  });

  test('fullwidth letters and invisible characters inside a secret: found, the original span redacted', async () => {
    await setPolicy(f.admin, policyDoc('redact'));
    const dressed = [
      fullwidth(AWS_KEY),
      `${AWS_KEY.slice(0, 8)}\u200b${AWS_KEY.slice(8)}`,
      `${AWS_KEY.slice(0, 4)}\u00ad${AWS_KEY.slice(4, 12)}\u2060${AWS_KEY.slice(12)}`,
    ];
    const res = await openai(chat(dressed.map((d) => `key: ${d}`).join('\n')));
    assert.equal(res.status, 200);
    const sent = (last().body as { messages: Array<{ content: string }> }).messages[0]!.content;
    assert.equal(sent, dressed.map(() => `key: ${REDACTED}`).join('\n'));
  });

  test('a secret cut across two text blocks and across two messages: both parts redacted', async () => {
    await setPolicy(f.admin, policyDoc('redact'));
    await anthropic.messages.create({
      model: MODELS.anthropic,
      max_tokens: 50,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: `the key is ${AWS_KEY.slice(0, 10)}` },
            { type: 'text', text: AWS_KEY.slice(10) },
          ],
        },
        { role: 'assistant', content: `and the other ${AWS_KEY.slice(0, 6)}` },
        { role: 'user', content: `${AWS_KEY.slice(6)} please` },
      ],
    });
    const sent = lastBody();
    for (const part of [AWS_KEY.slice(0, 10), AWS_KEY.slice(10), AWS_KEY.slice(6)])
      assert.ok(!sent.includes(part), `${part} reached the provider`);
    assert.equal(sent.split(REDACTED).length - 1, 4, 'each part replaced');
  });

  test('a custom keyword written with NBSP, a soft hyphen or an underscore between its words is blocked', async () => {
    await setPolicy(
      f.admin,
      policyDoc('off', {
        custom: [{ id: 'codename', keywords: ['Project Falcon'], action: 'block', severity: 'high' }],
      }),
    );
    const before = f.upstream.requests.length;
    for (const written of [
      'Project\u00a0Falcon',
      'Project\u00adFalcon',
      'project_falcon',
      'Project  \nFalcon',
    ]) {
      const res = await openai(chat(`status of ${written}?`));
      assert.equal(res.status, 400, JSON.stringify(written));
    }
    assert.equal(f.upstream.requests.length, before, 'a blocked request reached the provider');
  });

  test('passwords under a YAML block, in .netrc, on mysql and docker login command lines are redacted', async () => {
    await setPolicy(f.admin, policyDoc('redact'));
    const pw = 'Granite%4821Kq';
    const texts = [
      `database:\n  host: db\n  password: >-\n    ${pw}\n`,
      `machine git.acme.io login deploy password ${pw}`,
      `mysql -h db -u root -p${pw} orders`,
      `docker login -u ci -p ${pw} registry.acme.io`,
    ];
    await anthropic.messages.create({
      model: MODELS.anthropic,
      max_tokens: 50,
      messages: texts.map((t, i) => ({
        role: i % 2 ? 'assistant' : 'user',
        content: t,
      })) as Anthropic.MessageParam[],
    });
    const sent = lastBody();
    assert.ok(!sent.includes(pw), `a password reached the provider: ${sent}`);
  });
});
