// One Gateway request as the activity record keeps it. Prompts and answers are never stored: only who,
// which tool, where it went, how it ended, how big and how long. Renaming a field is a breaking change
// for whoever pulls the activity.
import type { SignalActions } from './signal-actions.ts';

/** redacted: answered, with something of the prompt or the answer redacted by the policy (0014). */
export const OUTCOMES = ['allowed', 'redacted', 'blocked', 'upstream_error', 'gateway_error'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export interface ActivityActor {
  type: 'credential' | 'developer' | 'device';
  id: string;
  name: string | null;
}

/** The device a developer's request came from (a device token), beside the developer as actor. */
export interface ActivityDevice {
  id: string;
  name: string;
}

/** provider_key: the organisation's key went upstream; subscription: the tool's own credential did. */
export type ActivityMode = 'provider_key' | 'subscription';

export interface ActivityInput {
  time: number;
  requestId: string;
  actor: ActivityActor | null;
  device: ActivityDevice | null;
  tool: string;
  /** null for an MCP call, where no provider credential is involved. */
  mode: ActivityMode | null;
  userAgent: string | null;
  ip: string;
  provider: string | null;
  model: string | null;
  providerKeyId: string | null;
  /**
   * What was asked: messages, count_tokens, chat.completions, generateContent, …; for a path the
   * Gateway does not serve, its method and path (`POST /v1/batches`, unserved.ts).
   */
  operation: string;
  status: number;
  outcome: Outcome;
  /**
   * Why the Gateway itself refused or failed (gateway_error), or why the provider gave no answer
   * (upstream_error: upstream_unreachable, upstream_timeout, upstream_interrupted), as a stable code.
   */
  errorCode: string | null;
  /** The policy rules that fired. */
  signals: string[];
  /** What the policy did about each of them (signal-actions.ts); an allowed request with a redaction is
   * recorded `redacted`. */
  signalActions: SignalActions;
  inputTokens: number | null;
  outputTokens: number | null;
  /** Of the input, read from the provider's prompt cache; null where the provider does not say. */
  cachedTokens: number | null;
  /** Of the output, spent thinking; null where the provider does not say. */
  reasoningTokens: number | null;
  latencyUs: number;
  ttfbUs: number | null;
  /**
   * From sending the request upstream to the end (or failure) of the provider's answer; absent when
   * nothing went upstream. For the metrics (the Gateway's added latency is latencyUs less this); not stored.
   */
  upstreamUs?: number | null;
  stream: boolean;
  requestBytes: number;
  responseBytes: number;
  /** An MCP call: through the routed proxy (/mcp/{alias}), or a local server's decision (/mcp/decide,
   * /mcp/observations); absent for model traffic. */
  mcp?: McpActivity;
}

/** Where an MCP call went: a routed server (/mcp/{alias}) or a local one, through the endpoint client's shim. */
export type McpSource = 'routed' | 'local';

/** What an MCP call adds to its record: which server, which JSON-RPC method, which tool. */
export interface McpActivity {
  source: McpSource;
  /** The server's alias in the MCP inventory, or a local server's name as the shim reports it. */
  server: string;
  /** The JSON-RPC method (tools/call, tools/list, …); null for the server's own stream (GET), a
   * session's end (DELETE) and the caller's answers to the server's requests. */
  method: string | null;
  /** The tool a tools/call named. */
  tool: string | null;
}

export interface ActivityRecord {
  id: string;
  time: string;
  request_id: string;
  actor: ActivityActor | null;
  device: ActivityDevice | null;
  tool: string;
  /** Absent on MCP calls. */
  mode?: ActivityMode;
  user_agent: string | null;
  ip: string;
  provider: string | null;
  model: string | null;
  provider_key_id: string | null;
  operation: string;
  status: number;
  outcome: Outcome;
  error_code: string | null;
  signals: string[];
  /** What the policy did about each signal; absent from records written before it was kept (read as {}). */
  signal_actions?: SignalActions;
  input_tokens: number | null;
  output_tokens: number | null;
  cached_tokens: number | null;
  reasoning_tokens: number | null;
  latency_ms: number;
  ttfb_ms: number | null;
  stream: boolean;
  request_bytes: number;
  response_bytes: number;
  /** MCP calls only (migration 0011). */
  mcp_server?: string;
  mcp_method?: string | null;
  mcp_tool?: string | null;
  /** MCP calls only (migration 0012). */
  mcp_source?: McpSource;
  /** The findings its request raised or repeated: joined as the API serves it, never stored (0020). */
  finding_ids?: string[];
}
