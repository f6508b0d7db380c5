// The shape of a grant type module: the token endpoint dispatches on grant_type to one of these, after
// authenticating the kind of client the grant serves (client-authentication.ts).
import type { FastifyRequest } from 'fastify';
import type { Credential } from '../credential-types.ts';

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

interface GrantBase {
  grantType: string;
  /** Parameters this grant reads beyond grant_type and the client's authentication. */
  parameters: readonly string[];
}

interface Context {
  request: FastifyRequest;
  /** The form parameters, each present at most once. */
  params: Map<string, string>;
}

/** A grant for machine credentials, which authenticate with their secret (client credentials). */
export interface ConfidentialGrant extends GrantBase {
  client: 'confidential';
  handler(ctx: Context & { client: Credential }): Promise<TokenResponse> | TokenResponse;
}

/** A grant for the public endpoint client, which names itself and holds no secret (device code, refresh). */
export interface PublicGrant extends GrantBase {
  client: 'public';
  handler(ctx: Context & { clientId: string }): Promise<TokenResponse>;
}

export type Grant = ConfidentialGrant | PublicGrant;
