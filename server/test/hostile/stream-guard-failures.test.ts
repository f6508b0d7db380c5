// The policy's stream guard on what it cannot read: its own failure, an event nested too deep, data
// with white space before it, an event the stream ends without its blank line. Each ends that one
// stream with the provider's error event (fail closed) or is read like any other; none throws out of
// the transform, where nothing would catch it.
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { test } from 'node:test';
import type { Spotted } from '../../src/gateway/json-guard.ts';
import { MAX_JSON_DEPTH } from '../../src/gateway/json-limits.ts';
import { openai } from '../../src/gateway/providers/openai.ts';
import type { Provider } from '../../src/gateway/providers/provider-types.ts';
import { StreamGuard, type GuardFailure } from '../../src/gateway/stream-guard.ts';
import { events, openaiFrames, PLACEHOLDER, policy, SECRET } from '../helpers/stream-frames.ts';

async function guard(provider: Provider, raw: string) {
  let failed: GuardFailure | null = null;
  let blocked: Spotted | null = null;
  const g = new StreamGuard(provider, policy('redact'), true, {
    spotted: () => {},
    blocked: (s) => (blocked = s),
    failed: (code) => (failed = code),
  });
  let out = '';
  g.on('data', (d: Buffer | string) => (out += d.toString()));
  const ended = new Promise<void>((resolve) => g.on('end', resolve));
  Readable.from([Buffer.from(raw)]).pipe(g);
  await ended;
  return { out, failed: failed as GuardFailure | null, blocked: blocked as Spotted | null };
}

const lastError = (out: string) => (events(out).at(-1) as { error: { code: string; message: string } }).error;

test('a failure inside the guard ends that stream with the provider error event, not the process', async () => {
  const broken: Provider = {
    ...openai,
    streamTexts: () => {
      throw new RangeError('Maximum call stack size exceeded');
    },
  };
  const { out, failed } = await guard(broken, openaiFrames([`key ${SECRET} `, 'more']));
  assert.equal(failed, 'internal');
  assert.ok(!out.includes(SECRET), 'what the guard had not judged went on');
  assert.equal(lastError(out).code, 'policy_blocked');
});

test(`an event nested past ${MAX_JSON_DEPTH} is never passed on; what came before it is`, async () => {
  const clean = openaiFrames(['Hello. ']).split('\n\n')[0]! + '\n\n';
  const deep = `data: {"choices":[{"index":0,"delta":{"content":"${SECRET}"}}],"x":${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}}\n\n`;
  const { out, failed } = await guard(openai, clean + deep + openaiFrames(['after']));
  assert.equal(failed, 'json_too_deep');
  assert.ok(out.startsWith(clean), 'the clean event before it was held back');
  assert.ok(!out.includes(SECRET) && !out.includes('after'));
  assert.equal(lastError(out).code, 'json_too_deep');
});

test('data with white space before its JSON is read (a client parses it too)', async () => {
  const frames = openaiFrames([`key ${SECRET} here`]).replace(/^data: /gm, 'data:   ');
  const { out, failed } = await guard(openai, frames);
  assert.equal(failed, null);
  assert.ok(!out.includes(SECRET), 'the secret passed unread');
  assert.ok(out.includes(PLACEHOLDER));
});

test('an event the stream ends without its blank line is read, not passed on whole', async () => {
  const chunk = (content: string, finish: string | null) =>
    `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: finish }] })}`;
  const { out } = await guard(openai, `${chunk('Hi. ', null)}\n\n${chunk(`also ${SECRET}`, 'stop')}`);
  assert.ok(!out.includes(SECRET), 'the secret in the last, unterminated event passed unread');
  assert.ok(out.includes(PLACEHOLDER));
});
