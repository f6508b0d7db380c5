// The console's OAuth endpoints as this public client uses them (docs/decisions/device-sign-in.md):
// RFC 8628 device authorization, the token endpoint's device_code and refresh_token grants, and RFC 7009
// revocation. Connection failures surface as CliError(EXIT.unreachable) from network.ts.
import { CliError, EXIT } from './errors.ts';
import { postForm, type Reply } from './network.ts';
import { clause } from './output.ts';

export const CLIENT_ID = 'gatehouse-client';
const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
export const CONSOLE = 'the Gatehouse console';

export interface DeviceAuthorization {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete?: string;
  expires_in: number;
  interval: number;
}

/** What the token endpoint hands a device: the contract's success answer. */
export interface DeviceTokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  scope: string;
  device_id: string;
  developer: { id: string; email: string };
  gateway_url: string;
}

/** An RFC 6749 §5.2 refusal. */
export interface OAuthRefusal {
  error: string;
  description: string;
  status: number;
}

export type TokenResult = { ok: true; tokens: DeviceTokens } | { ok: false; refusal: OAuthRefusal };

/** The console's base URL as given on the command line, checked and without a trailing slash. */
export function consoleBase(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CliError(
      `"${raw}" is not a URL. Give the console's address, e.g. --console https://gatehouse.example.com`,
      EXIT.usage,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new CliError(`The console address must start with https:// or http:// (got "${raw}").`, EXIT.usage);
  return url.origin + url.pathname.replace(/\/+$/, '');
}

function notAConsole(base: string, reply: Reply): CliError {
  return new CliError(
    `${base} did not answer as a Gatehouse console (HTTP ${reply.status}). Check the --console address: ` +
      'it is the address of the Gatehouse console, not of the Gateway.',
    EXIT.failed,
  );
}

function refusalOf(reply: Reply): OAuthRefusal | undefined {
  const body = reply.json as { error?: unknown; error_description?: unknown } | undefined;
  if (!body || typeof body.error !== 'string') return undefined;
  return {
    error: body.error,
    description: typeof body.error_description === 'string' ? body.error_description : '',
    status: reply.status,
  };
}

export async function startDeviceAuthorization(
  base: string,
  device: { device_name: string; platform: string; client_version: string },
): Promise<DeviceAuthorization> {
  const reply = await postForm(
    `${base}/api/oauth/device_authorization`,
    { client_id: CLIENT_ID, scope: 'gateway:invoke', ...device },
    CONSOLE,
  );
  const body = reply.json as Partial<DeviceAuthorization> | undefined;
  if (
    reply.status === 200 &&
    body &&
    typeof body.device_code === 'string' &&
    typeof body.user_code === 'string'
  ) {
    return {
      device_code: body.device_code,
      user_code: body.user_code,
      verification_uri: String(body.verification_uri),
      ...(typeof body.verification_uri_complete === 'string'
        ? { verification_uri_complete: body.verification_uri_complete }
        : {}),
      expires_in: Number(body.expires_in) > 0 ? Number(body.expires_in) : 600,
      // RFC 8628 §3.2: 5 seconds when the server does not say.
      interval: Number(body.interval) > 0 ? Number(body.interval) : 5,
    };
  }
  const refusal = refusalOf(reply);
  if (refusal)
    throw new CliError(
      `The console refused to start a sign-in: ${clause(refusal.description) || refusal.error}.`,
      EXIT.failed,
    );
  throw notAConsole(base, reply);
}

function tokenResult(base: string, reply: Reply): TokenResult {
  const body = reply.json as Partial<DeviceTokens> | undefined;
  if (reply.status === 200 && body) {
    const ok =
      typeof body.access_token === 'string' &&
      typeof body.refresh_token === 'string' &&
      typeof body.gateway_url === 'string' &&
      Number(body.expires_in) > 0;
    if (!ok)
      throw new CliError(
        `The console's token answer lacked a device token, refresh token, expiry or Gateway address; ` +
          'is the console a newer or older Gatehouse than this client?',
        EXIT.failed,
      );
    return { ok: true, tokens: body as DeviceTokens };
  }
  const refusal = refusalOf(reply);
  if (refusal) return { ok: false, refusal };
  throw notAConsole(base, reply);
}

/** One poll of the token endpoint for a device code. */
export async function pollDeviceToken(base: string, deviceCode: string): Promise<TokenResult> {
  const reply = await postForm(
    `${base}/api/oauth/token`,
    { grant_type: DEVICE_CODE_GRANT, device_code: deviceCode, client_id: CLIENT_ID },
    CONSOLE,
  );
  return tokenResult(base, reply);
}

export async function refreshTokens(base: string, refreshToken: string): Promise<TokenResult> {
  const reply = await postForm(
    `${base}/api/oauth/token`,
    { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: CLIENT_ID },
    CONSOLE,
  );
  return tokenResult(base, reply);
}

/** RFC 7009: the console answers 200 for any token, so anything else is a problem worth reporting. */
export async function revokeToken(base: string, token: string): Promise<{ ok: boolean; detail: string }> {
  const reply = await postForm(`${base}/api/oauth/revoke`, { token, client_id: CLIENT_ID }, CONSOLE);
  if (reply.status === 200) return { ok: true, detail: '' };
  const refusal = refusalOf(reply);
  return { ok: false, detail: refusal ? refusal.description || refusal.error : `HTTP ${reply.status}` };
}
