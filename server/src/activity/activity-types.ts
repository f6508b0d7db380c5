// One Gateway request as the activity record keeps it. Prompts and answers are never stored: only who,
// which tool, where it went, how it ended, how big and how long. Renaming a field is a breaking change
// for whoever pulls the activity.

export const OUTCOMES = ['allowed', 'blocked', 'upstream_error', 'gateway_error'] as const;
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
  mode: ActivityMode;
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
  inputTokens: number | null;
  outputTokens: number | null;
  /** Of the input, read from the provider's prompt cache; null where the provider does not say. */
  cachedTokens: number | null;
  /** Of the output, spent thinking; null where the provider does not say. */
  reasoningTokens: number | null;
  latencyUs: number;
  ttfbUs: number | null;
  stream: boolean;
  requestBytes: number;
  responseBytes: number;
}

export interface ActivityRecord {
  id: string;
  time: string;
  request_id: string;
  actor: ActivityActor | null;
  device: ActivityDevice | null;
  tool: string;
  mode: ActivityMode;
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
  input_tokens: number | null;
  output_tokens: number | null;
  cached_tokens: number | null;
  reasoning_tokens: number | null;
  latency_ms: number;
  ttfb_ms: number | null;
  stream: boolean;
  request_bytes: number;
  response_bytes: number;
}
