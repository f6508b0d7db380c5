// Streams as each provider frames them, a policy with a secrets action (and PII's, off by default), and the events read back:
// for the tests of the policy on a stream (stream-guard*.test.ts).
import assert from 'node:assert/strict';
import { compilePolicy } from '../../src/policy/evaluation.ts';
import type { Action, Enforcement } from '../../src/policy/policy-types.ts';

export const SECRET = 'AKIAQYLPMN5HFIQR7XQZ';
export const PLACEHOLDER = '[REDACTED:aws-access-key]';

export function policy(action: Action, enforcement: Enforcement = 'enforce', pii: Action = 'off') {
  const doc = {
    enforcement,
    detectors: {
      secrets: { action, allowlist: [] },
      pii: { action: pii, allowlist: [] },
      custom: [],
      slopsquat: { action: 'off' as const, young_days: 30, allowlist: [] },
    },
    tools: [],
  };
  return compilePolicy(doc, 1, (detector, err) => assert.fail(`${detector} failed: ${String(err)}`));
}

export const openaiFrames = (pieces: string[]) =>
  [
    ...pieces.map(
      (content) =>
        `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`,
    ),
    `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
    'data: [DONE]\n\n',
  ].join('');

/** Gemini's streamGenerateContent?alt=sse chunks: one per piece, the last with its finishReason. */
export const geminiFrames = (pieces: string[]) =>
  pieces
    .map((text, n) => {
      const last = n === pieces.length - 1;
      const chunk = {
        candidates: [
          {
            content: { role: 'model', parts: [{ text }] },
            index: 0,
            ...(last ? { finishReason: 'STOP' } : {}),
          },
        ],
        usageMetadata: { promptTokenCount: 5, candidatesTokenCount: n + 1, totalTokenCount: n + 6 },
        modelVersion: 'gemini-2.5-flash',
        responseId: 'r1',
      };
      return `data: ${JSON.stringify(chunk)}\r\n\r\n`;
    })
    .join('');

export const anthropicFrames = (pieces: string[]) =>
  [
    `event: message_start\ndata: ${JSON.stringify({ type: 'message_start', message: { id: 'm', usage: { input_tokens: 5, output_tokens: 1 } } })}\n\n`,
    `event: content_block_start\ndata: ${JSON.stringify({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } })}\n\n`,
    ...pieces.map(
      (text) =>
        `event: content_block_delta\ndata: ${JSON.stringify({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } })}\n\n`,
    ),
    `event: content_block_stop\ndata: ${JSON.stringify({ type: 'content_block_stop', index: 0 })}\n\n`,
    `event: message_delta\ndata: ${JSON.stringify({ type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 9 } })}\n\n`,
    `event: message_stop\ndata: ${JSON.stringify({ type: 'message_stop' })}\n\n`,
  ].join('');

/** The events' data, each parsed (every data line must be JSON but OpenAI's [DONE]). */
export function events(out: string): unknown[] {
  return out
    .split(/\n\n/)
    .filter(Boolean)
    .map((e) =>
      e
        .split('\n')
        .find((l) => l.startsWith('data: '))!
        .slice(6),
    )
    .filter((d) => d !== '[DONE]')
    .map((d) => JSON.parse(d) as unknown);
}

export const openaiText = (out: string) =>
  events(out)
    .map((e) => (e as { choices?: { delta?: { content?: string } }[] }).choices?.[0]?.delta?.content ?? '')
    .join('');
