// Source control, package registries, CI and developer tooling: tokens that let whoever holds them
// push code or publish packages.
import { hasCrc32Base62Suffix } from './checksums.ts';
import type { TokenRule } from './secret-rule-types.ts';

export const VCS_TOKEN_RULES: readonly TokenRule[] = [
  {
    // Personal, OAuth, user-to-server, server-to-server and refresh tokens; the last six characters
    // are the CRC32 of the 30 before them, so a made-up token almost never passes.
    id: 'github-token',
    severity: 'critical',
    prefixes: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'],
    pattern: 'gh[pousr]_[A-Za-z0-9]{36}',
    verify: (value) => hasCrc32Base62Suffix(value.slice(4)),
  },
  {
    id: 'github-fine-grained-token',
    severity: 'critical',
    prefixes: ['github_pat_'],
    pattern: 'github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59}',
  },
  {
    // Personal, deploy, runner, pipeline-trigger, CI job, feed, OAuth app, agent and SCIM tokens, and
    // the runner registration token; newer personal tokens end with a routing suffix `.<2><7>`.
    id: 'gitlab-token',
    severity: 'critical',
    prefixes: [
      'glpat-',
      'gldt-',
      'glrt-',
      'glptt-',
      'glcbt-',
      'glft-',
      'glimt-',
      'glagent-',
      'gloas-',
      'glsoat-',
      'glffct-',
      'GR1348941',
    ],
    pattern:
      '(?:glpat-[A-Za-z0-9_-]{20,300}(?:\\.[0-9a-z]{2}[0-9a-z]{7})?|glptt-[0-9a-f]{40}|gloas-[A-Za-z0-9_-]{64}|glagent-[A-Za-z0-9_-]{50}|gl(?:dt|rt|ft|soat|ffct|imt)-[A-Za-z0-9_-]{20,300}|glcbt-[0-9a-zA-Z]{1,5}_[A-Za-z0-9_-]{20}|GR1348941[A-Za-z0-9_-]{20})',
  },
  {
    id: 'bitbucket-app-password',
    severity: 'high',
    prefixes: ['ATBB'],
    pattern: 'ATBB[A-Za-z0-9]{32}',
  },
  {
    id: 'atlassian-api-token',
    severity: 'high',
    prefixes: ['ATATT3'],
    pattern: 'ATATT3[A-Za-z0-9_=-]{186}',
    boundary: '[A-Za-z0-9_=-]',
  },
  {
    // npm's granular and automation tokens use GitHub's format, checksum included.
    id: 'npm-token',
    severity: 'critical',
    prefixes: ['npm_'],
    pattern: 'npm_[A-Za-z0-9]{36}',
    verify: (value) => hasCrc32Base62Suffix(value.slice(4)),
  },
  {
    // A macaroon whose first bytes encode the location "pypi.org".
    id: 'pypi-token',
    severity: 'critical',
    prefixes: ['pypi-'],
    pattern: 'pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,1000}',
    skipFakeCheck: true,
  },
  {
    id: 'rubygems-api-key',
    severity: 'high',
    prefixes: ['rubygems_'],
    pattern: 'rubygems_[a-f0-9]{48}',
  },
  {
    id: 'dockerhub-token',
    severity: 'high',
    prefixes: ['dckr_pat_', 'dckr_oat_'],
    pattern: 'dckr_(?:pat|oat)_[A-Za-z0-9_-]{27,32}',
  },
  {
    id: 'nuget-api-key',
    severity: 'high',
    prefixes: ['oy2'],
    pattern: 'oy2[a-z0-9]{43}',
  },
  {
    id: 'circleci-token',
    severity: 'high',
    prefixes: ['CCIPAT_', 'CCIPRJ_'],
    pattern: 'CCIP(?:AT|RJ)_[A-Za-z0-9]{22}_[a-f0-9]{40}',
  },
  {
    id: 'sonarqube-token',
    severity: 'medium',
    prefixes: ['sqp_', 'squ_', 'sqa_'],
    pattern: 'sq[pua]_[a-f0-9]{40}',
  },
  {
    id: 'linear-api-key',
    severity: 'high',
    prefixes: ['lin_api_'],
    pattern: 'lin_api_[A-Za-z0-9]{40}',
  },
  {
    id: 'postman-api-key',
    severity: 'high',
    prefixes: ['PMAK-'],
    pattern: 'PMAK-[a-f0-9]{24}-[a-f0-9]{34}',
  },
  {
    id: 'grafana-token',
    severity: 'high',
    prefixes: ['glc_', 'glsa_'],
    pattern: '(?:glc_[A-Za-z0-9+/]{32,400}={0,2}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8})',
    boundary: '[A-Za-z0-9_+/=-]',
  },
  {
    id: 'new-relic-api-key',
    severity: 'high',
    prefixes: ['NRAK-'],
    pattern: 'NRAK-[A-Z0-9]{27}',
  },
  {
    id: 'sentry-token',
    severity: 'high',
    prefixes: ['sntryu_', 'sntrys_'],
    pattern: '(?:sntryu_[a-f0-9]{64}|sntrys_eyJ[A-Za-z0-9+/=_-]{50,600}_[A-Za-z0-9+/]{43})',
    boundary: '[A-Za-z0-9_+/=-]',
    skipFakeCheck: true,
  },
  {
    id: 'shopify-token',
    severity: 'high',
    prefixes: ['shpat_', 'shpss_', 'shpca_', 'shppa_'],
    pattern: 'shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}',
  },
];
