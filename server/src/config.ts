// Every setting of Gatehouse, parsed once at start from the environment and command-line flags.
// A flag wins over its environment variable. A bad value stops the start with one line naming the
// setting and what is wrong with it (ConfigError), never a stack trace.
import { isIP } from 'node:net';
import { parseArgs } from 'node:util';
import path from 'node:path';
import { parseIpRule, type IpRule } from '../../shared/ip-rules.ts';
import { isProviderFamily, PROVIDER_FAMILIES, type ProviderFamily } from './provider-keys/families.ts';

export type Role = 'all' | 'console' | 'gateway';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  /** Address both listeners bind. Loopback by default so that a first start exposes nothing. */
  host: string;
  /** Console, management API and token endpoint. */
  consolePort: number;
  /** The Gateway that developer tools talk to. */
  gatewayPort: number;
  /** Where the embedded SQLite database and the generated master key live. */
  dataDir: string;
  /** postgres://… selects PostgreSQL; unset means the embedded SQLite database in dataDir. */
  databaseUrl: string | undefined;
  /** Create the first (owner) admin on a store that has none. Both or neither. */
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** 32-byte key (hex or base64) that encrypts secrets at rest; unset means a key file in dataDir. */
  masterKey: Buffer | undefined;
  /** Proxies whose X-Forwarded-For is believed; otherwise the socket address is the client. */
  trustedProxies: IpRule[];
  /** Which listeners this process runs; the split roles need PostgreSQL to share state. */
  role: Role;
  logLevel: LogLevel;
  /** The console's address as people reach it, for links printed or mailed (setup link, invitations). */
  publicUrl: string | undefined;
  /** The Gateway's address as developers' machines reach it, handed to a device at sign-in; unset means
   * http://<the console's host>:<the Gateway port>, right when both sit on one host without a proxy. */
  gatewayPublicUrl: string | undefined;
  /** Where invitation e-mails are sent from; unset means none are sent (the admin copies the link). */
  smtp: SmtpSettings | undefined;
  upstream: UpstreamTimeouts;
  /**
   * Where each provider's public API is, for a tool in subscription mode when the organisation has no
   * provider key of that provider (a key's base URL wins). Unset: the providers' own addresses
   * (provider-keys/provider-key-types.ts DEFAULT_BASE_URL); Azure has none. For an egress proxy or a
   * regional endpoint, and for tests, which point it at a local mock.
   */
  providerApiUrls: Partial<Record<ProviderFamily, string>>;
  connections: ConnectionLimits;
  /**
   * How long a graceful stop (SIGTERM) waits for in-flight requests before it closes every connection
   * still open and flushes the records. Default 20 s: inside the 30 s a container orchestrator gives a
   * process between SIGTERM and SIGKILL (Kubernetes' terminationGracePeriodSeconds), with time left to
   * flush; a Gateway stream still running then is cut, as the orchestrator would cut it.
   */
  shutdownTimeoutMs: number;
}

/**
 * What one client may hold of a listener, applied to each listener separately. The time limits bound
 * only the client's side of a request (receiving it); the answer, such as a Gateway stream that runs for
 * minutes, is bounded by the upstream timeouts instead. docs/operations.md ("Limits") has the reasoning.
 */
export interface ConnectionLimits {
  /** The whole request, headers and body, must arrive within this. Default 120 s: a 32 MB body at 2.2 Mbit/s. */
  requestTimeoutMs: number;
  /** The request's headers must arrive within this. Default 20 s; never more than requestTimeoutMs. */
  headersTimeoutMs: number;
  /** Longest silence while a request's body is arriving. Default 30 s. */
  bodyIdleTimeoutMs: number;
  /** How long a connection may wait idle for its next request. Default 72 s: above the 60 s idle timeout
   * of common load balancers, so that they, not Gatehouse, close first and never send on a closing socket. */
  keepAliveTimeoutMs: number;
  /** Open connections per listener; more are closed on accept. Default 1024. */
  maxConnections: number;
  /** Open connections per client address (an IPv6 address counts by its /64) per listener. Default 256:
   * a team behind one NAT shares an address. A trusted proxy's address is not capped (it carries every
   * client; limit per client on the proxy). */
  maxConnectionsPerAddress: number;
}

