// What each Gateway benchmark target needs before it is measured, and a check of each target's answers
// in full, once, so that the load runs can judge answers by status (and a stream by its last frame).
//
// - direct and bare: the provider key itself, as an OpenAI client would send it;
// - Gatehouse: set up through its management API as an operator would: the admin signs in, adds the
//   mock as an OpenAI provider key (base_url <mock>/v1, gpt-4o-mini enabled), creates a machine
//   credential with the gateway:invoke scope, and the credential exchanges its secret for a token that
//   the requests carry;
// - Portkey: its own routing headers (x-portkey-provider, x-portkey-custom-host) and the provider key.
import { MOCK_KEYS } from '../server/test/mocks/mock-upstream.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  adminPost,
  createCredential,
  exchangeToken,
  signIn,
  tokenExchangeRequest,
  USER_AGENT,
  type AdminSession,
} from './fixtures.ts';
import type { RequestSpec } from './load.ts';
import {
  ANTHROPIC_MODEL,
  AZURE_API_VERSION,
  AZURE_DEPLOYMENT,
  GEMINI_MODEL,
  MODEL,
  shapeKeyHeaders,
  targetRequests,
  type RequestKind,
  type TargetId,
  type TargetRequests,
} from './gateway-scenarios.ts';

export async function prepareGatehouse(
  consoleUrl: string,
  admin: { email: string; password: string },
  mockUrl: string,
): Promise<{ accessToken: string; session: AdminSession; newToken: () => Promise<string> }> {
  const session = await signIn(consoleUrl, admin);
  const keys = [
    { provider: 'openai', base_url: `${mockUrl}/v1`, enabled_models: [MODEL] },
    { provider: 'anthropic', base_url: mockUrl, enabled_models: [ANTHROPIC_MODEL] },
    {
      provider: 'azure',
      base_url: mockUrl,
      azure_api_version: AZURE_API_VERSION,
      enabled_models: [AZURE_DEPLOYMENT],
    },
    { provider: 'gemini', base_url: mockUrl, enabled_models: [GEMINI_MODEL] },
  ] as const;
  for (const key of keys) {
    await adminPost(
      consoleUrl,
      session,
      '/api/v1/provider-keys',
      { name: `bench-${key.provider}`, secret: MOCK_KEYS[key.provider], ...key },
      201,
      `create the ${key.provider} provider key`,
    );
  }
  const { clientId, clientSecret } = await createCredential(consoleUrl, session, 'bench-gateway', [
    'gateway:invoke',
  ]);
  // Tokens last an hour: a long soak starts with a fresh one.
  const newToken = () =>
    exchangeToken(consoleUrl, tokenExchangeRequest(clientId, clientSecret), 'gateway:invoke');
  return { accessToken: await newToken(), session, newToken };
}

/**
 * Whether the Gateway recorded the checked requests in its activity log (written in batches, so given a
 * few seconds): the benchmark is meant to measure it with recording on. A sentence for the report.
 */
export async function checkActivity(consoleUrl: string, session: AdminSession): Promise<string> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const res = await fetch(`${consoleUrl}/api/v1/activity?limit=20`, {
      headers: { cookie: session.cookie, accept: 'application/json', 'user-agent': USER_AGENT },
    });
    const text = await res.text();
    if (res.status !== 200) return `activity log not readable: HTTP ${res.status}: ${text.slice(0, 200)}`;
    const records =
      (JSON.parse(text) as { activity?: { operation?: string; status?: number }[] }).activity ?? [];
    const chats = records.filter((r) => r.operation === 'chat.completions');
    if (chats.length > 0) {
      return `activity recording verified: the checked requests appear in GET /api/v1/activity (${chats.length} chat.completions records, statuses ${[...new Set(chats.map((r) => r.status))].join(', ')})`;
    }
    if (Date.now() > deadline)
      return `**activity recording not seen**: GET /api/v1/activity returned ${records.length} records, none for chat.completions, 5 s after the checked requests`;
    await sleep(250);
  }
}

