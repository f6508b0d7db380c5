// What the fuzz target tells the fuzzer once it is ready (over IPC).

export interface RouteInfo {
  method: string;
  /** Fastify's pattern, e.g. /api/v1/credentials/:id or /console/*. */
  url: string;
}

export interface SessionAuth {
  cookie: string;
  csrf: string;
}

export interface Identities {
  owner: SessionAuth;
  viewer: SessionAuth;
  developer: SessionAuth;
  /** A token per scope, and `all` with every scope. */
  tokens: Record<string, string>;
  revokedToken: string;
  expiredToken: string;
  deviceToken: string;
  /** To sign in again after a fuzzed sign-out ended a session. */
  ownerLogin: { email: string; password: string };
  developerLogin: { email: string; password: string };
  /** Objects the fuzzer may change or delete by id. */
  ids: Record<'credential' | 'providerKey' | 'admin' | 'developer' | 'device', string>;
}

export interface TargetReady {
  consoleUrl: string;
  gatewayUrl: string;
  /** The mock providers: the one place a provider key may point to in a run. */
  upstreamUrl: string;
  routes: { console: RouteInfo[]; gateway: RouteInfo[] };
  identities: Identities;
}
