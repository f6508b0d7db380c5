// What each provider family supplies to the Gateway: its routes, how to find the model and whether the
// answer streams, where the request goes upstream and how the organisation's key is sent, its error
// shape, and where its answers report token usage. One file per family, the same shape in each.
import type { ProviderFamily, ProviderKey } from '../../provider-keys/provider-key-types.ts';
import type { GatewayErrorCode } from '../gateway-errors.ts';

/** A request as the provider code sees it: path parameters, the raw query and the parsed JSON body. */
export interface ProviderRequest {
  params: Record<string, string>;
  /** The query string without its leading "?", as sent (the caller's own key removed for Gemini). */
  query: string;
  body: Record<string, unknown>;
}

export interface Usage {
  inputTokens: number | null;
  outputTokens: number | null;
  /** A family's own running counters while its stream is read, for totals it reports in parts. */
  parts?: Record<string, number>;
}

export interface ProviderRoute {
  /** The Gateway path (Fastify syntax). */
  url: string;
  /** What the activity record calls it. */
  operation: string;
  model(req: ProviderRequest): string | undefined;
  stream(req: ProviderRequest): boolean;
  /** Path and query on the upstream, appended to the key's base URL. */
  upstreamPath(req: ProviderRequest, key: ProviderKey): string;
}

export interface Provider {
  family: ProviderFamily;
  routes: ProviderRoute[];
  /** Where the caller's Gateway token may sit for this family, besides Authorization and x-api-key. */
  tokenHeaders: string[];
  /** Whether ?key= carries the caller's token (Gemini). */
  tokenInQuery: boolean;
  /** The headers that carry the organisation's key upstream. */
  authHeaders(key: ProviderKey): Record<string, string>;
  /** The provider's own error body for a Gateway error. */
  errorBody(status: number, code: GatewayErrorCode, message: string): unknown;
  /** Token usage in a complete (non-streamed) JSON answer. */
  usage(body: unknown): Usage | null;
  /** Token usage in one streamed event's JSON data; merges into `into`. */
  streamUsage(data: unknown, into: Usage): void;
}

export const noUsage = (): Usage => ({ inputTokens: null, outputTokens: null });

export const int = (v: unknown): number | null =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null;

export const obj = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
