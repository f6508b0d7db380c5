// The policy on a JSON body: every string is read (wherever a provider puts text), media is skipped,
// a redaction keeps the document's shape, and hostile documents cannot escape it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compilePolicy } from '../../src/policy/evaluation.ts';
import type { Action } from '../../src/policy/policy-types.ts';
import { guardJson } from '../../src/gateway/json-guard.ts';
import { secretsDetector } from '../../src/policy/detectors/secrets.ts';

const SECRET = 'AKIAQYLPMN5HFIQR7XQZ';
const PLACEHOLDER = '[REDACTED:aws-access-key]';

const policy = (action: Action, enforcement: 'enforce' | 'monitor' | 'off' = 'enforce') =>
  compilePolicy(
    {
      enforcement,
      detectors: {
        secrets: { action, allowlist: [] },
        pii: { action: 'off', allowlist: [] },
        custom: [],
        slopsquat: { action: 'off', young_days: 30, allowlist: [] },
      },
      tools: [],
    },
    1,
    (d, err) => assert.fail(`${d}: ${String(err)}`),
  );

test('every string is read, with where it was; redaction keeps the shape', () => {
  const doc = {
    model: 'm',
    messages: [
      { role: 'user', content: [{ type: 'text', text: `key ${SECRET}` }] },
      { role: 'tool', content: JSON.stringify({ out: SECRET }) },
    ],
    metadata: { nested: { deeper: [`x ${SECRET}`] } },
  };
  const g = guardJson(policy('redact'), doc, 'request');
  assert.deepEqual(
    g.spotted.map((s) => s.location),
    ['messages[0].content[0].text', 'messages[1].content', 'metadata.nested.deeper[0]'],
  );
  assert.ok(g.redacted, 'not marked redacted');
  assert.deepEqual(doc.messages[0]!.content, [{ type: 'text', text: `key ${PLACEHOLDER}` }]);
  assert.ok(!JSON.stringify(doc).includes(SECRET), 'the secret is still in the document');
});

test('base64 media is not read as text', () => {
  const data = Buffer.from(`binary ${SECRET}`).toString('base64');
  const doc = {
    a: { type: 'base64', media_type: 'image/png', data },
    b: { inlineData: { mimeType: 'image/png', data } },
    c: { image_url: { url: `data:image/png;base64,${data}` } },
    d: { data: SECRET }, // no media type beside it: read
  };
  const g = guardJson(policy('alert'), doc, 'request');
  assert.deepEqual(
    g.spotted.map((s) => s.location),
    ['d.data'],
  );
});

test('a key named __proto__ is redacted like any other', () => {
  const doc = JSON.parse(`{"__proto__": "${SECRET}", "x": {"__proto__": "k ${SECRET}"}}`) as Record<
    string,
    unknown
  >;
  const g = guardJson(policy('redact'), doc, 'request');
  assert.equal(g.spotted.length, 2);
  assert.ok(!JSON.stringify(doc).includes(SECRET), 'the secret survived under __proto__');
});

test('a document nested a hundred thousand deep does not overflow the stack', () => {
  const depth = 100_000;
  const text = '['.repeat(depth) + JSON.stringify(SECRET) + ']'.repeat(depth);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return; // V8 refuses it first: nothing for the guard to do
  }
  const g = guardJson(policy('block'), doc, 'request');
  assert.ok(g.blocked, 'the secret at the bottom was not found');
});

test('monitor turns every action into alert; off reads nothing', () => {
  const m = guardJson(policy('block', 'monitor'), { t: SECRET }, 'request');
  assert.equal(m.blocked, null);
  assert.equal(m.spotted[0]?.hit.action, 'alert');
  assert.equal(guardJson(policy('block', 'off'), { t: SECRET }, 'request').spotted.length, 0);
});

test('a long text already read is recognised, not read again', () => {
  const p = policy('redact');
  const history = `${'const x = 1;\n'.repeat(2000)} ${SECRET}`;
  const first = p.scan(history);
  assert.equal(first.length, 1);
  assert.equal(p.scan(`${history}`), first, 'the same text was scanned again');
});

