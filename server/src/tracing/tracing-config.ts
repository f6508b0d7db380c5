// The OpenTelemetry settings, read once at start from the standard OTEL_* environment variables (the
// SDK's own names and meanings, so that an operator's usual configuration works unchanged), checked
// here so that a wrong value stops the start with one line instead of silently exporting nowhere.
// Tracing is off unless configured: see tracingSettings. docs/decisions/traces.md has the reasoning.
import { ConfigError } from '../config-source.ts';

export type SamplerName =
  | 'always_on'
  | 'always_off'
  | 'traceidratio'
  | 'parentbased_always_on'
  | 'parentbased_always_off'
  | 'parentbased_traceidratio';

const SAMPLERS: readonly SamplerName[] = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
];

export interface TracingSettings {
  /** Where spans are POSTed: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as given, or OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces. */
  url: string;
  /** OTEL_EXPORTER_OTLP_(TRACES_)HEADERS, decoded; often a collector's API key, so never logged. */
  headers: Record<string, string>;
  /** OTEL_EXPORTER_OTLP_(TRACES_)TIMEOUT, per export request. Default 10 s. */
  timeoutMs: number;
  /** OTEL_EXPORTER_OTLP_(TRACES_)COMPRESSION. Default none. */
  compression: 'gzip' | 'none';
  /** OTEL_SERVICE_NAME, else service.name of OTEL_RESOURCE_ATTRIBUTES, else "gatehouse". */
  serviceName: string;
  /** OTEL_RESOURCE_ATTRIBUTES, decoded. */
  resource: Record<string, string>;
  /** OTEL_TRACES_SAMPLER. Default parentbased_always_on: a caller's sampling decision is kept. */
  sampler: SamplerName;
  /** OTEL_TRACES_SAMPLER_ARG for the ratio samplers. Default 1. */
  samplerRatio: number;
  /** The batch span processor: OTEL_BSP_SCHEDULE_DELAY (5 s), OTEL_BSP_EXPORT_TIMEOUT (30 s),
   * OTEL_BSP_MAX_QUEUE_SIZE (2048), OTEL_BSP_MAX_EXPORT_BATCH_SIZE (512), the SDK's defaults. */
  batch: {
    scheduledDelayMs: number;
    exportTimeoutMs: number;
    maxQueueSize: number;
    maxExportBatchSize: number;
  };
}

type Env = NodeJS.ProcessEnv;

function value(env: Env, name: string): string | undefined {
  const v = env[name]?.trim();
  return v === '' ? undefined : v;
}

/** The traces-specific variable if set, else the generic OTLP one (the specification's precedence). */
function otlp(env: Env, suffix: string): { name: string; value: string | undefined } {
  const specific = `OTEL_EXPORTER_OTLP_TRACES_${suffix}`;
  const v = value(env, specific);
  if (v !== undefined) return { name: specific, value: v };
  const generic = `OTEL_EXPORTER_OTLP_${suffix}`;
  return { name: generic, value: value(env, generic) };
}

/**
 * The tracing settings, or null when tracing is off. On when OTEL_SDK_DISABLED is not true and either
 * an OTLP endpoint is set or OTEL_TRACES_EXPORTER=otlp asks for the default one (http://localhost:4318);
 * OTEL_TRACES_EXPORTER=none turns it off whatever else is set. The SDK's own default exporter (otlp to
 * localhost) is not taken as configuration: a Gatehouse nobody pointed at a collector sends nothing.
 */
