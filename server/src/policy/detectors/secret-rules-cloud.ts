// Cloud and infrastructure providers' credentials. Formats from each provider's documentation of its
// key format, cross-checked against the public rule sets of gitleaks and trufflehog.
import type { AnchorRule, TokenRule } from './secret-rule-types.ts';

export const CLOUD_TOKEN_RULES: readonly TokenRule[] = [
  {
    // Access key ids are base32 after a four-letter type prefix (AKIA long-term, ASIA temporary, …).
    id: 'aws-access-key',
    severity: 'high',
    prefixes: ['AKIA', 'ASIA', 'ABIA', 'ACCA', 'A3T'],
    pattern: '(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z2-7]{16}',
  },
  {
    // Google Cloud and Google AI (Gemini) API keys share the AIza prefix.
    id: 'google-api-key',
    severity: 'high',
    prefixes: ['AIza'],
    pattern: 'AIza[0-9A-Za-z_-]{35}',
  },
  {
    id: 'gcp-oauth-client-secret',
    severity: 'high',
    prefixes: ['GOCSPX-'],
    pattern: 'GOCSPX-[A-Za-z0-9_-]{28}',
  },
  {
    id: 'alibaba-access-key-id',
    severity: 'high',
    prefixes: ['LTAI'],
    pattern: 'LTAI[A-Za-z0-9]{20}',
  },
  {
    id: 'digitalocean-token',
    severity: 'critical',
    prefixes: ['dop_v1_', 'doo_v1_', 'dor_v1_'],
    pattern: 'do[opr]_v1_[a-f0-9]{64}',
  },
  {
    id: 'heroku-api-key',
    severity: 'high',
    prefixes: ['HRKU-'],
    pattern: 'HRKU-AA[0-9A-Za-z_-]{58}',
  },
  {
    id: 'databricks-token',
    severity: 'high',
    prefixes: ['dapi'],
    pattern: 'dapi[a-f0-9]{32}(?:-\\d)?',
  },
  {
    id: 'vault-token',
    severity: 'critical',
    prefixes: ['hvs.', 'hvb.'],
    pattern: 'hv[sb]\\.[A-Za-z0-9_-]{90,300}',
  },
  {
    id: 'doppler-token',
    severity: 'high',
    prefixes: ['dp.'],
    pattern: 'dp\\.(?:pt|st|sa|ct|scim|audit)\\.[A-Za-z0-9]{40,44}',
  },
  {
    id: 'pulumi-token',
    severity: 'high',
    prefixes: ['pul-'],
    pattern: 'pul-[a-f0-9]{40}',
  },
  {
    id: 'supabase-token',
    severity: 'high',
    prefixes: ['sbp_', 'sb_secret_'],
    pattern: '(?:sbp_[a-f0-9]{40}|sb_secret_[A-Za-z0-9_-]{31,64})',
  },
  {
    id: 'cloudflare-origin-ca-key',
    severity: 'high',
    prefixes: ['v1.0-'],
    pattern: 'v1\\.0-[a-f0-9]{24}-[a-f0-9]{146}',
  },
  {
    id: 'fly-io-token',
    severity: 'high',
    prefixes: ['fo1_', 'fm2_'],
    pattern: '(?:fo1_[A-Za-z0-9_-]{43}|fm2_[A-Za-z0-9+/]{100,2000}={0,3})',
    boundary: '[A-Za-z0-9_+/=-]',
  },
  {
    // age (the file encryption tool) secret keys: Bech32 with its fixed human-readable part.
    id: 'age-secret-key',
    severity: 'critical',
    prefixes: ['AGE-SECRET-KEY-1'],
    pattern: 'AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}',
  },
];

const ALNUM = /[A-Za-z0-9]/;
const AZURE_SECRET_CHAR = /[A-Za-z0-9_~.-]/;

export const CLOUD_ANCHOR_RULES: readonly AnchorRule[] = [
  {
    // Microsoft Entra (Azure AD) client secrets: three characters, a digit, `Q~`, then 31 to 34 more.
    id: 'azure-ad-client-secret',
    severity: 'high',
    anchor: 'Q~',
    find(text, at) {
      const start = at - 4;
      if (start < 0 || !/[0-9]/.test(text[at - 1]!)) return null;
      for (let i = start; i < at - 1; i++) if (!/[A-Za-z0-9_~.]/.test(text[i]!)) return null;
      if (start > 0 && AZURE_SECRET_CHAR.test(text[start - 1]!)) return null;
      let end = at + 2;
      while (end < text.length && AZURE_SECRET_CHAR.test(text[end]!)) end++;
      const tail = end - at - 2;
      return tail >= 31 && tail <= 34 ? [start, end] : null;
    },
  },
  {
    // Terraform Cloud / HCP Terraform user and team tokens: `<14>.atlasv1.<60-70>`. The search is for
    // `v1.` (a string search is as fast as its first character is rare), then the rest is checked.
    id: 'terraform-cloud-token',
    severity: 'critical',
    anchor: 'v1.',
    find(text, v) {
      const at = v - 6;
      if (at < 0 || !text.startsWith('.atlasv1.', at)) return null;
      const start = at - 14;
      if (start < 0) return null;
      for (let i = start; i < at; i++) if (!ALNUM.test(text[i]!)) return null;
      if (start > 0 && /[A-Za-z0-9_.-]/.test(text[start - 1]!)) return null;
      let end = at + 9;
      while (end < text.length && /[A-Za-z0-9_=-]/.test(text[end]!)) end++;
      const tail = end - at - 9;
      return tail >= 60 && tail <= 70 ? [start, end] : null;
    },
  },
];
