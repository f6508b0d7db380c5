// A Collector that cannot be reached costs the Gateway nothing but the spans: requests are answered as
// ever, the exporter's failure reaches the log as a warning (not once per batch), the collector's API
// key given in OTEL_EXPORTER_OTLP_HEADERS never appears in it, and a stop does not hang on the export.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, test } from 'node:test';
import { createLogger } from '../../src/http/logger.ts';
import { eachEngine } from '../helpers/engines.ts';
import { MODELS, startGatewayFixture, type GatewayFixture } from '../helpers/gateway.ts';

const COLLECTOR_KEY = 'collector-api-key-5f1c9a';

eachEngine('Traces with the Collector down', (engine) => {
  let f: GatewayFixture;
  const lines: string[] = [];

  before(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    f = await startGatewayFixture(engine, {
      server: {
        log: createLogger('info', sink),
        env: {
          // A closed port: every export is refused at once.
          OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9',
          OTEL_EXPORTER_OTLP_HEADERS: `authorization=Bearer%20${COLLECTOR_KEY}`,
          // A batch goes as soon as it holds two spans (a request's pair), and never on the timer: a
          // lone span waits for the stop.
          OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '2',
          OTEL_BSP_SCHEDULE_DELAY: '600000',
          OTEL_EXPORTER_OTLP_TIMEOUT: '1000',
        },
      },
    });
  });
  after(() => f?.close());

  test('requests are answered; one warning per kind of failure, without the key; the stop completes', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${f.gatewayUrl}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${f.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: MODELS.openai, messages: [{ role: 'user', content: 'hi' }] }),
      });
      assert.equal(res.status, 200);
      await res.json();
      // Each in a batch of its own: five failed exports.
      await new Promise((r) => setTimeout(r, 100));
    }
    const deadline = Date.now() + 10_000;
    const warnings = () => lines.filter((l) => l.includes('"msg":"traces: '));
    while (warnings().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    assert.ok(warnings().length >= 1, 'the failed export is logged');
    const kinds = new Set(warnings().map((l) => JSON.parse(l).msg.replace(/\d+/g, '#')));
    assert.equal(
      warnings().length,
      kinds.size,
      `one line per kind of failure a minute: ${warnings().join('\n')}`,
    );
    assert.ok(!lines.some((l) => l.includes(COLLECTOR_KEY)), 'the collector’s key is in the log');
    assert.ok(lines.some((l) => l.includes('exporting traces over OTLP/HTTP')));
    // One request refused before it goes upstream (a lone SERVER span, left queued), then the stop,
    // whose export of it fails.
    const refused = await fetch(`${f.gatewayUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODELS.openai, messages: [] }),
    });
    assert.equal(refused.status, 401);
    await f.activityOf(refused.headers.get('x-gatehouse-request-id'));
    // The stop completes all the same (the fixture's close, in after(), then finds it done).
    await f.server.gatehouse.close();
    assert.ok(lines.some((l) => l.includes('the spans still queued at the stop could not be exported')));
    assert.ok(!lines.some((l) => l.includes(COLLECTOR_KEY)));
  });
});