/**
 * How long the Gateway waits on a provider. A non-streamed answer arrives only when the model has
 * finished, so the first-byte wait matches the providers' own SDKs (10 minutes); once bytes flow, a
 * stream that goes silent for the idle time is cut.
 */
export interface UpstreamTimeouts {
  /** TCP and TLS connection set-up. Default 10 s. */
  connectMs: number;
  /** From sending the request to the response's headers. Default 600 s. */
  firstByteMs: number;
  /** Longest silence between two pieces of the response body. Default 300 s. */
  idleMs: number;
}

/** The mail server that sends invitations: smtps:// is TLS from the start; smtp:// upgrades with
 * STARTTLS when the server offers it. */
export interface SmtpSettings {
  url: URL;
  /** The sender, `address` or `Name <address>`. */
  from: string;
}

export class ConfigError extends Error {}

interface Source {
  env: NodeJS.ProcessEnv;
  flags: Record<string, string | undefined>;
}

// One row per setting: where it is read from and how it is checked. The default is documented in the
// Config interface above and applied in loadConfig below.
const FLAGS = {
  host: 'GATEHOUSE_HOST',
  'console-port': 'GATEHOUSE_CONSOLE_PORT',
  'gateway-port': 'GATEHOUSE_GATEWAY_PORT',
  'data-dir': 'GATEHOUSE_DATA_DIR',
  'database-url': 'GATEHOUSE_DATABASE_URL',
  'admin-email': 'GATEHOUSE_ADMIN_EMAIL',
  'admin-password': 'GATEHOUSE_ADMIN_PASSWORD',
  'master-key': 'GATEHOUSE_MASTER_KEY',
  'trusted-proxies': 'GATEHOUSE_TRUSTED_PROXIES',
  role: 'GATEHOUSE_ROLE',
  'log-level': 'GATEHOUSE_LOG_LEVEL',
  'public-url': 'GATEHOUSE_PUBLIC_URL',
  'gateway-public-url': 'GATEHOUSE_GATEWAY_PUBLIC_URL',
  'smtp-url': 'GATEHOUSE_SMTP_URL',
  'smtp-from': 'GATEHOUSE_SMTP_FROM',
  'upstream-connect-timeout-ms': 'GATEHOUSE_UPSTREAM_CONNECT_TIMEOUT_MS',
  'upstream-first-byte-timeout-ms': 'GATEHOUSE_UPSTREAM_FIRST_BYTE_TIMEOUT_MS',
  'upstream-idle-timeout-ms': 'GATEHOUSE_UPSTREAM_IDLE_TIMEOUT_MS',
  'provider-api-urls': 'GATEHOUSE_PROVIDER_API_URLS',
  'request-timeout-ms': 'GATEHOUSE_REQUEST_TIMEOUT_MS',
  'headers-timeout-ms': 'GATEHOUSE_HEADERS_TIMEOUT_MS',
  'body-idle-timeout-ms': 'GATEHOUSE_BODY_IDLE_TIMEOUT_MS',
  'keep-alive-timeout-ms': 'GATEHOUSE_KEEP_ALIVE_TIMEOUT_MS',
  'max-connections': 'GATEHOUSE_MAX_CONNECTIONS',
  'max-connections-per-address': 'GATEHOUSE_MAX_CONNECTIONS_PER_ADDRESS',
  'shutdown-timeout-ms': 'GATEHOUSE_SHUTDOWN_TIMEOUT_MS',
} as const;
type Flag = keyof typeof FLAGS;

function read(src: Source, flag: Flag): { name: string; value: string | undefined } {
  const fromFlag = src.flags[flag];
  if (fromFlag !== undefined) return { name: `--${flag}`, value: fromFlag };
  const env = FLAGS[flag];
  const value = src.env[env];
  return { name: env, value: value === '' ? undefined : value };
}

function port(src: Source, flag: Flag, fallback: number): number {
  const { name, value } = read(src, flag);
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65535)
    throw new ConfigError(`${name}: "${value}" is not a port number (0-65535)`);
  return n;
}

function milliseconds(src: Source, flag: Flag, fallback: number): number {
  const { name, value } = read(src, flag);
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > 3_600_000)
    throw new ConfigError(`${name}: "${value}" is not a number of milliseconds from 1 to 3600000`);
  return n;
}