test("an answer's texts are looked up but not remembered; a request's are remembered, and keys both ways", () => {
  let scans = 0;
  const counting = {
    // The secrets detector's settings and identity, with a scan of its own.
    ...secretsDetector,
    label: 'Counting',
    description: 'Counts its scans.',
    scan: (text: string) => {
      scans++;
      const at = text.indexOf(SECRET);
      return at < 0
        ? []
        : [
            {
              detector: 'secrets' as const,
              rule: 'aws',
              label: 'aws',
              severity: 'high' as const,
              start: at,
              end: at + SECRET.length,
            },
          ];
    },
    holdback: () => 0,
  };
  const p = compilePolicy(
    {
      enforcement: 'enforce',
      detectors: {
        secrets: { action: 'alert', allowlist: [] },
        pii: { action: 'off', allowlist: [] },
        custom: [],
        slopsquat: { action: 'off', young_days: 30, allowlist: [] },
      },
      tools: [],
    },
    1,
    (d, err) => assert.fail(`${d}: ${String(err)}`),
    { detectors: [counting] },
  );
  const answer = { id: 'chatcmpl-1', text: `said ${SECRET}` };
  assert.equal(guardJson(p, answer, 'answer').spotted.length, 1);
  assert.equal(guardJson(p, answer, 'answer').spotted.length, 1);
  // Two keys and two values the first time (keys are read too, and remembered: names come back in
  // every answer); the two values again the second time.
  assert.equal(scans, 6, 'an answer text was remembered, or a key was not (second sighting)');
  // The next turn resends it in a request: remembered there, and from then on an answer finds it too.
  assert.equal(guardJson(p, { messages: [answer] }, 'request').spotted.length, 1);
  assert.equal(guardJson(p, answer, 'answer').spotted.length, 1);
  // The request adds one key (`messages`) and the two values; the answer's are then all remembered.
  assert.equal(scans, 9, 'a remembered text was scanned again when an answer carried it');
});

test('a detector that throws fails closed under enforce, and is reported; under monitor it is recorded', () => {
  const failures: string[] = [];
  const broken = {
    // The secrets detector's settings and identity, with a scan of its own.
    ...secretsDetector,
    label: 'Broken',
    description: 'Throws on every scan.',
    scan: () => {
      throw new Error('boom');
    },
    holdback: () => 0,
  };
  const doc = (enforcement: 'enforce' | 'monitor') => ({
    enforcement,
    detectors: {
      secrets: { action: 'alert' as const, allowlist: [] },
      pii: { action: 'off' as const, allowlist: [] },
      custom: [],
      slopsquat: { action: 'off' as const, young_days: 30, allowlist: [] },
    },
    tools: [],
  });
  const enforce = compilePolicy(doc('enforce'), 1, (d) => failures.push(d), { detectors: [broken] });
  const g = guardJson(enforce, { text: 'anything at all' }, 'request');
  assert.equal(g.blocked?.hit.match.rule, 'detector-error:secrets');
  // The key `text` and its value: each scan that fails is reported.
  assert.deepEqual(failures, ['secrets', 'secrets']);
  const monitor = compilePolicy(doc('monitor'), 1, (d) => failures.push(d), { detectors: [broken] });
  const m = guardJson(monitor, { text: 'anything at all' }, 'request');
  assert.equal(m.blocked, null);
  assert.equal(m.spotted[0]?.hit.match.rule, 'detector-error:secrets');
});

test('text beside a media type is read: a text document, a function response, a text data: URL', () => {
  const big = `${SECRET} `.repeat(40);
  const doc = {
    a: { type: 'document', source: { type: 'text', media_type: 'text/plain', data: `notes: ${SECRET}` } },
    b: {
      functionResponse: { name: 'f', response: { mimeType: 'application/json', data: `{"k": "${SECRET}"}` } },
    },
    c: { image_url: { url: `data:text/plain;base64,${Buffer.from('x').toString('base64')} ${SECRET}` } },
    d: { type: 'base64', media_type: 'image/png', data: `${SECRET}` }, // too short to be an image
    e: { type: 'base64', media_type: 'image/png', data: big }, // not base64
    f: { url: `data:image/png;base64,${big}` }, // not base64 either
  };
  const g = guardJson(policy('alert'), doc, 'request');
  const where = [...new Set(g.spotted.map((s) => s.location))];
  assert.deepEqual(where, [
    'a.source.data',
    'b.functionResponse.response.data',
    'c.image_url.url',
    'd.data',
    'e.data',
    'f.url',
  ]);
});

