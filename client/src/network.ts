// HTTP to the console and the Gateway with Node's own fetch, and the one place that turns a failed
// connection into a sentence a person can act on (no stack trace): refused, DNS, TLS, timeout.
import { CliError, EXIT } from './errors.ts';
import { CLIENT_VERSION } from './version.ts';

/** How long one request may take. GATEHOUSE_CLIENT_TIMEOUT_MS overrides it (slow links, tests). */
export function requestTimeoutMs(): number {
  const v = Number(process.env.GATEHOUSE_CLIENT_TIMEOUT_MS);
  return Number.isFinite(v) && v > 0 ? v : 15_000;
}

export interface Reply {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or undefined when the body was not JSON. */
  json: unknown;
  text: string;
}

/** What a failed connection was, in words, with what to do about it. */
export function describeNetworkError(err: unknown, url: string, what: string): string {
  const host = safeHost(url);
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
  const code = cause?.code ?? (err as { code?: string })?.code ?? '';
  const name = (err as { name?: string })?.name;
  const lead = `Could not reach ${what} at ${originOf(url)}`;
  if (name === 'TimeoutError' || name === 'AbortError' || code === 'UND_ERR_CONNECT_TIMEOUT')
    return `${lead}: it did not answer within ${Math.round(requestTimeoutMs() / 1000)} s. Check your network, VPN or proxy, and that the address is right.`;
  if (code === 'ECONNREFUSED')
    return `${lead}: the connection was refused. Check the address and port, and that Gatehouse is running there.`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME')
    return `${lead}: the host name ${host} could not be resolved. Check the address for typos, and your network or VPN.`;
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE')
    return `${lead}: the connection was closed before an answer came. Try again; if it persists, check your proxy or VPN.`;
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'ENETDOWN')
    return `${lead}: the network cannot reach ${host}. Check your network connection or VPN.`;
  if (/WRONG_VERSION_NUMBER|ERR_SSL_PACKET_LENGTH_TOO_LONG|EPROTO/.test(code + (cause?.message ?? '')))
    return `${lead}: the secure (TLS) connection failed, as if the server did not speak HTTPS. Check whether the address should start with http:// rather than https://.`;
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|ERR_TLS|HOSTNAME_MISMATCH|ALTNAME/.test(code))
    return (
      `${lead}: its TLS certificate was not trusted (${code}). If your organisation uses its own ` +
      'certificate authority, point NODE_EXTRA_CA_CERTS at its certificate file and try again.'
    );
  return `${lead}: ${cause?.message ?? (err as Error)?.message ?? String(err)}${code ? ` (${code})` : ''}.`;
}

function safeHost(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/**
 * One request; a connection that fails becomes a CliError with EXIT.unreachable. `what` names the
 * other end in messages ("the Gatehouse console").
 */
export async function send(url: string, init: RequestInit, what: string): Promise<Reply> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      ...init,
      headers: {
        accept: 'application/json',
        'user-agent': `gatehouse-client/${CLIENT_VERSION}`,
        ...(init.headers as Record<string, string>),
      },
      signal: AbortSignal.timeout(requestTimeoutMs()),
      redirect: 'manual',
    });
    text = await res.text();
  } catch (err) {
    throw new CliError(describeNetworkError(err, url, what), EXIT.unreachable);
  }
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}

/** A form-encoded POST (the OAuth endpoints take nothing else). */
export function postForm(url: string, form: Record<string, string>, what: string): Promise<Reply> {
  return send(
    url,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    },
    what,
  );
}
