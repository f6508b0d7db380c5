// RFC 6749 §4.4: the client credentials grant. The token carries the credential's scopes, or the
// requested subset of them.
import type { CredentialService } from '../credential-service.ts';
import { isScope, type Scope } from '../scopes.ts';
import type { ConfidentialGrant } from './grant.ts';
import { invalidScope } from './oauth-errors.ts';

export function clientCredentialsGrant(credentials: CredentialService): ConfidentialGrant {
  return {
    grantType: 'client_credentials',
    parameters: ['scope'],
    client: 'confidential',
    handler({ params, client }) {
      let scopes: Scope[] = client.scopes;
      const requested = params.get('scope');
      if (requested !== undefined && requested.trim() !== '') {
        const names = [...new Set(requested.trim().split(/ +/))];
        const unknown = names.find((s) => !isScope(s));
        if (unknown)
          throw invalidScope(
            `"${unknown.slice(0, 64)}" is not a scope; scopes are ${client.scopes.join(' ')} for this client.`,
          );
        const missing = names.find((s) => !client.scopes.includes(s as Scope));
        if (missing)
          throw invalidScope(
            `This credential was not granted "${missing}"; it may request: ${client.scopes.join(' ')}.`,
          );
        scopes = names as Scope[];
      }
      const { token, expiresIn } = credentials.issueToken(client, scopes);
      return { access_token: token, token_type: 'Bearer', expires_in: expiresIn, scope: scopes.join(' ') };
    },
  };
}
