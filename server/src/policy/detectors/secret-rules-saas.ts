// Payment, messaging and other software-as-a-service keys, and JSON Web Tokens.
import type { AnchorRule, TokenRule } from './secret-rule-types.ts';

/** A JWT's header is base64url JSON naming its algorithm; anything else with the shape is not one. */
function jwtHeaderValid(value: string): boolean {
  const header = value.slice(0, value.indexOf('.'));
  try {
    const parsed: unknown = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    return (
      typeof parsed === 'object' && parsed !== null && typeof (parsed as { alg?: unknown }).alg === 'string'
    );
  } catch {
    return false;
  }
}

/** A Discord bot token's first part is the bot's numeric id in base64. */
function discordIdValid(value: string): boolean {
  const id = Buffer.from(value.slice(0, value.indexOf('.')), 'base64').toString('latin1');
  return /^[1-9][0-9]{16,19}$/.test(id);
}

export const SAAS_TOKEN_RULES: readonly TokenRule[] = [
  {
    // Live secret and restricted keys; test-mode keys (sk_test_) reach no money and no customer data,
    // and Stripe's documentation is full of them.
    id: 'stripe-secret-key',
    severity: 'critical',
    prefixes: ['sk_live_', 'rk_live_'],
    pattern: '[sr]k_live_[A-Za-z0-9]{24,247}',
  },
  {
    id: 'stripe-webhook-secret',
    severity: 'high',
    prefixes: ['whsec_'],
    pattern: 'whsec_[A-Za-z0-9]{32,64}',
  },
  {
    id: 'square-token',
    severity: 'critical',
    prefixes: ['sq0atp-', 'sq0csp-', 'EAAA'],
    pattern: '(?:sq0atp-[A-Za-z0-9_-]{22}|sq0csp-[A-Za-z0-9_-]{43}|EAAA[A-Za-z0-9_-]{60})',
  },
  {
    id: 'twilio-api-key',
    severity: 'high',
    prefixes: ['SK'],
    pattern: 'SK[0-9a-fA-F]{32}',
  },
  {
    id: 'sendgrid-api-key',
    severity: 'high',
    prefixes: ['SG.'],
    pattern: 'SG\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}',
  },
  {
    // Bot, user, workspace, refresh and configuration tokens, and app-level tokens.
    id: 'slack-token',
    severity: 'high',
    prefixes: ['xoxa-', 'xoxb-', 'xoxe-', 'xoxe.', 'xoxo-', 'xoxp-', 'xoxr-', 'xoxs-', 'xapp-'],
    pattern:
      '(?:xox[abeoprs]-(?:\\d{1,14}-){1,4}[0-9A-Za-z]{8,64}|xoxe\\.xox[bp]-\\d-[A-Za-z0-9]{140,180}|xapp-\\d-[A-Z0-9]{8,14}-\\d{10,16}-[a-z0-9]{32,80})',
  },
  {
    id: 'discord-bot-token',
    severity: 'high',
    prefixes: ['MT', 'Mj', 'Mz', 'ND', 'NT', 'Nj', 'Nz', 'OD', 'OT'],
    pattern: '[MNO][A-Za-z0-9]{22,27}\\.[A-Za-z0-9_-]{6}\\.[A-Za-z0-9_-]{27,40}',
    verify: discordIdValid,
  },
  {
    id: 'mailgun-api-key',
    severity: 'high',
    prefixes: ['key-'],
    pattern: 'key-[0-9a-f]{32}',
  },
  {
    id: 'notion-token',
    severity: 'high',
    prefixes: ['ntn_', 'secret_'],
    pattern: '(?:ntn_\\d{11}[A-Za-z0-9]{35}|secret_[A-Za-z0-9]{43})',
  },
  {
    // Secret (sk.) tokens only: public (pk.) tokens are meant to ship in web pages.
    id: 'mapbox-secret-token',
    severity: 'high',
    prefixes: ['sk.eyJ'],
    pattern: 'sk\\.eyJ[A-Za-z0-9_-]{20,400}\\.[A-Za-z0-9_-]{20,100}',
  },
  {
    id: 'jwt',
    severity: 'medium',
    prefixes: ['eyJ'],
    pattern: 'eyJ[A-Za-z0-9_-]{8,2000}\\.eyJ[A-Za-z0-9_-]{8,6000}\\.[A-Za-z0-9_-]{16,1000}',
    verify: jwtHeaderValid,
    skipFakeCheck: true,
  },
];

export const SAAS_ANCHOR_RULES: readonly AnchorRule[] = [
  {
    // `<bot id>:<35 characters starting AA>`, as BotFather issues them. Searched from `AA`, which is
    // rarer in text than the colon.
    id: 'telegram-bot-token',
    severity: 'high',
    anchor: 'AA',
    find(text, aa) {
      const at = aa - 1;
      if (at < 0 || text[at] !== ':') return null;
      let start = at;
      while (
        start > 0 &&
        start > at - 11 &&
        text.charCodeAt(start - 1) >= 48 &&
        text.charCodeAt(start - 1) <= 57
      ) {
        start--;
      }
      const digits = at - start;
      if (digits < 8 || digits > 10) return null;
      if (start > 0 && /[0-9]/.test(text[start - 1]!)) return null;
      let end = at + 1;
      while (end < text.length && /[A-Za-z0-9_-]/.test(text[end]!)) end++;
      return end - at - 1 === 35 ? [start, end] : null;
    },
  },
];

/**
 * Mailchimp API keys have no prefix but a datacenter suffix: 32 hex characters, `-us`, one or two
 * digits. The prefilter offers every long token run to this check.
 */
export function mailchimpKey(text: string, start: number, end: number): boolean {
  const len = end - start;
  if (len < 36 || len > 37) return false;
  return /^[0-9a-f]{32}-us\d{1,2}$/.test(text.slice(start, end));
}
