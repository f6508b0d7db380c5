// Who is asking at the OAuth endpoints. Two kinds of client: machine credentials, confidential, which
// authenticate with their secret (HTTP Basic or client_id + client_secret in the body, never both); and
// the endpoint client, `gatehouse-client`, public (RFC 6749 §2.1: it runs on developers' machines and can
// keep no secret), which only names itself. Each grant says which kind it serves.
import type { FastifyRequest } from 'fastify';
import { invalidClient, invalidRequest } from './oauth-errors.ts';

/** The endpoint client's id: device sign-in, refresh and sign-out (docs/decisions/device-sign-in.md). */
export const PUBLIC_CLIENT_ID = 'gatehouse-client';

export interface ClientAuth {
  clientId: string;
  /** undefined when none was sent. */
  clientSecret: string | undefined;
  basic: boolean;
}

/** What the request says about its client, in the Authorization header or the body; null when nothing. */
export function readClientAuth(request: FastifyRequest, params: Map<string, string>): ClientAuth | null {
  const header = request.headers.authorization;
  const inBody = params.has('client_id') || params.has('client_secret');
  if (header === undefined) {
    const clientId = params.get('client_id');
    if (clientId === undefined) {
      if (params.has('client_secret')) throw invalidClient('client_id is missing.', false);
      return null;
    }
    return { clientId, clientSecret: params.get('client_secret'), basic: false };
  }
  const m = /^Basic +([A-Za-z0-9+/]+=*) *$/i.exec(header);
  if (!m)
    throw invalidClient('The Authorization header must be HTTP Basic with the client id and secret.', true);
  if (inBody)
    throw invalidRequest(
      'Authenticate the client with HTTP Basic or with client_id and client_secret in the body, not both.',
    );
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw invalidClient('The HTTP Basic credentials must be "client_id:client_secret".', true);
  try {
    // RFC 6749 §2.3.1: both parts are form-urlencoded before they are joined.
    const unform = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    const secret = unform(decoded.slice(colon + 1));
    return { clientId: unform(decoded.slice(0, colon)), clientSecret: secret || undefined, basic: true };
  } catch {
    throw invalidClient('The HTTP Basic credentials are not correctly encoded.', true);
  }
}

/** A machine credential's id and secret, both required. */
export function confidentialClient(auth: ClientAuth | null): ClientAuth & { clientSecret: string } {
  if (!auth) throw invalidClient('Send client_id and client_secret, in the body or with HTTP Basic.', false);
  if (auth.clientSecret === undefined) throw invalidClient('client_secret is missing.', auth.basic);
  return auth as ClientAuth & { clientSecret: string };
}

/** The public endpoint client: client_id=gatehouse-client and no secret (RFC 8628 §3.1, RFC 6749 §3.2.1). */
export function publicClient(request: FastifyRequest, params: Map<string, string>): string {
  const auth = readClientAuth(request, params);
  if (!auth) throw invalidRequest(`client_id is missing; send client_id=${PUBLIC_CLIENT_ID}.`);
  if (auth.clientId !== PUBLIC_CLIENT_ID)
    throw invalidClient(
      `Device sign-in, refresh and sign-out are for the endpoint client: send client_id=${PUBLIC_CLIENT_ID}.`,
      auth.basic,
    );
  if (auth.clientSecret !== undefined)
    throw invalidClient(`${PUBLIC_CLIENT_ID} is a public client; send no client_secret.`, auth.basic);
  return auth.clientId;
}
