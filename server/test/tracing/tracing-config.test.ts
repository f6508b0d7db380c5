// When tracing is on, and what the standard OTEL_* variables mean to Gatehouse: the specification's
// precedence and defaults, and a wrong value stopped at start with a line naming the variable (and
// never echoing a header, which often holds a collector's API key).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError } from '../../src/config-source.ts';
import { tracingSettings } from '../../src/tracing/tracing-config.ts';

describe('tracing settings', () => {
  test('off unless configured: no variables, only a service name, disabled, or the exporter none', () => {
    assert.equal(tracingSettings({}), null);
    assert.equal(tracingSettings({ OTEL_SERVICE_NAME: 'gw', OTEL_TRACES_SAMPLER: 'always_on' }), null);
    assert.equal(
      tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'TRUE' }),
      null,
    );
    assert.equal(
      tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_EXPORTER: 'none' }),
      null,
    );
  });

  test('on with an endpoint, or with OTEL_TRACES_EXPORTER=otlp and the specification’s default one', () => {
    assert.equal(
      tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318/' })!.url,
      'http://c:4318/v1/traces',
    );
    assert.equal(
      tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example.com/otlp' })!.url,
      'https://otel.example.com/otlp/v1/traces',
    );
    // The traces-specific endpoint is the full URL, and wins over the generic one.
    assert.equal(
      tracingSettings({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://t:9999/custom',
      })!.url,
      'http://t:9999/custom',
    );
    assert.equal(tracingSettings({ OTEL_TRACES_EXPORTER: 'otlp' })!.url, 'http://localhost:4318/v1/traces');
    assert.ok(tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'false' }));
  });

  test('headers, resource, service name, sampler and batch settings as the specification reads them', () => {
    const s = tracingSettings({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318',
      OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20abc, x-a=1',
      OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'x-a=2',
      OTEL_RESOURCE_ATTRIBUTES: 'service.name=from-resource,deployment.environment.name=prod',
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.25',
      OTEL_BSP_SCHEDULE_DELAY: '1000',
      OTEL_EXPORTER_OTLP_TIMEOUT: '2000',
      OTEL_EXPORTER_OTLP_COMPRESSION: 'gzip',
    })!;
    assert.deepEqual(s.headers, { authorization: 'Bearer abc', 'x-a': '2' });
    assert.equal(s.serviceName, 'from-resource');
    assert.equal(s.resource['deployment.environment.name'], 'prod');
    assert.equal(s.sampler, 'parentbased_traceidratio');
    assert.equal(s.samplerRatio, 0.25);
    assert.equal(s.batch.scheduledDelayMs, 1000);
    assert.equal(s.batch.maxQueueSize, 2048);
    assert.equal(s.timeoutMs, 2000);
    assert.equal(s.compression, 'gzip');
    const d = tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SERVICE_NAME: 'gw' })!;
    assert.equal(d.serviceName, 'gw');
    assert.equal(d.sampler, 'parentbased_always_on');
    assert.equal(d.compression, 'none');
  });

  test('a wrong value stops the start, naming the variable and what to do', () => {
    const on = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' };
    const cases: Array<[Record<string, string>, RegExp]> = [
      [
        { ...on, OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' },
        /OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" is not supported.*http\/json/,
      ],
      [{ ...on, OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf' }, /OTEL_EXPORTER_OTLP_TRACES_PROTOCOL/],
      [{ OTEL_TRACES_EXPORTER: 'zipkin' }, /OTEL_TRACES_EXPORTER: "zipkin" is not supported/],
      [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }, /OTEL_EXPORTER_OTLP_ENDPOINT: must be an http/],
      [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url' }, /OTEL_EXPORTER_OTLP_ENDPOINT: not a URL/],
      [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://u:p@c:4318' }, /must not carry credentials/],
      [{ ...on, OTEL_TRACES_SAMPLER: 'sometimes' }, /OTEL_TRACES_SAMPLER: "sometimes" is not one of/],
      [
        { ...on, OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '2' },
        /not a ratio from 0 to 1/,
      ],
      [{ ...on, OTEL_BSP_SCHEDULE_DELAY: '-5' }, /OTEL_BSP_SCHEDULE_DELAY/],
      [{ ...on, OTEL_SDK_DISABLED: 'yes' }, /OTEL_SDK_DISABLED: "yes" is not true or false/],
      [{ ...on, OTEL_EXPORTER_OTLP_COMPRESSION: 'br' }, /is not gzip or none/],
    ];
    for (const [env, message] of cases)
      assert.throws(() => tracingSettings(env), message, JSON.stringify(env));
    assert.throws(
      () => tracingSettings({ ...on, OTEL_EXPORTER_OTLP_HEADERS: 'ok=1,api-key-without-value-abc123' }),
      (err) => {
        assert.ok(err instanceof ConfigError);
        assert.match(err.message, /OTEL_EXPORTER_OTLP_HEADERS: entry 2 is not key=value/);
        assert.ok(!err.message.includes('abc123'), 'the header is not echoed');
        return true;
      },
    );
  });
});
