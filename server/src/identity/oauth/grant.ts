// The shape of a grant type module: the token endpoint dispatches on grant_type to one of these.
import type { FastifyRequest } from 'fastify';
import type { Credential } from '../credential-types.ts';

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

export interface GrantContext {
  request: FastifyRequest;
  /** The form parameters, each present at most once. */
  params: Map<string, string>;
  /** The authenticated client, for grants that need client authentication. */
  client: Credential;
}

export interface Grant {
  grantType: string;
  /** Parameters this grant reads beyond grant_type and the client's authentication. */
  parameters: readonly string[];
  /** Whether the client must authenticate (client credentials: yes; device code: not with a secret). */
  clientAuthentication: boolean;
  handler(ctx: GrantContext): Promise<TokenResponse> | TokenResponse;
}
