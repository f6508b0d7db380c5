// The OpenTelemetry SDK as the settings describe it: a tracer provider of Gatehouse's own (not
// registered as the process's global one: the Gateway passes each span's parent explicitly, so it needs
// no context manager, and two Gatehouses in one process, as in the tests, keep their spans apart), a
// batch span processor, and the OTLP/HTTP (JSON) exporter.
import { createRequire } from 'node:module';
import { diag, DiagLogLevel, type DiagLogger } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BasicTracerProvider,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  type Sampler,
} from '@opentelemetry/sdk-trace-base';
import type { Logger } from 'pino';
import type { TracingSettings } from './tracing-config.ts';

type ExporterConfig = NonNullable<ConstructorParameters<typeof OTLPTraceExporter>[0]>;

const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };

export function createTracerProvider(settings: TracingSettings, log: Logger): BasicTracerProvider {
  routeDiagnostics(log, Object.values(settings.headers));
  const exporter = new OTLPTraceExporter({
    url: settings.url,
    headers: settings.headers,
    timeoutMillis: settings.timeoutMs,
    compression: settings.compression as unknown as ExporterConfig['compression'],
  });
  return new BasicTracerProvider({
    resource: resourceFromAttributes({
      ...settings.resource,
      'service.name': settings.serviceName,
      'service.version': version,
    }),
    sampler: sampler(settings),
    spanProcessors: [
      new BatchSpanProcessor(exporter, {
        scheduledDelayMillis: settings.batch.scheduledDelayMs,
        exportTimeoutMillis: settings.batch.exportTimeoutMs,
        maxQueueSize: settings.batch.maxQueueSize,
        maxExportBatchSize: Math.min(settings.batch.maxExportBatchSize, settings.batch.maxQueueSize),
      }),
    ],
  });
}

function sampler({ sampler: name, samplerRatio }: TracingSettings): Sampler {
  const ratio = () => new TraceIdRatioBasedSampler(samplerRatio);
  switch (name) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return ratio();
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: ratio() });
    default:
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

/**
 * The SDK reports its own trouble (a collector that refuses or cannot be reached, a full queue)
 * through its diagnostics channel, silent by default: it goes to Gatehouse's log as warnings, once per
 * kind of message a minute, so that a collector down for an hour does not flood it. The exporter's
 * messages may quote a header it was given (a collector's API key): those values are cut out.
 */
function routeDiagnostics(log: Logger, secrets: string[]): void {
  const last = new Map<string, number>();
  const scrub = (text: string) => secrets.reduce((t, v) => (v ? t.split(v).join('[redacted]') : t), text);
  const warn = (message: string, ...args: unknown[]) => {
    const text = scrub(String(message));
    // "Dropped 12 spans" and "Dropped 40 spans" are one kind of message.
    const kind = text.replace(/\d+/g, '#').slice(0, 200);
    const now = Date.now();
    if ((last.get(kind) ?? 0) > now - 60_000) return;
    last.set(kind, now);
    log.warn({ detail: args.map((a) => describe(a, scrub)) }, `traces: ${text}`);
  };
  const logger: DiagLogger = {
    error: warn,
    warn,
    info: () => {},
    debug: () => {},
    verbose: () => {},
  };
  diag.setLogger(logger, { logLevel: DiagLogLevel.WARN, suppressOverrideMessage: true });
}

/** An error's message and code only: an exporter's error may carry the request, with its headers. */
function describe(arg: unknown, scrub: (text: string) => string): unknown {
  if (arg instanceof Error) return { message: scrub(arg.message), code: (arg as { code?: unknown }).code };
  return typeof arg === 'string' ? scrub(arg) : undefined;
}
