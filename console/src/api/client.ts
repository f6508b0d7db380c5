// The one client of the management API: openapi-fetch typed by schema.d.ts (generated from the OpenAPI
// document). It sends the CSRF token with every state-changing call and tells the session when the
// server says the session has ended.
import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema';

export type Credential = components['schemas']['Credential'];
export type AuditEvent = components['schemas']['AuditEvent'];
export type Admin = paths['/api/v1/session']['get']['responses'][200]['content']['application/json']['admin'];
export type Scope = Credential['scopes'][number];
export type ProviderKey = components['schemas']['ProviderKey'];
export type ProviderFamily = ProviderKey['provider'];
export type ModelList = components['schemas']['ModelList'];
export type Activity = components['schemas']['Activity'];
export type Outcome = Activity['outcome'];
export type PolicyDocument = components['schemas']['PolicyDocument'];
export type Enforcement = PolicyDocument['enforcement'];
type Detectors = PolicyDocument['detectors'];
/** The detectors whose settings are one action and an allowlist: every one but the custom rules. */
export type ActionDetector = {
  [K in keyof Detectors]: Detectors[K] extends unknown[] ? never : K;
}[keyof Detectors];
export type DetectorSettings = Detectors[ActionDetector];
export type AllowEntry = DetectorSettings['allowlist'][number];
export type CustomRule = PolicyDocument['detectors']['custom'][number];
export type Action = CustomRule['action'];
export type Severity = CustomRule['severity'];
export type PolicyVersionSummary = components['schemas']['PolicyVersionSummary'];
export type PolicyChange = PolicyVersionSummary['changes'][number];
export type RiskFinding = components['schemas']['RiskFinding'];
export type FindingKind = RiskFinding['kind'];
export type FindingStatus = RiskFinding['status'];
export type AdminRecord = components['schemas']['AdminRecord'];
export type AdminRole = AdminRecord['role'];
export type Developer = components['schemas']['Developer'];
export type DeveloperStatus = Developer['status'];
export type Device = components['schemas']['Device'];
export type DeviceStatus = Device['status'];
/** What an invite answers besides the person: the link, its expiry, and whether the e-mail went out. */
export type InvitationSent = Omit<
  paths['/api/v1/developers']['post']['responses'][201]['content']['application/json'],
  'developer'
>;

/** An error the API returned: its stable code, and the sentence to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
let csrfToken: string | null = null;
let onSessionLost: (code: string) => void = () => {};

/** Kept in memory only: a reload asks GET /api/v1/session for it again. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

export function whenSessionLost(handler: (code: string) => void): void {
  onSessionLost = handler;
}

const session: Middleware = {
  onRequest({ request }) {
    if (!SAFE.has(request.method) && csrfToken) request.headers.set('x-csrf-token', csrfToken);
    return request;
  },
  async onResponse({ request, response }) {
    // A 401 from the session route itself (signing in, or asking after a reload whether there is a
    // session) is its caller's answer, not a session lost: clearing the queries then would drop the
    // public pages' own requests in flight (the accept page's).
    const sessionRoute = new URL(request.url).pathname === '/api/v1/session';
    if (response.status === 401 && !sessionRoute) {
      const body = (await response
        .clone()
        .json()
        .catch(() => null)) as {
        error?: { code?: string };
      } | null;
      onSessionLost(body?.error?.code ?? 'unauthenticated');
    }
    return response;
  },
};

export const api = createClient<paths>({ baseUrl: window.location.origin, credentials: 'same-origin' });
api.use(session);

/** Unwraps an openapi-fetch result: the data, or an ApiError carrying the server's code and message. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok) return result.data as T;
  const body = result.error as { error?: { code?: string; message?: string } } | undefined;
  throw new ApiError(
    result.response.status,
    body?.error?.code ?? 'http_error',
    body?.error?.message ?? `The server answered ${result.response.status}.`,
  );
}
