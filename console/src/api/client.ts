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
/** The detectors whose settings are one action and an allowlist: all but custom rules and slopsquat. */
export type ActionDetector = {
  [K in keyof Detectors]: Detectors[K] extends unknown[] ? never : K extends 'slopsquat' ? never : K;
}[keyof Detectors];
export type DetectorSettings = Detectors[ActionDetector];
/** The slopsquat detector's: its action (no redact), its young window, its deadline, its allowlist. */
export type SlopsquatSettings = Detectors['slopsquat'];
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
export type McpServer = components['schemas']['McpServer'];
/** A server as the list shows it: with its tools counted by state. */
export type McpServerListed =
  paths['/api/v1/mcp/servers']['get']['responses'][200]['content']['application/json']['mcp_servers'][number];
export type McpTool = components['schemas']['McpTool'];
/** A local server (the endpoint client's) as the list shows it: with its owner and its tools counted. */
export type McpLocalServerListed =
  paths['/api/v1/mcp/local-servers']['get']['responses'][200]['content']['application/json']['local_servers'][number];
/** The policy's mcp section (optional in a document: absent means the defaults). */
export type McpPolicy = NonNullable<PolicyDocument['mcp']>;
export type McpToolState = McpTool['state'];
/** A package name the Gateway caught, with its sightings per reason and why it is not published. */
export type CaughtName =
  paths['/api/v1/slopsquat/names']['get']['responses'][200]['content']['application/json']['names'][number];
export type WithheldReason = NonNullable<CaughtName['withheld']>;
export type Ecosystem = CaughtName['ecosystem'];
/** A page of the public observatory feed, as GET /v1/slopsquat/observatory serves it. */
export type FeedPage =
  paths['/api/v1/slopsquat/observatory/preview']['get']['responses'][200]['content']['application/json'];
/** A SIEM push destination, with its lag per stream, as GET /api/v1/siem/destinations serves it. */
export type SiemDestination = components['schemas']['SiemDestination'];
/** What the receiver answered to a destination's test event. */
export type SiemTestResult =
  paths['/api/v1/siem/destinations/{id}/test']['post']['responses'][200]['content']['application/json'];
export type ObservatorySettingsView =
  paths['/api/v1/slopsquat/settings']['get']['responses'][200]['content']['application/json'];
/** What a settings change sends: every setting, the changed ones and the rest as they are. */
export type ObservatorySettings = NonNullable<
  paths['/api/v1/slopsquat/settings']['put']['requestBody']
>['content']['application/json'];
export type SubscriptionStatus = ObservatorySettingsView['subscription_status'][number];
/** What an invite answers besides the person: the link, its expiry, and whether the e-mail went out. */
export type InvitationSent = Omit<
  paths['/api/v1/developers']['post']['responses'][201]['content']['application/json'],
  'developer'
>;

/** How long each log is kept, in days, as GET /api/v1/settings/retention serves it. */
export type RetentionSettings =
  paths['/api/v1/settings/retention']['get']['responses'][200]['content']['application/json'];
/** Each log's oldest record kept and what the retention job last did. */
export type RetentionStatus =
  paths['/api/v1/settings/retention/status']['get']['responses'][200]['content']['application/json'];

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