/** The headers that make a target route to the mock with the right credential. */
export function targetHeaders(
  target: TargetId,
  mockUrl: string,
  /** A Gatehouse target's access token. */
  token: string | undefined,
): Record<string, string> {
  const providerKey = { authorization: `Bearer ${MOCK_KEYS.openai}` };
  switch (target) {
    case 'direct':
    case 'bare':
      return providerKey;
    case 'gatehouse':
    case 'metrics':
    case 'before':
      return { authorization: `Bearer ${token ?? 'none'}` };
    case 'portkey':
      return { ...providerKey, 'x-portkey-provider': 'openai', 'x-portkey-custom-host': `${mockUrl}/v1` };
  }
}

export function requestsFor(
  target: TargetId,
  mockUrl: string,
  token: string | undefined,
  large: Buffer,
): TargetRequests {
  const gatehouse = target === 'gatehouse' || target === 'metrics' || target === 'before';
  const keyHeaders = shapeKeyHeaders(
    gatehouse ? { anthropic: `${token}`, azure: `${token}`, gemini: `${token}` } : MOCK_KEYS,
  );
  return targetRequests(targetHeaders(target, mockUrl, token), large, { gateway: gatehouse, keyHeaders });
}

/**
 * One request of each kind, its answer checked in full: a chat.completion with the mock's reply, or a
 * stream of chat.completion.chunk frames ending in [DONE]. Returns, per kind, null when it was right or
 * why not (status and the start of the body), so that the report can say exactly why a column is empty.
 */
export async function probe(
  origin: string,
  requests: TargetRequests,
  kinds: readonly RequestKind[],
): Promise<Partial<Record<RequestKind, string | null>>> {
  const check = async (kind: RequestKind, spec: RequestSpec): Promise<string | null> => {
    try {
      const res = await fetch(`${origin}${spec.path}`, {
        method: spec.method,
        headers: spec.headers,
        ...(spec.body !== undefined ? { body: spec.body } : {}),
        signal: AbortSignal.timeout(10_000),
      });
      const text = await res.text();
      const shown = `HTTP ${res.status}: ${text.replace(/\s+/g, ' ').slice(0, 200)}`;
      if (res.status !== 200) return shown;
      if (kind === 'responsesStream') {
        return text.includes('event: response.completed') ? null : `not a Responses stream: ${shown}`;
      }
      if (kind === 'responses') {
        return (JSON.parse(text) as { object?: string }).object === 'response'
          ? null
          : `not a response: ${shown}`;
      }
      if (kind === 'anthropic') {
        return (JSON.parse(text) as { type?: string }).type === 'message' ? null : `not a message: ${shown}`;
      }
      if (kind === 'gemini') {
        return Array.isArray((JSON.parse(text) as { candidates?: unknown }).candidates)
          ? null
          : `not a generateContent answer: ${shown}`;
      }
      if (kind === 'stream' || kind === 'streamInstall') {
        const frames = text.split('\n').filter((l) => l.startsWith('data: '));
        const chunks = frames.filter((l) => l.includes('"chat.completion.chunk"'));
        return frames.at(-1) === 'data: [DONE]' && chunks.length > 0
          ? null
          : `not an OpenAI stream: ${shown}`;
      }
      // An Azure deployment answers a chat.completion, as OpenAI does.
      const body = JSON.parse(text) as { object?: string; choices?: { message?: { content?: string } }[] };
      return body.object === 'chat.completion' && typeof body.choices?.[0]?.message?.content === 'string'
        ? null
        : `not a chat.completion: ${shown}`;
    } catch (err) {
      return (err as Error).message;
    }
  };
  const answers: Partial<Record<RequestKind, string | null>> = {};
  // One after another: the answers are read in full, and a target is not loaded while it is checked.
  for (const kind of kinds) answers[kind] = await check(kind, requests[kind]);
  return answers;
}
