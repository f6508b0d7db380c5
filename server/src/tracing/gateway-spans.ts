// The Gateway's spans, loaded only when tracing is configured (gateway-tracing.ts imports this module
// then, and nothing else imports the SDK). Each request gets a SERVER span when it begins and, when it
// goes upstream, a CLIENT child whose W3C trace context is what the provider receives; both end when
// the request's activity record is written, with what that record says (span-attributes.ts).
import type { ServerResponse } from 'node:http';
import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  defaultTextMapGetter,
  defaultTextMapSetter,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import type { Logger } from 'pino';
import type { ActivityLog } from '../activity/activity-log.ts';
import type { ActivityInput } from '../activity/activity-types.ts';
import { splitUrl } from '../gateway/upstream.ts';
import type { GatewayTracing } from './gateway-tracing.ts';
import { mcpSpans, modelSpans, type SpanReading } from './span-attributes.ts';
import type { TracingSettings } from './tracing-config.ts';
import { createTracerProvider } from './tracer-provider.ts';

/** A request whose spans are open. */
interface Open {
  server: Span;
  client: Span | null;
  startedAt: number;
  response: ServerResponse;
  /** The activity records read so far (an MCP batch writes several at once), once the first came. */
  records: ActivityInput[] | null;
  /** Seen already closed without a record by the sweep: ended by the next one. */
  stale: boolean;
}

/**
 * Every request that begins is recorded (pipeline.ts, mcp-routes.ts), so its spans end with the
 * record. This sweep is the bound should one ever not be: spans of a response closed for a whole
 * interval without a record are ended as they are, rather than held for ever.
 */
const SWEEP_MS = 60_000;

const propagator = new W3CTraceContextPropagator();

export function createGatewayTracing(
  settings: TracingSettings,
  activity: ActivityLog,
  log: Logger,
): GatewayTracing {
  const provider = createTracerProvider(settings, log);
  const tracer: Tracer = provider.getTracer('gatehouse');
  const open = new Map<string, Open>();

  function finish(id: string, entry: Open): void {
    open.delete(id);
    const records = entry.records!;
    // Sampled out: nothing will be exported, so nothing is read (the context still went upstream).
    if (!entry.server.isRecording()) return;
    const reading = records[0]!.mcp ? mcpSpans(records) : modelSpans(records[0]!);
    // The activity's latency is the request's, from the moment the Gateway took it.
    const ended = entry.startedAt + records[0]!.latencyUs / 1000;
    if (entry.client) close(entry.client, reading, 'client', ended);
    close(entry.server, reading, 'server', ended);
  }

  const stopObserving = activity.observe((record) => {
    const entry = open.get(record.requestId);
    if (!entry) return;
    if (entry.records) {
      entry.records.push(record);
      return;
    }
    entry.records = [record];
    if (!record.mcp) return finish(record.requestId, entry);
    // An MCP batch records one entry per message, one after the other in the same turn.
    queueMicrotask(() => finish(record.requestId, entry));
  });

  const sweep = setInterval(() => {
    for (const [id, entry] of open) {
      if (!entry.response.closed || entry.records) continue;
      if (!entry.stale) {
        entry.stale = true;
        continue;
      }
      open.delete(id);
      endUnrecorded(entry);
    }
  }, SWEEP_MS);
  sweep.unref();

  return {
    begin(request, response, startedAt) {
      const parent = propagator.extract(ROOT_CONTEXT, request.headers, defaultTextMapGetter);
      const server = tracer.startSpan(
        `${request.method} ${request.routeOptions.url ?? ''}`,
        {
          kind: SpanKind.SERVER,
          startTime: epochMs(startedAt),
          attributes: {
            'http.request.method': request.method,
            'http.route': request.routeOptions.url,
          },
        },
        parent,
      );
      open.set(request.id, {
        server,
        client: null,
        startedAt,
        response,
        records: null,
        stale: false,
      });
    },

    upstream(request, url, headers) {
      const entry = open.get(request.id);
      if (!entry) return;
      const { hostname, port, protocol } = new URL(splitUrl(url).origin);
      // Named when it ends, as the SERVER span is: the model is read after the request begins.
      entry.client = tracer.startSpan(
        'upstream',
        {
          kind: SpanKind.CLIENT,
          startTime: epochMs(performance.now()),
          attributes: {
            'server.address': hostname.replace(/^\[|\]$/g, ''),
            'server.port': port ? Number(port) : protocol === 'https:' ? 443 : 80,
          },
        },
        trace.setSpan(ROOT_CONTEXT, entry.server),
      );
      // The caller's own trace context is the Gateway span's parent; upstream, the Gateway's call is.
      delete headers.traceparent;
      delete headers.tracestate;
      propagator.inject(trace.setSpan(ROOT_CONTEXT, entry.client), headers, defaultTextMapSetter);
    },

    async shutdown() {
      clearInterval(sweep);
      stopObserving();
      for (const entry of open.values()) endUnrecorded(entry);
      open.clear();
      // A Collector that is away at the stop costs the spans still queued, never the stop itself.
      await provider
        .shutdown()
        .catch((err: unknown) =>
          log.warn(
            { err: { message: (err as Error)?.message, code: (err as { code?: unknown })?.code } },
            'traces: the spans still queued at the stop could not be exported',
          ),
        );
    },
  };
}

function close(span: Span, reading: SpanReading, side: 'server' | 'client', ended: number): void {
  span.updateName(reading.name);
  span.setAttributes(side === 'server' ? reading.server : reading.client);
  const failed = side === 'server' ? reading.failed : reading.upstreamFailed;
  if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end(epochMs(ended));
}

/** Spans whose request was never recorded (see SWEEP_MS), or still open at the stop: ended as they are. */
function endUnrecorded(entry: Open): void {
  const now = epochMs(performance.now());
  entry.client?.end(now);
  entry.server.end(now);
}

/**
 * A performance.now() reading as epoch milliseconds. Every time given to the SDK is one of these: left
 * to itself, it anchors each span's clock to Date.now() apart, so a child could end after its parent.
 */
function epochMs(now: number): number {
  return performance.timeOrigin + now;
}
