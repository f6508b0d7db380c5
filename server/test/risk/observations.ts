// Detector hits as the Gateway reports them to the risk service, for the risk tests: a made-up secret
// value each time (AWS-key-shaped), and the place it was found.
import { randomBytes } from 'node:crypto';
import type { RiskObservation } from '../../src/risk/risk-types.ts';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A fresh value shaped like an AWS access key id: what a test later searches every output for. */
export function fakeSecret(): string {
  return 'AKIA' + [...randomBytes(16)].map((b) => BASE32[b & 31]).join('');
}

export function observation(overrides: Partial<RiskObservation> = {}): RiskObservation {
  return {
    rule: 'aws-access-key',
    detector: 'secrets',
    severity: 'critical',
    label: 'aws-access-key',
    value: fakeSecret(),
    actor: { type: 'credential', id: 'cred_ci', name: 'ci pipeline' },
    provider: 'anthropic',
    model: 'claude-sonnet-4-5',
    tool: 'claude-code',
    where: 'request',
    location: 'messages[3].content[0].text',
    ...overrides,
  };
}
