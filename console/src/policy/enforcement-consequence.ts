// What moving enforcement from one level to another changes, said plainly: shown where the level is
// chosen and again in the review before the version is saved, since lowering it lets secrets through to
// the providers for every developer at once.
import type { Enforcement } from '../api/client';

/** What moving from one level to another changes, said plainly; the diagonal is never asked. */
export const ENFORCEMENT_CONSEQUENCE: Record<Enforcement, Record<Enforcement, string>> = {
  enforce: {
    enforce: '',
    monitor:
      'Nothing will be blocked or redacted any more: requests and answers go through as they were sent, secrets and personal data included. What the detectors find is only recorded, as activity signals and risk findings.',
    off: 'Nothing will be scanned or recorded any more: nothing is blocked or redacted, requests and answers go through as they were sent, secrets and personal data included, and no signal or risk finding will show that they did.',
  },
  monitor: {
    enforce:
      'The detectors’ actions will apply from the next request: matches set to block stop the request (the tool shows the error), matches set to redact are replaced before they reach the provider.',
    monitor: '',
    off: 'Nothing will be scanned or recorded any more: requests and answers go through as they were sent, and no signal or risk finding will show what they held.',
  },
  off: {
    enforce:
      'Every request and answer will be scanned again from the next request, and the detectors’ actions will apply: matches set to block stop the request, matches set to redact are replaced.',
    monitor:
      'Every request and answer will be scanned again and what the detectors find recorded, but nothing will be blocked or redacted.',
    off: '',
  },
};

/** Said whenever enforcement is lowered: the server records it so. */
export const LOWERING_RECORDED =
  'Lowering enforcement is recorded in the audit log and raises a high-severity risk finding that names you.';