export function tracingSettings(env: Env): TracingSettings | null {
  const disabled = value(env, 'OTEL_SDK_DISABLED');
  if (disabled !== undefined && !['true', 'false'].includes(disabled.toLowerCase()))
    throw new ConfigError(`OTEL_SDK_DISABLED: "${disabled}" is not true or false`);
  if (disabled?.toLowerCase() === 'true') return null;

  const exporters = value(env, 'OTEL_TRACES_EXPORTER')
    ?.split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  const unsupported = exporters?.find((e) => e !== 'otlp' && e !== 'none');
  if (unsupported)
    throw new ConfigError(
      `OTEL_TRACES_EXPORTER: "${unsupported}" is not supported; Gatehouse exports traces with otlp (or none to turn them off)`,
    );
  if (exporters?.includes('none')) return null;

  const endpoint = otlp(env, 'ENDPOINT');
  if (endpoint.value === undefined && !exporters?.includes('otlp')) return null;

  const protocol = otlp(env, 'PROTOCOL');
  if (protocol.value !== undefined && protocol.value !== 'http/json')
    throw new ConfigError(
      `${protocol.name}: "${protocol.value}" is not supported; Gatehouse sends OTLP over HTTP as JSON (http/json), which every OpenTelemetry Collector's otlp receiver accepts on its HTTP port (4318). Set http/json or leave it unset`,
    );

  const resource = pairs(env, 'OTEL_RESOURCE_ATTRIBUTES');
  const sampler = (value(env, 'OTEL_TRACES_SAMPLER')?.toLowerCase() ??
    'parentbased_always_on') as SamplerName;
  if (!SAMPLERS.includes(sampler))
    throw new ConfigError(`OTEL_TRACES_SAMPLER: "${sampler}" is not one of ${SAMPLERS.join(', ')}`);
  const compression = otlp(env, 'COMPRESSION');
  if (compression.value !== undefined && !['gzip', 'none'].includes(compression.value))
    throw new ConfigError(`${compression.name}: "${compression.value}" is not gzip or none`);

  return {
    url: tracesUrl(endpoint),
    headers: otlpHeaders(env),
    timeoutMs: whole(env, otlp(env, 'TIMEOUT').name, 10_000, 1, 600_000),
    compression: (compression.value ?? 'none') as 'gzip' | 'none',
    serviceName: value(env, 'OTEL_SERVICE_NAME') ?? resource['service.name'] ?? 'gatehouse',
    resource,
    sampler,
    samplerRatio: ratio(env, sampler),
    batch: {
      scheduledDelayMs: whole(env, 'OTEL_BSP_SCHEDULE_DELAY', 5_000, 1, 3_600_000),
      exportTimeoutMs: whole(env, 'OTEL_BSP_EXPORT_TIMEOUT', 30_000, 1, 3_600_000),
      maxQueueSize: whole(env, 'OTEL_BSP_MAX_QUEUE_SIZE', 2_048, 1, 1_000_000),
      maxExportBatchSize: whole(env, 'OTEL_BSP_MAX_EXPORT_BATCH_SIZE', 512, 1, 1_000_000),
    },
  };
}

function tracesUrl(endpoint: { name: string; value: string | undefined }): string {
  // The specification's default when only OTEL_TRACES_EXPORTER=otlp is set.
  const raw = endpoint.value ?? 'http://localhost:4318';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${endpoint.name}: not a URL; expected http://collector:4318`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`${endpoint.name}: must be an http:// or https:// URL (OTLP over HTTP)`);
  if (url.username || url.password)
    throw new ConfigError(
      `${endpoint.name}: must not carry credentials; give them in OTEL_EXPORTER_OTLP_HEADERS (for example Authorization=Bearer%20…)`,
    );
  // The signal-specific variable is the full URL; the generic one is a base the signal's path is added to.
  if (endpoint.name === 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT') return url.href;
  return `${url.href.replace(/\/+$/, '')}/v1/traces`;
}

function otlpHeaders(env: Env): Record<string, string> {
  // The generic headers apply to every signal; the traces-specific ones add to them and win.
  return { ...pairs(env, 'OTEL_EXPORTER_OTLP_HEADERS'), ...pairs(env, 'OTEL_EXPORTER_OTLP_TRACES_HEADERS') };
}

/**
 * A list of key=value pairs, comma-separated, values percent-encoded (the W3C Baggage format the
 * specification uses). A bad entry is named by its position only: these often hold an API key.
 */
function pairs(env: Env, name: string): Record<string, string> {
  const raw = value(env, name);
  const out: Record<string, string> = {};
  if (raw === undefined) return out;
  raw.split(',').forEach((entry, i) => {
    if (!entry.trim()) return;
    const eq = entry.indexOf('=');
    const key = eq === -1 ? '' : entry.slice(0, eq).trim();
    let decoded: string | undefined;
    try {
      decoded = eq === -1 ? undefined : decodeURIComponent(entry.slice(eq + 1).trim());
    } catch {
      decoded = undefined;
    }
    if (!key || decoded === undefined)
      throw new ConfigError(
        `${name}: entry ${i + 1} is not key=value (comma-separated, values percent-encoded)`,
      );
    out[key] = decoded;
  });
  return out;
}

function whole(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max)
    throw new ConfigError(`${name}: "${raw}" is not a whole number from ${min} to ${max}`);
  return n;
}

function ratio(env: Env, sampler: SamplerName): number {
  const raw = value(env, 'OTEL_TRACES_SAMPLER_ARG');
  if (raw === undefined || !sampler.endsWith('traceidratio')) return 1;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0 || n > 1)
    throw new ConfigError(`OTEL_TRACES_SAMPLER_ARG: "${raw}" is not a ratio from 0 to 1`);
  return n;
}