function count(src: Source, flag: Flag, fallback: number, max: number): number {
  const { name, value } = read(src, flag);
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > max)
    throw new ConfigError(`${name}: "${value}" is not a whole number from 1 to ${max}`);
  return n;
}

function connectionLimits(src: Source): ConnectionLimits {
  const limits: ConnectionLimits = {
    requestTimeoutMs: milliseconds(src, 'request-timeout-ms', 120_000),
    headersTimeoutMs: milliseconds(src, 'headers-timeout-ms', 20_000),
    bodyIdleTimeoutMs: milliseconds(src, 'body-idle-timeout-ms', 30_000),
    keepAliveTimeoutMs: milliseconds(src, 'keep-alive-timeout-ms', 72_000),
    maxConnections: count(src, 'max-connections', 1024, 1_000_000),
    maxConnectionsPerAddress: count(src, 'max-connections-per-address', 256, 1_000_000),
  };
  // Node refuses a headers timeout longer than the request timeout; so does the setting, by name.
  if (limits.headersTimeoutMs > limits.requestTimeoutMs)
    throw new ConfigError(
      `${read(src, 'headers-timeout-ms').name}: ${limits.headersTimeoutMs} is longer than ${read(src, 'request-timeout-ms').name} (${limits.requestTimeoutMs}); the headers are part of the request`,
    );
  return limits;
}

function oneOf<T extends string>(src: Source, flag: Flag, allowed: readonly T[], fallback: T): T {
  const { name, value } = read(src, flag);
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new ConfigError(`${name}: "${value}" is not one of ${allowed.join(', ')}`);
  }
  return value as T;
}

function masterKey(src: Source): Buffer | undefined {
  const { name, value } = read(src, 'master-key');
  if (value === undefined) return undefined;
  const key = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32) {
    throw new ConfigError(`${name}: must be 32 random bytes written as 64 hex characters or as base64`);
  }
  return key;
}

function trustedProxies(src: Source): IpRule[] {
  const { name, value } = read(src, 'trusted-proxies');
  if (value === undefined) return [];
  return value
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((entry) => {
      const rule = parseIpRule(entry);
      if (!rule) throw new ConfigError(`${name}: "${entry}" is not an IP address or CIDR range`);
      return rule;
    });
}

function databaseUrl(src: Source): string | undefined {
  const { name, value } = read(src, 'database-url');
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name}: not a URL; expected postgres://user:password@host:5432/database`);
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(
      `${name}: only postgres:// URLs are supported (unset it to use the embedded SQLite)`,
    );
  }
  return value;
}

function publicUrl(src: Source): string | undefined {
  const { name, value } = read(src, 'public-url');
  if (value === undefined) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
    return url.origin;
  } catch {
    throw new ConfigError(`${name}: "${value}" is not an http(s) URL`);
  }
}

function gatewayPublicUrl(src: Source): string | undefined {
  const { name, value } = read(src, 'gateway-public-url');
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name}: "${value}" is not an http(s) URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`${name}: "${value}" is not an http(s) URL`);
  if (url.search || url.hash || url.username || url.password)
    throw new ConfigError(`${name}: give the base URL only, without a query, fragment or credentials`);
  // A path is kept (a proxy may serve the Gateway under one); tools append /v1/… to it.
  return url.origin + url.pathname.replace(/\/+$/, '');
}

/** `anthropic=https://…,openai=https://…/v1`: each URL as that provider's SDK takes its base URL. */
function providerApiUrls(src: Source): Config['providerApiUrls'] {
  const { name, value } = read(src, 'provider-api-urls');
  if (value === undefined) return {};
  const out: Config['providerApiUrls'] = {};
  for (const entry of value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const eq = entry.indexOf('=');
    const family = entry.slice(0, eq).trim();
    if (eq < 1 || !isProviderFamily(family))
      throw new ConfigError(
        `${name}: "${entry}" is not <provider>=<URL> with a provider of ${PROVIDER_FAMILIES.join(', ')}`,
      );
    const raw = entry.slice(eq + 1).trim();
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new ConfigError(`${name}: ${family}'s "${raw}" is not an http(s) URL`);
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username)
      throw new ConfigError(
        `${name}: ${family}'s "${raw}" must be an http(s) base URL without query or credentials`,
      );
    out[family] = url.origin + url.pathname.replace(/\/+$/, '');
  }
  return out;
}

const ADDRESS = /^[^\s@<>]+@[^\s@<>]+$/;

