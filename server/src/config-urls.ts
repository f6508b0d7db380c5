// The settings that are addresses: the PostgreSQL URL, the console's and the Gateway's public URLs, and
// the `<key>=<URL>,…` lists of the services Gatehouse calls (providers, package registries). A URL with
// credentials is refused without repeating them: the message goes to logs and terminals.
import { ConfigError, read, type Flag, type Source } from './config-source.ts';

export function databaseUrl(src: Source): string | undefined {
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

export function publicUrl(src: Source): string | undefined {
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

export function gatewayPublicUrl(src: Source): string | undefined {
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

/**
 * An http(s) base URL as `origin` + path without a trailing slash, or undefined when `raw` is not one
 * (another scheme, a query, a fragment or credentials). For the addresses of services Gatehouse calls.
 */
export function httpBaseUrl(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username)
    return undefined;
  return url.origin + url.pathname.replace(/\/+$/, '');
}

/** `<key>=<URL>,…` with keys of `keys`: each URL as httpBaseUrl makes it. */
export function baseUrlPairs<K extends string>(
  src: Source,
  flag: Flag,
  keys: readonly K[],
  what: string,
): Partial<Record<K, string>> | undefined {
  const { name, value } = read(src, flag);
  if (value === undefined) return undefined;
  const out: Partial<Record<K, string>> = {};
  for (const entry of value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const eq = entry.indexOf('=');
    const key = entry.slice(0, eq).trim();
    if (eq < 1 || !(keys as readonly string[]).includes(key))
      throw new ConfigError(
        `${name}: "${entry}" is not <${what}>=<URL> with a ${what} of ${keys.join(', ')}`,
      );
    const raw = entry.slice(eq + 1).trim();
    const url = httpBaseUrl(raw);
    // Credentials in the URL are refused without repeating them: the message goes to logs and terminals.
    if (/^[^/]*\/\/[^/]*@/.test(raw))
      throw new ConfigError(`${name}: ${key}'s URL must not carry credentials (user:password@)`);
    if (url === undefined)
      throw new ConfigError(
        `${name}: ${key}'s "${raw}" must be an http(s) base URL without query or credentials`,
      );
    out[key as K] = url;
  }
  return out;
}
