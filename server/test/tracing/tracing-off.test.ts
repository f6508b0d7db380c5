// Tracing is off unless configured, and then costs nothing: the real program (`npm start`), with a
// module resolution hook that writes down every OpenTelemetry module it loads, is started with no
// OTEL_* setting and with OTEL_SDK_DISABLED=true beside an endpoint; it takes a Gateway request, stops,
// and must have sent the receiver nothing and loaded nothing of OpenTelemetry. The same program with
// the endpoint alone is the control: it loads the SDK and the span arrives.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { runProgram } from '../helpers/child-process.ts';
import { eachEngine, freshStore } from '../helpers/engines.ts';
import { startOtlpReceiver, type OtlpReceiver } from '../helpers/otlp-receiver.ts';

const MODULE_LOG = pathToFileURL(path.resolve(import.meta.dirname, 'fixtures/module-log.mjs')).href;

/** Runs the program with `env`, sends one Gateway request, stops it; the OpenTelemetry modules it loaded. */
async function oneRequest(
  engine: 'sqlite' | 'postgres',
  env: Record<string, string>,
): Promise<{ loaded: string[]; requestId: string }> {
  const store = await freshStore(engine);
  const log = path.join(store.dataDir, 'modules.log');
  try {
    // A start on a busy machine can take longer than the helper's usual wait.
    const run = await runProgram(
      store,
      { NODE_OPTIONS: `--import ${MODULE_LOG}`, GATEHOUSE_TEST_MODULE_LOG: log, ...env },
      90_000,
    );
    try {
      // Unauthenticated: refused by the Gateway, and recorded (so traced, when tracing is on).
      const res = await fetch(`${run.gatewayUrl}/v1/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"model":"claude-sonnet-4-5","max_tokens":1,"messages":[]}',
      });
      assert.equal(res.status, 401);
      const requestId = res.headers.get('x-gatehouse-request-id')!;
      const { code } = await run.program.stop('SIGTERM');
      assert.equal(code, 0, run.program.stdout);
      const loaded = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];
      return { loaded, requestId };
    } finally {
      await run.program.stop('SIGKILL');
    }
  } finally {
    await store.cleanup();
  }
}

eachEngine('Traces off unless configured', (engine) => {
  let otlp: OtlpReceiver;

  test('no OTEL_* setting: nothing sent, nothing of OpenTelemetry loaded', async () => {
    otlp = await startOtlpReceiver();
    try {
      const { loaded } = await oneRequest(engine, {});
      assert.deepEqual(loaded, []);
      assert.equal(otlp.bodies.length, 0);
    } finally {
      await otlp.close();
    }
  });

  test('OTEL_SDK_DISABLED=true beside an endpoint: nothing sent, nothing loaded', async () => {
    otlp = await startOtlpReceiver();
    try {
      const { loaded } = await oneRequest(engine, {
        OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
        OTEL_SDK_DISABLED: 'true',
      });
      assert.deepEqual(loaded, []);
      assert.equal(otlp.bodies.length, 0);
    } finally {
      await otlp.close();
    }
  });

  test('the control: an endpoint alone turns tracing on, loads the SDK, and the span arrives by the stop', async () => {
    otlp = await startOtlpReceiver();
    try {
      const { loaded, requestId } = await oneRequest(engine, { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url });
      assert.ok(
        loaded.some((url) => url.includes('/@opentelemetry/sdk-trace-base/')),
        `modules seen: ${loaded.length}`,
      );
      const spans = otlp.spans.filter((s) => s.attributes['gatehouse.request.id'] === requestId);
      assert.equal(spans.length, 1);
      assert.equal(spans[0]!.attributes['error.type'], 'missing_token');
    } finally {
      await otlp.close();
    }
  });
});
