// What the Google Gen AI SDK tests (gateway/gemini-sdk*.test.ts) share: the constants, and the
// lookups and assertions both halves use.
// Every assert.ok here carries a message: without one, a failing assert.ok makes Node 20 re-read this
// file to quote the expression, at the line and column of the code tsx generated, and that search
// has been seen to spin for many minutes.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError } from '@google/genai';
import { MODELS, type ActivityView, type GatewayFixture } from './gateway.ts';
import { MOCK_KEYS, type Fault, type RecordedRequest } from '../mocks/mock-upstream.ts';

export const REPLY = 'Mock reply part 1. Mock reply part 2. Mock reply part 3. Mock reply part 4. ';
export const MODEL = MODELS.gemini;
export const REQUEST_ID = 'x-gatehouse-request-id';
export const PROMPT = 'Why is the sky blue? '.repeat(10);
export const TIMEOUT = { timeout: 120_000 };

/** A header that lets a test find its own request among those the mock upstream received. */
export function tagged(extra: Record<string, string> = {}) {
  const tag = randomUUID();
  return { tag, httpOptions: { headers: { 'x-test-tag': tag, ...extra } } };
}
export const fault = (f: Fault) => tagged({ 'x-mock-fault': f });

export interface GoogleError {
  error: { code: number; message: string; status: string; details?: unknown[] };
}

/** The lookups and assertions on the fixture `fx()` returns (it is started in the suite's `before`). */
export function geminiLookups(fx: () => GatewayFixture) {
  /** How many activity records there are now: a test's own come after. */
  const mark = async () => (await fx().activity(0)).length;

  /** The first activity record after `since` that `match` accepts. */
  async function activityAfter(since: number, match: (r: ActivityView) => boolean): Promise<ActivityView> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const found = (await fx().activity(0)).slice(since).find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching activity record after ${since}`);
      await sleep(25);
    }
  }
  const byRequestId = (since: number, headers: Record<string, string> | undefined) => {
    const id = headers?.[REQUEST_ID];
    assert.match(id ?? '', /^req_/, `the Gateway answers with ${REQUEST_ID}`);
    return activityAfter(since, (r) => r.request_id === id);
  };

  const upstreamFor = (tag: string): Promise<RecordedRequest> =>
    fx().upstream.waitFor((r) => r.headers['x-test-tag'] === tag, 10_000);
  const reachedUpstream = (tag: string) =>
    fx().upstream.requests.some((r) => r.headers['x-test-tag'] === tag);

  function assertNoCallerToken(up: RecordedRequest) {
    assert.equal(up.headers['x-goog-api-key'], MOCK_KEYS.gemini, 'the provider key goes upstream');
    assert.equal(up.headers.authorization, undefined);
    assert.equal(up.query.key, undefined, 'no ?key= goes upstream');
    for (const [name, value] of Object.entries(up.headers)) {
      assert.ok(
        !String(value).includes(fx().token),
        `the caller's token must not reach the provider (${name})`,
      );
    }
    assert.ok(!JSON.stringify(up.query).includes(fx().token), '!JSON.stringify(up.query).includes(fx.token)');
  }

  return { mark, activityAfter, byRequestId, upstreamFor, reachedUpstream, assertNoCallerToken };
}

/** Runs `call`, which must reject with ApiError and `status`; returns the error and its parsed body. */
export async function apiError(
  call: Promise<unknown>,
  status: number,
): Promise<{ err: ApiError; body: GoogleError }> {
  const err = await call.then(
    () => assert.fail(`expected ApiError ${status}, but the call succeeded`),
    (e: unknown) => e,
  );
  assert.ok(
    err instanceof ApiError,
    `expected ApiError, got ${(err as Error)?.constructor?.name}: ${(err as Error)?.message}`,
  );
  assert.equal(err.status, status);
  // The SDK's message is the error body as JSON.
  return { err, body: JSON.parse(err.message) as GoogleError };
}

/** The Gateway's own refusal: Google's error shape, with Gatehouse's message. */
export function assertGatewayBody(
  err: ApiError,
  body: GoogleError,
  code: number,
  status: string,
  phrase: string,
) {
  assert.ok(
    err.message.includes(JSON.stringify(phrase).slice(1, -1)),
    `the SDK's message names "${phrase}": ${err.message}`,
  );
  assert.deepEqual(Object.keys(body), ['error']);
  assert.deepEqual(Object.keys(body.error).sort(), ['code', 'message', 'status']);
  assert.equal(body.error.code, code);
  assert.equal(body.error.status, status);
  assert.ok(body.error.message.includes(phrase), body.error.message);
}