function smtp(src: Source): SmtpSettings | undefined {
  const { name, value } = read(src, 'smtp-url');
  const from = read(src, 'smtp-from');
  if (value === undefined) {
    if (from.value !== undefined)
      throw new ConfigError(`${from.name}: set GATEHOUSE_SMTP_URL too, or neither`);
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name}: not a URL; expected smtp://user:password@mail.example.com:587`);
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new ConfigError(`${name}: must start with smtp:// or smtps://`);
  if (!url.hostname) throw new ConfigError(`${name}: names no mail server host`);
  if (from.value === undefined)
    throw new ConfigError(`${from.name}: set the sender address of invitation e-mails too`);
  const address = /<([^<>]*)>\s*$/.exec(from.value)?.[1] ?? from.value;
  if (!ADDRESS.test(address.trim()))
    throw new ConfigError(`${from.name}: "${from.value}" is not an address or "Name <address>"`);
  return { url, from: from.value };
}

/** Parses the settings; throws ConfigError with a one-line reason on the first bad one. */
export function loadConfig(env: NodeJS.ProcessEnv, argv: string[] = []): Config {
  let flags: Record<string, string | undefined>;
  try {
    const options = Object.fromEntries(Object.keys(FLAGS).map((f) => [f, { type: 'string' as const }]));
    flags = parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values as Record<
      string,
      string | undefined
    >;
  } catch (err) {
    throw new ConfigError(`command line: ${(err as Error).message}`);
  }
  const src: Source = { env, flags };

  const host = read(src, 'host').value ?? '127.0.0.1';
  if (isIP(host) === 0 && host !== 'localhost') {
    throw new ConfigError(`${read(src, 'host').name}: "${host}" is not an IP address to bind`);
  }
  const consolePort = port(src, 'console-port', 8080);
  const gatewayPort = port(src, 'gateway-port', 8081);
  if (consolePort === gatewayPort && consolePort !== 0) {
    throw new ConfigError(
      `${read(src, 'gateway-port').name}: must differ from ${read(src, 'console-port').name} (${consolePort})`,
    );
  }

  const admin = { email: read(src, 'admin-email'), password: read(src, 'admin-password') };
  if ((admin.email.value === undefined) !== (admin.password.value === undefined)) {
    throw new ConfigError('GATEHOUSE_ADMIN_EMAIL and GATEHOUSE_ADMIN_PASSWORD: set both or neither');
  }
  if (admin.email.value !== undefined && !/^[^\s@]+@[^\s@]+$/.test(admin.email.value)) {
    throw new ConfigError(`${admin.email.name}: "${admin.email.value}" is not an e-mail address`);
  }
  if (admin.password.value !== undefined && admin.password.value.length < 12) {
    throw new ConfigError(`${admin.password.name}: must be at least 12 characters`);
  }

  const db = databaseUrl(src);
  const role = oneOf(src, 'role', ['all', 'console', 'gateway'] as const, 'all');
  if (role !== 'all' && db === undefined) {
    throw new ConfigError(
      `${read(src, 'role').name}=${role}: running the console and the Gateway as separate processes needs GATEHOUSE_DATABASE_URL (PostgreSQL)`,
    );
  }

  return {
    host,
    consolePort,
    gatewayPort,
    dataDir: path.resolve(read(src, 'data-dir').value ?? './data'),
    databaseUrl: db,
    adminEmail: admin.email.value?.toLowerCase(),
    adminPassword: admin.password.value,
    masterKey: masterKey(src),
    trustedProxies: trustedProxies(src),
    role,
    logLevel: oneOf(
      src,
      'log-level',
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const,
      'info',
    ),
    publicUrl: publicUrl(src),
    gatewayPublicUrl: gatewayPublicUrl(src),
    smtp: smtp(src),
    upstream: {
      connectMs: milliseconds(src, 'upstream-connect-timeout-ms', 10_000),
      firstByteMs: milliseconds(src, 'upstream-first-byte-timeout-ms', 600_000),
      idleMs: milliseconds(src, 'upstream-idle-timeout-ms', 300_000),
    },
    providerApiUrls: providerApiUrls(src),
    connections: connectionLimits(src),
    shutdownTimeoutMs: milliseconds(src, 'shutdown-timeout-ms', 20_000),
  };
}
