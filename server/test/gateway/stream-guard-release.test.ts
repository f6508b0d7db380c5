// When the policy on a stream lets text go: as soon as it cannot be part of a match. An event whose end
// could begin a secret goes on with its head, and the tail follows in an event of the provider's own
// shape; an event with no text (OpenAI's first, with the role) is never held; a policy that can only
// record (alert, monitor) holds nothing back at all.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { StreamGuard } from '../../src/gateway/stream-guard.ts';
import { anthropic } from '../../src/gateway/providers/anthropic.ts';
import { gemini } from '../../src/gateway/providers/gemini.ts';
import { openai } from '../../src/gateway/providers/openai.ts';
import type { Provider } from '../../src/gateway/providers/provider-types.ts';
import type { Spotted } from '../../src/gateway/json-guard.ts';
import type { Action, Enforcement } from '../../src/policy/policy-types.ts';
import {
  PLACEHOLDER,
  anthropicFrames,
  events,
  geminiFrames,
  openaiFrames,
  openaiText,
  policy,
} from '../helpers/stream-frames.ts';

/** A guard fed by hand: `send` writes raw SSE and returns what came out since the last call. */
function openGuard(
  provider: Provider,
  action: Action,
  enforcement: Enforcement = 'enforce',
  pii: Action = 'off',
) {
  const spotted: Spotted[] = [];
  const g = new StreamGuard(provider, policy(action, enforcement, pii), true, {
    spotted: (s) => spotted.push(...s),
    blocked: () => assert.fail('blocked'),
    failed: (code) => assert.fail(`the guard failed: ${code}`),
  });
  let out = '';
  g.on('data', (d: Buffer | string) => (out += d.toString()));
  const ended = new Promise<void>((resolve) => g.on('end', resolve));
  const take = () => {
    const got = out;
    out = '';
    return got;
  };
  return {
    async send(raw: string): Promise<string> {
      g.write(Buffer.from(raw));
      await new Promise((r) => setImmediate(r));
      return take();
    },
    async end(): Promise<string> {
      g.end();
      await ended;
      return take();
    },
    spotted: () => spotted.length,
    values: () => spotted.map((s) => s.value),
  };
}

/** The SSE events of a framed stream, one string each (blank-line ended, CRLF or LF). */
const split = (framed: string) => framed.split(/(?<=\r?\n\r?\n)/).filter(Boolean);

const HEAD = 'Here is the configuration you asked for, with the key ';
const PIECES = [`${HEAD}AKIAQYLPMN5H`, 'FIQR7XQZ and the region.'];

const textOf: Record<string, (out: string) => string> = {
  openai: openaiText,
  anthropic: (out) =>
    events(out)
      .map((e) => (e as { delta?: { text?: string } }).delta?.text ?? '')
      .join(''),
  gemini: (out) =>
    events(out.replace(/\r\n/g, '\n'))
      .map((e) => (e as { candidates?: { content?: { parts?: { text?: string }[] } }[] }).candidates)
      .map((c) => c?.[0]?.content?.parts?.[0]?.text ?? '')
      .join(''),
};

const shapes: { name: string; provider: Provider; frames: (p: string[]) => string; lead: number }[] = [
  { name: 'openai', provider: openai, frames: openaiFrames, lead: 0 },
  // message_start and content_block_start come before the first delta.
  { name: 'anthropic', provider: anthropic, frames: anthropicFrames, lead: 2 },
  { name: 'gemini', provider: gemini, frames: geminiFrames, lead: 0 },
];

for (const { name, provider, frames, lead } of shapes) {
  test(`${name}: an event whose end could begin a secret goes on with its head; the tail follows`, async () => {
    const all = split(frames(PIECES));
    const g = openGuard(provider, 'redact');
    const before = lead ? await g.send(all.slice(0, lead).join('')) : '';
    const first = await g.send(all[lead]!);
    assert.equal(textOf[name]!(first), HEAD, 'the head went on before the next event came');
    assert.ok(!first.includes('AKIA'), 'no piece of the secret went on');
    const rest = (await g.send(all.slice(lead + 1).join(''))) + (await g.end());
    assert.equal(textOf[name]!(first + rest), `${HEAD}${PLACEHOLDER} and the region.`);
    assert.equal(g.spotted(), 1, 'spotted once');
    // The tail's event is one of the provider's own: it parses, in the shape its SDK reads.
    const carried = events((before + first + rest).replace(/\r\n/g, '\n'))[lead + 1] as Record<
      string,
      unknown
    >;
    if (name === 'openai') {
      assert.deepEqual(carried, {
        id: 'c1',
        object: 'chat.completion.chunk',
        choices: [
          {
            index: 0,
            delta: { content: PLACEHOLDER },
            logprobs: null,
            finish_reason: null,
          },
        ],
      });
    } else if (name === 'anthropic') {
      assert.match(rest, /^event: content_block_delta\n/, 'the carried event is named');
      assert.deepEqual(carried, {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'text_delta', text: PLACEHOLDER },
      });
    } else {
      assert.deepEqual(carried, {
        candidates: [{ content: { role: 'model', parts: [{ text: PLACEHOLDER }] }, index: 0 }],
        modelVersion: 'gemini-2.5-flash',
        responseId: 'r1',
      });
    }
  });
}

test('OpenAI: the first chunk, with the role and empty content, goes on at once', async () => {
  const role = `data: ${JSON.stringify({
    id: 'c1',
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
  })}\n\n`;
  const g = openGuard(openai, 'redact');
  assert.equal(await g.send(role), role);
  await g.end();
});

test('a head of only white space is not split off: the event waits whole', async () => {
  const g = openGuard(openai, 'redact');
  const all = split(openaiFrames(['Hello', ' AKIAQYLP', 'MN5HFIQR7XQZ']));
  const first = await g.send(all[0]! + all[1]!);
  assert.equal(openaiText(first), 'Hello', 'the word before went on, the space did not go alone');
  assert.equal(events(first).length, 1, 'no event was made for a lone space');
  await g.end();
});

test('clean text is not held back past what could begin a match', async () => {
  const g = openGuard(openai, 'redact');
  const [clean] = split(openaiFrames(['Hello there. This sentence is clean. ']));
  assert.equal(await g.send(clean!), clean, 'a clean event ending in a space goes on whole and unchanged');
  await g.end();
});

for (const [action, enforcement] of [
  ['alert', 'enforce'],
  ['redact', 'monitor'],
] as const) {
  test(`${action} under ${enforcement}: nothing is held back or changed; a split secret is still found`, async () => {
    const all = split(openaiFrames(PIECES));
    const g = openGuard(openai, action, enforcement);
    assert.equal(await g.send(all[0]!), all[0], 'the first event went on whole at once');
    assert.equal(await g.send(all.slice(1).join('')), all.slice(1).join(''));
    await g.end();
    assert.equal(g.spotted(), 1, 'the secret was found across the two events');
  });
}

test('a detector that only alerts holds nothing back, and still reads a match split across events', async () => {
  const g = openGuard(openai, 'redact', 'enforce', 'alert');
  const all = split(openaiFrames(['Mock reply part 1. Call +1 415 555 ', '0134 today.']));
  assert.equal(
    await g.send(all[0]!),
    all[0],
    'the first event went on whole: no secret could start at its end',
  );
  await g.send(all.slice(1).join(''));
  await g.end();
  assert.deepEqual(g.values(), ['+1 415 555 0134'], 'the phone number was seen whole, once');
});
