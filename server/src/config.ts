// Every setting of Gatehouse, parsed once at start from the environment and command-line flags.
// A flag wins over its environment variable. A bad value stops the start with one line naming the
// setting and what is wrong with it (ConfigError), never a stack trace.
import { isIP } from 'node:net';
import { parseArgs } from 'node:util';
import path from 'node:path';
import { parseIpRule, type IpRule } from '../../shared/ip-rules.ts';
import { PROVIDER_FAMILIES, type ProviderFamily } from './provider-keys/families.ts';
import { ECOSYSTEMS } from './slopsquat/slopsquat-contract.ts';
import { withDefaults, type RegistryUrls } from './slopsquat/registry/registry-urls.ts';
import { tracingSettings, type TracingSettings } from './tracing/tracing-config.ts';
import { ConfigError, count, milliseconds, oneOf, port, read, FLAGS, type Source } from './config-source.ts';
import { baseUrlPairs, databaseUrl, gatewayPublicUrl, publicUrl } from './config-urls.ts';

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
  /**
   * Where slopsquat detection asks about package names, per ecosystem: the public registries
   * (slopsquat/registry/registry-urls.ts DEFAULT_REGISTRIES) unless named here, as the team's mirror
   * (Artifactory, Nexus, Verdaccio, a private Go proxy) whose answers its installs will get.
   */
  slopsquatRegistries: RegistryUrls;
  connections: ConnectionLimits;
  /**
   * How long a graceful stop (SIGTERM) waits for in-flight requests before it closes every connection
   * still open and flushes the records. Default 20 s: inside the 30 s a container orchestrator gives a
   * process between SIGTERM and SIGKILL (Kubernetes' terminationGracePeriodSeconds), with time left to
   * flush; a Gateway stream still running then is cut, as the orchestrator would cut it.
   */
  shutdownTimeoutMs: number;
  /** OpenTelemetry traces, from the standard OTEL_* variables; null (off) unless configured (tracing/tracing-config.ts). */
  tracing: TracingSettings | null;
  /**
   * Prometheus metrics (GET /metrics) on a listener of their own: unset means none. Never on the
   * Gateway's or the console's port, where it would be reachable by whoever reaches them.
   */
  metrics: MetricsListener | undefined;
}

export interface MetricsListener {
  /** Default 127.0.0.1: a scraper on the same host or behind a port mapping; set it to expose it wider. */
  host: string;
  port: number;
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

/** `anthropic=https://…,openai=https://…/v1`: each URL as that provider's SDK takes its base URL. */
function providerApiUrls(src: Source): Config['providerApiUrls'] {
  return baseUrlPairs(src, 'provider-api-urls', PROVIDER_FAMILIES, 'provider') ?? {};
}

/** `npm=https://npm.corp.example/api/npm/npm-remote,pypi=…`: the ecosystems not named keep their default. */
function slopsquatRegistries(src: Source): RegistryUrls {
  return withDefaults(baseUrlPairs(src, 'slopsquat-registries', ECOSYSTEMS, 'ecosystem') ?? {});
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

function metricsListener(
  src: Source,
  taken: { console: number; gateway: number },
): MetricsListener | undefined {
  const host = read(src, 'metrics-host');
  if (read(src, 'metrics-port').value === undefined) {
    if (host.value !== undefined)
      throw new ConfigError(`${host.name}: set GATEHOUSE_METRICS_PORT too; metrics are off without it`);
    return undefined;
  }
  const p = port(src, 'metrics-port', 0);
  const name = read(src, 'metrics-port').name;
  if (p !== 0 && (p === taken.console || p === taken.gateway))
    throw new ConfigError(
      `${name}: ${p} is the ${p === taken.console ? 'console' : 'Gateway'}'s port; metrics need a port of their own`,
    );
  if (host.value !== undefined && isIP(host.value) === 0 && host.value !== 'localhost')
    throw new ConfigError(`${host.name}: "${host.value}" is not an IP address to bind`);
  return { host: host.value ?? '127.0.0.1', port: p };
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
    slopsquatRegistries: slopsquatRegistries(src),
    connections: connectionLimits(src),
    shutdownTimeoutMs: milliseconds(src, 'shutdown-timeout-ms', 20_000),
    metrics: metricsListener(src, { console: consolePort, gateway: gatewayPort }),
    tracing: tracingSettings(env),
  };
}
