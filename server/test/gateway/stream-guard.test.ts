// The policy on a stream, piece by piece: however the provider's bytes are cut, what the caller gets is
// valid SSE whose text is the answer with each secret replaced (redact), or the clean part of it and
// then the provider's error event (block); never a piece of a secret.
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { test } from 'node:test';
import type { Action } from '../../src/policy/policy-types.ts';
import { StreamGuard } from '../../src/gateway/stream-guard.ts';
import type { Spotted } from '../../src/gateway/json-guard.ts';
import { anthropic } from '../../src/gateway/providers/anthropic.ts';
import { openai } from '../../src/gateway/providers/openai.ts';
import type { Provider } from '../../src/gateway/providers/provider-types.ts';
import {
  PLACEHOLDER,
  SECRET,
  anthropicFrames,
  events,
  openaiFrames,
  openaiText,
  policy,
} from '../helpers/stream-frames.ts';

/** Runs `raw` through a guard in pieces cut at `cuts`; returns what came out and what was spotted. */
async function guard(provider: Provider, action: Action, raw: string, cuts: number[]) {
  const spotted: Spotted[] = [];
  let blocked: Spotted | null = null;
  const g = new StreamGuard(provider, policy(action), true, {
    spotted: (s) => spotted.push(...s),
    blocked: (s) => (blocked = s),
    failed: (code) => assert.fail(`the guard failed: ${code}`),
  });
  const bytes = Buffer.from(raw);
  const chunks: Buffer[] = [];
  let at = 0;
  for (const cut of [...cuts, bytes.length]) {
    if (cut > at) chunks.push(bytes.subarray(at, cut));
    at = Math.max(at, cut);
  }
  let out = '';
  g.on('data', (d: Buffer | string) => (out += d.toString()));
  const done = new Promise<void>((resolve) => g.on('end', resolve));
  Readable.from(chunks).pipe(g);
  await done;
  return { out, spotted, blocked: blocked as Spotted | null, usage: g.usage };
}

test('redact: a secret split across two events is replaced, wherever the bytes are cut', async () => {
  const raw = openaiFrames(['Your key is AKIAQYLPMN5H', 'FIQR7XQZ and ', 'nothing else.']);
  for (let cut = 0; cut <= raw.length; cut += 7) {
    const { out, spotted } = await guard(openai, 'redact', raw, [cut]);
    assert.equal(openaiText(out), `Your key is ${PLACEHOLDER} and nothing else.`, `cut at ${cut}`);
    assert.ok(!out.includes('AKIA'), `a piece of the secret passed (cut at ${cut})`);
    assert.equal(spotted.length, 1, `spotted once (cut at ${cut})`);
    assert.equal(spotted[0]!.value, SECRET);
    assert.ok(out.endsWith('data: [DONE]\n\n'), `the stream's end passed (cut at ${cut})`);
  }
});

test('a secret spread over many one-character events is still one match', async () => {
  const raw = openaiFrames(['key: ', ...SECRET.split(''), ' done']);
  const { out } = await guard(openai, 'redact', raw, []);
  assert.equal(openaiText(out), `key: ${PLACEHOLDER} done`);
});

test('block: the clean part goes, then the provider’s error event; none of the secret', async () => {
  const raw = openaiFrames(['All fine. ', 'Key AKIAQYLPMN5H', 'FIQR7XQZ.', ' More.']);
  const { out, blocked } = await guard(openai, 'block', raw, [30, 200]);
  assert.ok(blocked, 'not blocked');
  assert.ok(!out.includes('AKIA'), 'a piece of the secret passed');
  const all = events(out);
  const last = all.at(-1) as { error?: { code?: string; message?: string } };
  assert.equal(last.error?.code, 'policy_blocked');
  assert.match(last.error?.message ?? '', /contained an AWS access key \(rule aws-access-key\)/);
  assert.match(openaiText(out), /^All fine\. /);
});

test('Anthropic: text_delta events redacted across a split; usage still read', async () => {
  const raw = anthropicFrames(['The key is AKIAQYLP', 'MN5HFIQR7XQZ, ok.']);
  for (const cut of [0, 50, 333, raw.length - 10]) {
    const { out, usage } = await guard(anthropic, 'redact', raw, [cut]);
    const text = events(out)
      .map((e) => (e as { delta?: { text?: string } }).delta?.text ?? '')
      .join('');
    assert.equal(text, `The key is ${PLACEHOLDER}, ok.`, `cut at ${cut}`);
    assert.equal(usage.outputTokens, 9);
    assert.match(out, /event: content_block_delta\n/, 'the event names are kept');
  }
});

test('alert: nothing changes, the hit is reported', async () => {
  const raw = openaiFrames([`here ${SECRET} it is`]);
  const { out, spotted } = await guard(openai, 'alert', raw, [40]);
  assert.equal(out, raw);
  assert.equal(spotted.length, 1);
});
