// What a Gateway request's spans say, read from its activity record, in the OpenTelemetry GenAI
// semantic conventions (gen_ai.*, and mcp.* for MCP calls) plus Gatehouse's own under gatehouse.*.
// Identifiers only: no names, e-mail addresses or client addresses, and never prompt or answer text
// (the activity record holds none). Renaming an attribute breaks whoever queries it: as for the
// activity's fields, do it on purpose only, and in docs/operations.md too.
import type { Attributes } from '@opentelemetry/api';
import type { ActivityInput } from '../activity/activity-types.ts';

/** gen_ai.provider.name for each provider family (the conventions' well-known values). */
const PROVIDER_NAMES: Record<string, string> = {
  anthropic: 'anthropic',
  openai: 'openai',
  azure: 'azure.ai.openai',
  gemini: 'gcp.gemini',
};

/**
 * gen_ai.operation.name for the Gateway's operations: the conventions' values where one applies (the
 * Responses API is a chat, as the OpenAI conventions have it); otherwise the provider's own name for
 * the call, as the conventions ask (count_tokens, responses.retrieve, …).
 */
const OPERATION_NAMES: Record<string, string> = {
  messages: 'chat',
  'chat.completions': 'chat',
  responses: 'chat',
  generateContent: 'generate_content',
  streamGenerateContent: 'generate_content',
  embeddings: 'embeddings',
  embedContent: 'embeddings',
  batchEmbedContents: 'embeddings',
  countTokens: 'count_tokens',
};

/** What both of a request's spans are called, and what each carries. */
export interface SpanReading {
  name: string;
  /** The inbound request (SERVER span). */
  server: Attributes;
  /** The call upstream (CLIENT span), when there was one. */
  client: Attributes;
  /** The request failed on the Gateway's or the upstream's side (span status ERROR on the SERVER span). */
  failed: boolean;
  /** The upstream answered with an error or gave none (span status ERROR on the CLIENT span). */
  upstreamFailed: boolean;
  /** error.type, when the request did not succeed. */
  errorType: string | undefined;
}

/** The spans of one model request (a chat route). */
export function modelSpans(entry: ActivityInput): SpanReading {
  const operation = OPERATION_NAMES[entry.operation] ?? entry.operation;
  const name = entry.model ? `${operation} ${entry.model}` : operation;
  const genAi: Attributes = {
    'gen_ai.operation.name': operation,
    'gen_ai.provider.name': PROVIDER_NAMES[entry.provider ?? ''] ?? entry.provider ?? undefined,
    'gen_ai.request.model': entry.model ?? undefined,
    'gen_ai.request.stream': entry.stream,
  };
  const client: Attributes = {
    ...genAi,
    'gen_ai.usage.input_tokens': entry.inputTokens ?? undefined,
    'gen_ai.usage.output_tokens': entry.outputTokens ?? undefined,
    'gen_ai.usage.cache_read.input_tokens': entry.cachedTokens ?? undefined,
    'gen_ai.usage.reasoning.output_tokens': entry.reasoningTokens ?? undefined,
    'http.response.status_code': upstreamStatus(entry),
  };
  return finish(entry, name, { ...genAi, ...gatehouse(entry) }, client);
}

/** The spans of one routed MCP exchange: named by its first message (the MCP conventions' `{method} {target}`). */
export function mcpSpans(entries: readonly ActivityInput[]): SpanReading {
  const first = entries[0]!;
  const mcp = first.mcp!;
  const method = mcp.method ?? first.operation;
  const name = mcp.tool ? `${method} ${mcp.tool}` : method;
  const common: Attributes = {
    'mcp.method.name': method,
    'gen_ai.operation.name': mcp.method === 'tools/call' ? 'execute_tool' : undefined,
    'gen_ai.tool.name': mcp.tool ?? undefined,
  };
  // A batch (protocol 2025-03-26) is one exchange: its worst outcome and every rule that fired.
  const worst = entries.find((e) => e.outcome !== 'allowed') ?? first;
  const signals = [...new Set(entries.flatMap((e) => e.signals))];
  const server: Attributes = {
    ...common,
    ...gatehouse({ ...first, outcome: worst.outcome, errorCode: worst.errorCode, signals }),
    'gatehouse.mcp.server': mcp.server,
    'gatehouse.mcp.messages': entries.length > 1 ? entries.length : undefined,
  };
  const client: Attributes = { ...common, 'http.response.status_code': upstreamStatus(first) };
  return finish({ ...first, outcome: worst.outcome, errorCode: worst.errorCode }, name, server, client);
}

/**
 * The upstream's status, where the caller got it unchanged: an answer passed on, or the provider's
 * error passed on. A refusal, a block or a failure of the Gateway's own is answered with a status of
 * the Gateway's, which the provider did not send.
 */
function upstreamStatus(entry: ActivityInput): number | undefined {
  const passedOn =
    entry.outcome === 'allowed' || (entry.outcome === 'upstream_error' && entry.errorCode === null);
  return passedOn && entry.status ? entry.status : undefined;
}

function gatehouse(entry: ActivityInput): Attributes {
  return {
    'gatehouse.request.id': entry.requestId,
    'gatehouse.outcome': entry.outcome,
    'gatehouse.signals': entry.signals.length ? [...entry.signals] : undefined,
    'gatehouse.tool': entry.tool,
    'gatehouse.mode': entry.mode ?? undefined,
    'gatehouse.actor.type': entry.actor?.type,
    'gatehouse.actor.id': entry.actor?.id,
    'gatehouse.developer.id': entry.actor?.type === 'developer' ? entry.actor.id : undefined,
    'gatehouse.device.id': entry.device?.id,
    'gatehouse.provider_key.id': entry.providerKeyId ?? undefined,
    'http.response.status_code': entry.status || undefined,
  };
}

function finish(entry: ActivityInput, name: string, server: Attributes, client: Attributes): SpanReading {
  const failed = entry.outcome === 'upstream_error' || entry.outcome === 'gateway_error';
  // The stable code where the Gateway has one (policy_blocked, upstream_timeout, …), else the status.
  const errorType =
    entry.outcome === 'allowed'
      ? undefined
      : (entry.errorCode ?? (entry.status ? String(entry.status) : '_OTHER'));
  if (errorType) server['error.type'] = errorType;
  const upstreamFailed = entry.outcome === 'upstream_error';
  if (upstreamFailed) client['error.type'] = errorType;
  return { name, server, client, failed, upstreamFailed, errorType };
}
