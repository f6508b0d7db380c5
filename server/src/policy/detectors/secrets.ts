// The secrets detector: prefixed tokens (secret-tokens.ts), private key blocks, credentials in URLs
// and on command lines, and values assigned to secret-looking names, merged into one set of matches.
import { defineDetector } from './detector-types.ts';
import { actionSettings } from './action-settings.ts';
import { finish, type Candidate } from './match-utils.ts';
import { assignmentHoldback, scanAssignments } from './secret-assignments.ts';
import { cliCredentialHoldback, scanCliCredentials } from './secret-cli-credentials.ts';
import { cliPasswordHoldback, scanCliPasswords } from './secret-cli-passwords.ts';
import { NAMED_SECRET_RULES } from './secret-names.ts';
import { privateKeyHoldback, scanPrivateKeys } from './secret-private-keys.ts';
import { scanTokens, TOKEN_RULE_IDS } from './secret-tokens.ts';
import { scanUrls } from './secret-urls.ts';
import { yamlHoldback } from './secret-yaml.ts';

/**
 * Longest single token held back on a stream. Every token rule's match is a run of non-space
 * characters shorter than this (JWTs are the longest); a longer run is forwarded but for its tail.
 */
const MAX_TOKEN_HOLD = 8192;

/** Characters that end a token and any URL: whitespace and quotes. */
function endsToken(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 34 || code === 39 || code === 96;
}

export const SECRET_RULE_IDS: readonly string[] = [
  ...TOKEN_RULE_IDS,
  'private-key',
  'pgp-private-key',
  'database-connection-string',
  'url-credentials',
  'basic-auth-credentials',
  'slack-webhook',
  'discord-webhook',
  'teams-webhook',
  ...NAMED_SECRET_RULES.map((r) => r.id).filter((id) => !TOKEN_RULE_IDS.includes(id)),
  'password',
  'cli-password',
  'netrc-password',
  'generic-secret',
  'authorization-header',
];

export const secretsDetector = defineDetector({
  id: 'secrets',
  label: 'Secrets',
  description:
    'API keys and tokens of cloud, AI, source-control and payment services, private keys, JWTs, connection strings and passwords.',
  findingKind: 'secret',
  settings: actionSettings('redact'),
  scan(text, config) {
    const candidates: Candidate[] = [];
    scanTokens(text, candidates);
    scanPrivateKeys(text, candidates);
    scanUrls(text, candidates);
    scanCliCredentials(text, candidates);
    scanCliPasswords(text, candidates);
    scanAssignments(text, candidates);
    return finish('secrets', text, candidates, config);
  },
  holdback(text) {
    // A token (or URL) still being written: the trailing run of non-space characters.
    let run = 0;
    const limit = Math.min(text.length, MAX_TOKEN_HOLD);
    while (run < limit && !endsToken(text.charCodeAt(text.length - 1 - run))) run++;
    const hold = Math.max(
      run,
      assignmentHoldback(text),
      cliCredentialHoldback(text),
      cliPasswordHoldback(text),
      yamlHoldback(text),
    );
    return Math.max(hold, privateKeyHoldback(text, hold));
  },
});
