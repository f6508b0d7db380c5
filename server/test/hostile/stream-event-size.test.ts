// One streamed event larger than the policy reads (4 MB), from a hostile provider, through every
// provider shape (issue 14, section 2). Before the limit stopped it, the event passed on unread: a
// secret after 4.5 MB reached the caller. Now the stream ends with the provider's own error event
// (fail closed), recorded, as a JSON answer past 32 MB is refused.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startGatewayFixture, type GatewayFixture } from '../helpers/gateway.ts';
import { policyDoc, setPolicy } from '../helpers/policy.ts';
import {
  assertRecorded,
  assertServes,
  assertStreamError,
  AWS_KEY,
  LANES,
  send,
  type Lane,
} from './gateway-lanes.ts';

/** The first piece of the answer's text becomes `text` (in whichever field the provider carries it). */
const firstPieceIs = (text: string) => (wire: string) => wire.replace(/Mock reply part 1\. /, text);

eachEngine('hostile: one streamed event past 4 MB', (engine) => {
  let f: GatewayFixture;
  before(async () => {
    f = await startGatewayFixture(engine);
    await setPolicy(f.admin, policyDoc('redact'));
  });
  after(() => f.close());

  async function streamed(lane: Lane, text: string) {
    f.upstream.configure({ rewrite: firstPieceIs(text) });
    try {
      return await send(f, lane, lane.body(lane.messages('Answer, please.'), true), true);
    } finally {
      f.upstream.configure({ rewrite: undefined });
    }
  }

  for (const lane of LANES) {
    describe(lane.family, () => {
      test('an event of 4.5 MB with a secret at its end is stopped, fail closed, and recorded', async () => {
        const sent = await streamed(lane, `${'x'.repeat(4.5 * 1024 * 1024)} ${AWS_KEY} `);
        assert.ok(!sent.text.includes(AWS_KEY), 'the secret reached the caller');
        assert.ok(!sent.text.includes('xxxxxxxx'), 'the event passed on unread');
        assert.match(assertStreamError(lane, sent, 'event_too_large'), /4 MB/);
        await assertRecorded(f, sent, 'blocked', 'event_too_large');
        await assertServes(f, lane);
      });

      test('an event of 3 MB is still read whole: its secret is redacted, the stream completes', async () => {
        const sent = await streamed(lane, `${'y'.repeat(3 * 1024 * 1024)} ${AWS_KEY} `);
        assert.equal(sent.status, 200);
        assert.ok(!sent.text.includes(AWS_KEY), 'the secret reached the caller');
        assert.ok(sent.text.includes('[REDACTED:aws-access-key]'), 'the secret was not redacted');
        assert.match(sent.text, /Mock reply part 2/);
        await assertRecorded(f, sent, 'redacted', null);
      });
    });
  }
});
