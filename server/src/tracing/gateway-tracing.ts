// What the Gateway asks of tracing, and its start. The Gateway holds a GatewayTracing only when tracing
// is configured (tracing-config.ts); otherwise it holds null, and the SDK is never imported: the hot path
// then pays one null check per hook and nothing else. Spans end from the activity record of the request
// (ActivityLog.observe), so that a span says what the activity says, from the one place it is decided.
import type { ServerResponse } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { ActivityLog } from '../activity/activity-log.ts';
import type { TracingSettings } from './tracing-config.ts';

export interface GatewayTracing {
  /**
   * A Gateway request begins (chat or routed MCP): its SERVER span, the child of the caller's
   * traceparent when it sent one. `startedAt` is its performance.now() start, as the activity counts it.
   */
  begin(request: FastifyRequest, response: ServerResponse, startedAt: number): void;
  /**
   * The request goes upstream to `url`: a CLIENT span, whose context replaces any traceparent and
   * tracestate in `headers` (what the provider or MCP server receives).
   */
  upstream(request: FastifyRequest, url: string, headers: Record<string, string | string[]>): void;
  /** Ends what is still open and exports every span not yet sent (graceful stop). */
  shutdown(): Promise<void>;
}

/** Tracing as configured, or null when it is off (then nothing of the SDK is loaded). */
export async function startTracing(
  settings: TracingSettings | null,
  activity: ActivityLog,
  log: Logger,
): Promise<GatewayTracing | null> {
  if (!settings) return null;
  const { createGatewayTracing } = await import('./gateway-spans.ts');
  const tracing = createGatewayTracing(settings, activity, log);
  log.info(
    // The endpoint without its query: some vendors take an API key there.
    { traces: { url: settings.url.split('?')[0], service: settings.serviceName, sampler: settings.sampler } },
    'exporting traces over OTLP/HTTP',
  );
  return tracing;
}
