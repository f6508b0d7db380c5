// A key given twice in one JSON object (issue 14, section 2). JSON.parse keeps the last, so the policy
// read the last "messages" while the raw body, forwarded as sent when nothing was redacted, carried
// the first (and a secret in it) to the provider. Now such a request is refused with a 400 in the
// provider's shape; an answer with a key given twice goes to the caller as the policy read it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startGatewayFixture, type GatewayFixture } from '../helpers/gateway.ts';
import { policyDoc, setPolicy } from '../helpers/policy.ts';
import {
  assertRecorded,
  assertRefused,
  assertServes,
  AWS_KEY,
  LANES,
  send,
  type Lane,
} from './gateway-lanes.ts';

eachEngine('hostile: duplicate JSON keys', (engine) => {
  let f: GatewayFixture;
  before(async () => {
    f = await startGatewayFixture(engine);
    await setPolicy(f.admin, policyDoc('block'));
  });
  after(() => f.close());

  /** The request is refused, recorded, reaches no provider, and the server serves the next. */
  async function refused(lane: Lane, body: string, stream: boolean) {
    const before = f.upstream.requests.length;
    const sent = await send(f, lane, body, stream);
    const message = assertRefused(lane, sent, 'duplicate_key');
    assert.equal(f.upstream.requests.length, before, 'the request reached the provider');
    await assertRecorded(f, sent, 'gateway_error', 'duplicate_key');
    await assertServes(f, lane);
    return { sent, message };
  }

  for (const lane of LANES) {
    describe(lane.family, () => {
      const list = lane.family === 'gemini' ? 'contents' : 'messages';
      for (const stream of [false, true]) {
        const how = stream ? 'streamed' : 'not streamed';

        test(`two "${list}", the secret in the first (${how}): a 400 naming the key`, async () => {
          const first = lane.messages(`deploy with ${AWS_KEY}`);
          const body = lane
            .body(lane.messages('Say hello.'), stream)
            .replace(`"${list}":`, `"${list}":${first},"${list}":`);
          const { sent, message } = await refused(lane, body, stream);
          assert.ok(message.includes(`"${list}"`), 'the message does not name the key');
          assert.ok(!sent.text.includes(AWS_KEY));
        });
      }

      test('a key given twice deeper down, or spelt with an escape, is refused too', async () => {
        const text = lane.family === 'gemini' ? 'text' : 'content';
        const inner = lane.messages('Say hello.').replace(`"${text}":`, `"${text}":"${AWS_KEY}","${text}":`);
        await refused(lane, lane.body(inner, false), false);
        const escaped = lane
          .body(lane.messages('Say hello.'), false)
          .replace(`"${list}":`, `"${list}":${lane.messages(AWS_KEY)},"${list.replace('s', '\\u0073')}":`);
        await refused(lane, escaped, false);
      });

      test('the same key in sibling objects is not a duplicate', async () => {
        const two = lane.messages('Say hello.').replace(/\]$/, `,${lane.messages('Again.').slice(1)}`);
        const sent = await send(f, lane, lane.body(two, false), false);
        assert.equal(sent.status, 200, sent.text.slice(0, 300));
      });

      for (const stream of [false, true]) {
        const how = stream ? 'streamed' : 'not streamed';
        test(`an answer with a key given twice, the secret in the first (${how}), reaches the caller as read`, async () => {
          // The answer's text field given twice: the secret first, the mock's own text last.
          const field = lane.family === 'openai' || lane.family === 'azure' ? 'content' : 'text';
          f.upstream.configure({
            rewrite: (wire) =>
              wire.replace(
                new RegExp(`"${field}":"Mock reply part 1`),
                `"${field}":"${AWS_KEY}","${field}":"Mock reply part 1`,
              ),
          });
          try {
            const sent = await send(f, lane, lane.body(lane.messages('Answer, please.'), stream), stream);
            assert.equal(sent.status, 200, sent.text.slice(0, 300));
            assert.ok(!sent.text.includes(AWS_KEY), 'the secret reached the caller');
            assert.match(sent.text, /Mock reply part 1/);
          } finally {
            f.upstream.configure({ rewrite: undefined });
          }
        });
      }
    });
  }
});
