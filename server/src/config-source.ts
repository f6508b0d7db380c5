// Where a setting is read from (a flag wins over its environment variable) and the readers of the plain
// kinds of value (ports, durations, counts, one of a list), each failing with one line that names the
// setting (ConfigError). config.ts reads every setting with them.

export class ConfigError extends Error {}

export interface Source {
  env: NodeJS.ProcessEnv;
  flags: Record<string, string | undefined>;
}

// One row per setting: where it is read from and how it is checked. The default is documented in the
// Config interface and applied in loadConfig (config.ts).
export const FLAGS = {
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
  'slopsquat-registries': 'GATEHOUSE_SLOPSQUAT_REGISTRIES',
  'request-timeout-ms': 'GATEHOUSE_REQUEST_TIMEOUT_MS',
  'headers-timeout-ms': 'GATEHOUSE_HEADERS_TIMEOUT_MS',
  'body-idle-timeout-ms': 'GATEHOUSE_BODY_IDLE_TIMEOUT_MS',
  'keep-alive-timeout-ms': 'GATEHOUSE_KEEP_ALIVE_TIMEOUT_MS',
  'max-connections': 'GATEHOUSE_MAX_CONNECTIONS',
  'max-connections-per-address': 'GATEHOUSE_MAX_CONNECTIONS_PER_ADDRESS',
  'shutdown-timeout-ms': 'GATEHOUSE_SHUTDOWN_TIMEOUT_MS',
  'metrics-port': 'GATEHOUSE_METRICS_PORT',
  'metrics-host': 'GATEHOUSE_METRICS_HOST',
} as const;
export type Flag = keyof typeof FLAGS;

export function read(src: Source, flag: Flag): { name: string; value: string | undefined } {
  const fromFlag = src.flags[flag];
  if (fromFlag !== undefined) return { name: `--${flag}`, value: fromFlag };
  const env = FLAGS[flag];
  const value = src.env[env];
  return { name: env, value: value === '' ? undefined : value };
}

export function port(src: Source, flag: Flag, fallback: number): number {
  const { name, value } = read(src, flag);
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65535)
    throw new ConfigError(`${name}: "${value}" is not a port number (0-65535)`);
  return n;
}

export function milliseconds(src: Source, flag: Flag, fallback: number): number {
  const { name, value } = read(src, flag);
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > 3_600_000)
    throw new ConfigError(`${name}: "${value}" is not a number of milliseconds from 1 to 3600000`);
  return n;
}

export function count(src: Source, flag: Flag, fallback: number, max: number): number {
  const { name, value } = read(src, flag);
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > max)
    throw new ConfigError(`${name}: "${value}" is not a whole number from 1 to ${max}`);
  return n;
}

export function oneOf<T extends string>(src: Source, flag: Flag, allowed: readonly T[], fallback: T): T {
  const { name, value } = read(src, flag);
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new ConfigError(`${name}: "${value}" is not one of ${allowed.join(', ')}`);
  }
  return value as T;
}
