// What the Anthropic SDK tests (gateway/anthropic-sdk*.test.ts) share: the constants, the request
// they send, and the lookups and assertions both halves use.
// Every assert.ok here carries a message: without one, a failing assert.ok makes Node 20 re-read this
// file to quote the expression, at the line and column of the code tsx generated, and that search
// has been seen to spin for many minutes.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { APIError } from '@anthropic-ai/sdk';
import type { ActivityView, GatewayFixture } from './gateway.ts';
import type { Fault, RecordedRequest } from '../mocks/mock-upstream.ts';

export const REPLY = 'Mock reply part 1. Mock reply part 2. Mock reply part 3. Mock reply part 4. ';
// MODELS.anthropic (claude-sonnet-4-5) makes SDK 1.12 print a deprecation warning on every call: a
// model the fixture's key enables (claude-*) that the SDK does not warn about keeps the output clean.
export const MODEL = 'claude-haiku-4-5';
export const REQUEST_ID = 'x-gatehouse-request-id';
export const TIMEOUT = { timeout: 120_000 };

export const params = {
  model: MODEL,
  max_tokens: 256,
  messages: [{ role: 'user' as const, content: 'Hello, Claude. '.repeat(20) }],
};

/** A header that lets a test find its own request among those the mock upstream received. */
export const tagged = (extra: Record<string, string> = {}) => {
  const tag = randomUUID();
  return { tag, options: { headers: { 'x-test-tag': tag, ...extra } } };
};
export const fault = (f: Fault) => tagged({ 'x-mock-fault': f });

/** The lookups on the fixture `fx()` returns (it is started in the suite's `before`). */
export function anthropicLookups(fx: () => GatewayFixture) {
  /** The activity record of one Gateway request, by the request id the Gateway answered with. */
  async function activityFor(requestId: string | null | undefined): Promise<ActivityView> {
    assert.ok(requestId, `the Gateway answers with ${REQUEST_ID}`);
    const deadline = Date.now() + 15_000;
    for (;;) {
      const found = (await fx().activity(0)).find((r) => r.request_id === requestId);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no activity record for ${requestId}`);
      await sleep(25);
    }
  }

  const upstreamFor = (tag: string): Promise<RecordedRequest> =>
    fx().upstream.waitFor((r) => r.headers['x-test-tag'] === tag, 10_000);
  const reachedUpstream = (tag: string) =>
    fx().upstream.requests.some((r) => r.headers['x-test-tag'] === tag);

  return { activityFor, upstreamFor, reachedUpstream };
}

/** Runs `call`, which must reject with `cls` and `status`; returns the error. */
export async function rejection<E extends APIError>(
  call: Promise<unknown>,
  cls: abstract new (...a: any[]) => E,
  status: number,
): Promise<E> {
  const err = await call.then(
    () => assert.fail(`expected ${cls.name} ${status}, but the call succeeded`),
    (e: unknown) => e,
  );
  assert.ok(
    err instanceof cls,
    `expected ${cls.name}, got ${(err as Error)?.constructor?.name}: ${(err as Error)?.message}`,
  );
  assert.equal(err.status, status);
  return err;
}

/**
 * The Gateway's own refusal, in Anthropic's error shape, with Gatehouse's message. The SDK's message is
 * the status and the body as JSON (the body has no top-level message), so quotes in it are escaped.
 */
export function assertGatewayBody(err: APIError, type: string, phrase: string) {
  const escaped = JSON.stringify(phrase).slice(1, -1);
  assert.ok(err.message.includes(escaped), `message ${JSON.stringify(err.message)} names "${phrase}"`);
  assert.ok(err.message.startsWith(`${err.status} `), 'err.message.startsWith(`${err.status} `)');
  const body = err.error as { type: string; error: { type: string; message: string } };
  assert.deepEqual(Object.keys(body).sort(), ['error', 'type']);
  assert.equal(body.type, 'error');
  assert.deepEqual(Object.keys(body.error).sort(), ['message', 'type']);
  assert.equal(body.error.type, type);
  assert.ok(body.error.message.includes(phrase), 'body.error.message.includes(phrase)');
  assert.equal(err.type, type);
  assert.match(err.headers?.get('content-type') ?? '', /^application\/json/);
}
