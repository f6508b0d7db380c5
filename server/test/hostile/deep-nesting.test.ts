// JSON nested thousands deep, from a caller and from a hostile provider, through every provider shape,
// streamed and not (issue 14, section 1). Before the depth cap a streamed answer like these ended the
// whole process (a recursive walk, or JSON.stringify, overflowing the stack inside a stream transform)
// and a request like these answered 500. Now: a request is refused with a 400 naming the limit, an
// answer is stopped (fail closed) with the provider's own error, each recorded, and the same server
// serves the next request.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { MAX_JSON_DEPTH } from '../../src/gateway/json-limits.ts';
import { eachEngine } from '../helpers/engines.ts';
import { startGatewayFixture, type GatewayFixture } from '../helpers/gateway.ts';
import { policyDoc, setPolicy } from '../helpers/policy.ts';
import { replyPiecesHeader } from '../mocks/mock-upstream.ts';
import {
  assertRecorded,
  assertRefused,
  assertServes,
  assertStreamError,
  AWS_KEY,
  deepArray,
  deepObject,
  LANES,
  send,
  type Lane,
} from './gateway-lanes.ts';

const limit = new RegExp(`\\b${MAX_JSON_DEPTH}\\b`);

/**
 * Puts `deep` (raw JSON) into the answer as a field of the JSON object that carries `marker`: the
 * top-level object of an SSE event's data, or of a whole JSON answer.
 */
function withDeepField(marker: string, deep: string) {
  return (wire: string) => {
    if (!wire.includes(marker)) return wire;
    return wire.startsWith('{') || wire.startsWith('[')
      ? wire.replace('{', `{"x_deep":${deep},`)
      : wire.replace(/^data: \{/m, `data: {"x_deep":${deep},`);
  };
}

/** Gemini: the first text part becomes a function call whose args are `deep` (raw JSON). */
const geminiCall = (deep: string) => (wire: string) =>
  wire.replace(/\{"text":"Mock reply part 1\.[^"]*"\}/, `{"functionCall":{"name":"lookup","args":${deep}}}`);

eachEngine('hostile: JSON nested deep through the Gateway', (engine) => {
  let f: GatewayFixture;
  before(async () => {
    f = await startGatewayFixture(engine);
    await setPolicy(f.admin, policyDoc('redact'));
  });
  after(() => f.close());

  /** Sends an ordinary request while the mock answers with `rewrite` applied; `pieces`: the answer's text. */
  async function answered(lane: Lane, stream: boolean, rewrite: (wire: string) => string, pieces?: string[]) {
    f.upstream.configure({ rewrite });
    try {
      const body = lane.body(lane.messages('Answer, please.'), stream);
      return await send(f, lane, body, stream, pieces ? replyPiecesHeader(pieces) : {});
    } finally {
      f.upstream.configure({ rewrite: undefined });
    }
  }

  for (const lane of LANES) {
    describe(`${lane.family}`, () => {
      for (const stream of [true, false]) {
        const how = stream ? 'streamed' : 'not streamed';

        test(`an answer nested 4,500 deep (${how}) is stopped, fail closed, and recorded`, async () => {
          const rewrite =
            lane.family === 'gemini'
              ? geminiCall(deepObject(4_500))
              : withDeepField('Mock reply part 1', deepArray(4_500));
          const sent = await answered(lane, stream, rewrite);
          const message = stream
            ? assertStreamError(lane, sent, 'json_too_deep')
            : assertRefused(lane, sent, 'json_too_deep');
          assert.match(message, limit);
          assert.ok(!sent.text.includes('[[[['), 'the deep value reached the caller');
          await assertRecorded(f, sent, 'blocked', 'json_too_deep');
          await assertServes(f, lane);
        });

        test(`an answer to be redacted with a field nested 12,000 deep (${how}) is stopped`, async () => {
          const pieces = [`The key is ${AWS_KEY} here. `, 'That is all. '];
          const sent = await answered(lane, stream, withDeepField(AWS_KEY, deepArray(12_000)), pieces);
          const message = stream
            ? assertStreamError(lane, sent, 'json_too_deep')
            : assertRefused(lane, sent, 'json_too_deep');
          assert.match(message, limit);
          assert.ok(!sent.text.includes(AWS_KEY), 'the secret reached the caller');
          await assertRecorded(f, sent, 'blocked', 'json_too_deep');
          await assertServes(f, lane);
        });

        test(`a request with a secret and a value nested 5,000 deep (${how}) is a 400 naming the limit`, async () => {
          const before = f.upstream.requests.length;
          const messages = lane.messages(`deploy with ${AWS_KEY}`).replace(/\]$/, `,${deepArray(5_000)}]`);
          const sent = await send(f, lane, lane.body(messages, stream), stream);
          assert.match(assertRefused(lane, sent, 'json_too_deep'), limit);
          assert.equal(f.upstream.requests.length, before, 'the request reached the provider');
          await assertRecorded(f, sent, 'gateway_error', 'json_too_deep');
          await assertServes(f, lane);
        });
      }
    });
  }

  test(`a request nested exactly ${MAX_JSON_DEPTH} deep passes (a deep tool schema is not refused)`, async () => {
    const lane = LANES[0]!;
    // The body and the message list are two levels, the message one more.
    const messages = lane.messages('Say hello.').replace(/\]$/, `,${deepArray(MAX_JSON_DEPTH - 2)}]`);
    const sent = await send(f, lane, lane.body(messages, false), false);
    assert.equal(sent.status, 200, sent.text.slice(0, 300));
    const deeper = lane.messages('Say hello.').replace(/\]$/, `,${deepArray(MAX_JSON_DEPTH - 1)}]`);
    assertRefused(lane, await send(f, lane, lane.body(deeper, false), false), 'json_too_deep');
  });
});