test('binary media whose payload is strictly base64 is still skipped', () => {
  const png = Buffer.alloc(3000, 7).toString('base64');
  const doc = {
    a: { type: 'base64', media_type: 'image/png', data: png },
    b: { inlineData: { mimeType: 'application/pdf', data: png } },
    c: { url: `data:audio/wav;base64,${png}` },
  };
  let scanned = 0;
  const p = policy('alert');
  const counting = { ...p, scan: (t: string) => ((scanned += t.length), p.scan(t)) };
  guardJson(counting, doc, 'request');
  assert.ok(scanned < 200, `read ${scanned} characters of media`);
});

test('object keys are read; a redacted key is renamed in place, the document valid and in order', () => {
  const doc = JSON.parse(
    `{"tool_use": {"input": {"first": 1, "${SECRET}": "v", "key ${SECRET}": {"inner": "x ${SECRET}"}, "last": 2}}}`,
  ) as { tool_use: { input: Record<string, unknown> } };
  const g = guardJson(policy('redact'), doc, 'request');
  assert.ok(g.redacted);
  assert.deepEqual(Object.keys(doc.tool_use.input), ['first', PLACEHOLDER, `key ${PLACEHOLDER}`, 'last']);
  assert.deepEqual(doc.tool_use.input[`key ${PLACEHOLDER}`], { inner: `x ${PLACEHOLDER}` });
  const text = JSON.stringify(doc);
  assert.ok(!text.includes(SECRET), 'the secret is still in the document');
  // No location shows a key that held a secret.
  assert.ok(
    g.spotted.every((s) => !s.location.includes(SECRET)),
    JSON.stringify(g.spotted.map((s) => s.location)),
  );
  const blocked = guardJson(policy('block'), JSON.parse(`{"input": {"${SECRET}": 1}}`), 'request');
  assert.equal(blocked.blocked?.location, 'input.<key>');
});

test('two keys redacted alike stay two keys', () => {
  const other = 'AKIAQYLPMN5HFIQR7XQA';
  const doc = JSON.parse(`{"${SECRET}": 1, "${other}": 2}`) as Record<string, unknown>;
  guardJson(policy('redact'), doc, 'request');
  assert.deepEqual(Object.values(doc), [1, 2]);
  assert.equal(Object.keys(doc).length, 2);
});

test('a secret split across two text blocks, or two messages, is found and both parts redacted', () => {
  const cut = 9;
  const doc = {
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text: `my key is ${SECRET.slice(0, cut)}` },
          { type: 'text', text: `${SECRET.slice(cut)} thanks` },
        ],
      },
      { role: 'assistant', content: `noted ${SECRET.slice(0, 4)}` },
      { role: 'user', content: `${SECRET.slice(4)} and more` },
    ],
  };
  const g = guardJson(policy('redact'), doc, 'request');
  assert.deepEqual(
    g.spotted.map((s) => [s.hit.match.rule, s.value]),
    [
      ['aws-access-key', SECRET],
      ['aws-access-key', SECRET],
    ],
  );
  assert.equal(g.spotted[0]!.location, 'messages[0].content[0].text + messages[0].content[1].text');
  const text = JSON.stringify(doc);
  for (const part of [SECRET.slice(0, cut), SECRET.slice(cut), SECRET.slice(4)])
    assert.ok(!text.includes(part), `${part} is still in ${text}`);
  const blocks = doc.messages[0]!.content as Array<{ text: string }>;
  assert.equal(blocks[0]!.text, `my key is ${PLACEHOLDER}`);
  assert.equal(blocks[1]!.text, `${PLACEHOLDER} thanks`);
});

test('a secret cut into several short parts is put together within the window', () => {
  const parts = [SECRET.slice(0, 5), SECRET.slice(5, 10), SECRET.slice(10, 15), SECRET.slice(15)];
  const doc = { contents: [{ parts: parts.map((text) => ({ text })) }] };
  const g = guardJson(policy('block'), doc, 'request');
  assert.equal(g.blocked?.value, SECRET);
});

test('joins do not put together texts across structure, nor report what one text holds twice', () => {
  const doc = {
    messages: [
      { role: 'user', content: `key ${SECRET}` },
      { role: 'assistant', content: 'ok' },
    ],
  };
  const g = guardJson(policy('alert'), doc, 'request');
  assert.equal(g.spotted.length, 1);
});
