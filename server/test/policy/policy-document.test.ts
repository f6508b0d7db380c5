// The policy document's own logic, without a server: the checks a JSON schema cannot make (with errors
// naming the field), the canonical form, and the difference between two versions.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from '../../src/errors.ts';
import { DEFAULT_POLICY } from '../../src/policy/policy-defaults.ts';
import type { PolicyDocument } from '../../src/policy/policy-types.ts';
import { validatePolicy } from '../../src/policy/policy-validation.ts';
import { diffPolicy } from '../../../shared/policy-diff.ts';
import { auditedChanges, summarise } from '../../src/policy/policy-diff.ts';

const base = (): PolicyDocument => structuredClone(DEFAULT_POLICY);

function refused(doc: unknown, field: RegExp) {
  assert.throws(
    () => validatePolicy(doc as PolicyDocument),
    (err: unknown) => {
      assert.ok(err instanceof ApiError, `not an ApiError: ${String(err)}`);
      assert.equal(err.code, 'invalid_request');
      assert.match(err.message, field);
      return true;
    },
  );
}

test('validatePolicy names the field of what a schema cannot check', () => {
  const rule = { action: 'block', severity: 'high' } as const;
  const withRules = (...custom: unknown[]) => ({ ...base(), detectors: { ...base().detectors, custom } });
  refused(
    withRules(
      { id: 'a', keywords: ['x'], ...rule },
      { id: 'b', keywords: ['y'], ...rule },
      { id: 'a', pattern: 'z', ...rule },
    ),
    /^detectors\.custom\[2\]\.id: "a" is the id of detectors\.custom\[0\]/,
  );
  refused(
    withRules({ id: 'a', pattern: 'x', keywords: ['x'], ...rule }),
    /^detectors\.custom\[0\]: .*exactly one/,
  );
  refused(withRules({ id: 'a', ...rule }), /^detectors\.custom\[0\]: .*exactly one/);
  refused(
    withRules({ id: 'ok', pattern: 'fine', ...rule }, { id: 'bad', pattern: '(unclosed', ...rule }),
    /^detectors\.custom\[1\]\.pattern: it is not a valid regular expression/,
  );
  refused(
    withRules({ id: 'a', pattern: 'x*', ...rule }),
    /^detectors\.custom\[0\]\.pattern: it matches empty text/,
  );
  const allow = (...allowlist: unknown[]) => ({
    ...base(),
    detectors: { ...base().detectors, pii: { action: 'alert', allowlist } },
  });
  refused(
    allow({ value: 'a' }, { value: 'b', pattern: 'c' }),
    /^detectors\.pii\.allowlist\[1\]: .*exactly one/,
  );
  refused(allow({ note: 'neither' }), /^detectors\.pii\.allowlist\[0\]: .*exactly one/);
  refused(
    allow({ pattern: '[' }),
    /^detectors\.pii\.allowlist\[0\]\.pattern: it is not a valid regular expression/,
  );
  refused(allow({ pattern: '.*' }), /^detectors\.pii\.allowlist\[0\]\.pattern: it matches empty text/);
});

test('validatePolicy rebuilds the document in one key order, without empty optional fields', () => {
  const sent = {
    detectors: {
      custom: [
        { severity: 'low', action: 'alert', keywords: ['Falcon', 'Falcon', 'Osprey'], id: 'code-names' },
      ],
      pii: { allowlist: [{ note: 'docs', value: 'jane@example.com' }], action: 'alert' },
      slopsquat: {
        allowlist: [{ note: 'ours', pattern: '^@acme/' }],
        deadline_ms: 800,
        young_days: 14,
        action: 'alert',
      },
      secrets: { allowlist: [], action: 'block' },
    },
    enforcement: 'monitor',
  };
  const doc = validatePolicy(sent as unknown as PolicyDocument);
  assert.equal(
    JSON.stringify(doc),
    JSON.stringify({
      enforcement: 'monitor',
      detectors: {
        secrets: { action: 'block', allowlist: [] },
        pii: { action: 'alert', allowlist: [{ value: 'jane@example.com', note: 'docs' }] },
        custom: [{ id: 'code-names', keywords: ['Falcon', 'Osprey'], action: 'alert', severity: 'low' }],
        slopsquat: {
          action: 'alert',
          young_days: 14,
          deadline_ms: 800,
          allowlist: [{ pattern: '^@acme/', note: 'ours' }],
        },
      },
      // A document sent without tools (written before they had settings) has none.
      tools: [],
    }),
  );
  assert.equal(JSON.stringify(validatePolicy(DEFAULT_POLICY)), JSON.stringify(DEFAULT_POLICY));
});

test('diffPolicy: settings replaced, rules matched by id, allowlist entries by value, order ignored', () => {
  const rule = (id: string, extra: Record<string, unknown> = {}) => ({
    id,
    keywords: [id],
    action: 'alert' as const,
    severity: 'low' as const,
    ...extra,
  });
  const before = validatePolicy({
    enforcement: 'enforce',
    detectors: {
      secrets: { action: 'redact', allowlist: [{ value: 'AKIAIOSFODNN7EXAMPLE' }, { pattern: '^sk-test-' }] },
      pii: { action: 'alert', allowlist: [] },
      custom: [rule('first'), rule('second'), rule('third')],
    },
  });
  const after = validatePolicy({
    enforcement: 'monitor',
    detectors: {
      secrets: { action: 'block', allowlist: [{ pattern: '^sk-test-' }, { value: 'AKIAIOSFODNN7EXAMPLE' }] },
      pii: { action: 'alert', allowlist: [{ value: 'jane@example.com' }] },
      custom: [rule('third', { severity: 'high' }), rule('second'), rule('fourth')],
    },
  });
  assert.deepEqual(diffPolicy(before, before), []);
  const changes = diffPolicy(before, after);
  assert.deepEqual(changes, [
    { op: 'replace', path: '/enforcement', before: 'enforce', after: 'monitor' },
    { op: 'replace', path: '/detectors/secrets/action', before: 'redact', after: 'block' },
    { op: 'add', path: '/detectors/pii/allowlist/0', after: { value: 'jane@example.com' } },
    { op: 'remove', path: '/detectors/custom/0', before: rule('first') },
    { op: 'replace', path: '/detectors/custom/0/severity', before: 'low', after: 'high' },
    { op: 'add', path: '/detectors/custom/2', after: rule('fourth') },
  ]);

  // The audit log keeps settings' values, and only the paths of values an admin may hold secret.
  const audited = auditedChanges(changes);
  assert.deepEqual(audited[2], { op: 'add', path: '/detectors/pii/allowlist/0' });
  assert.deepEqual(audited[0], changes[0]);
  assert.ok(
    !JSON.stringify(audited).includes('jane@example.com'),
    'an allowlisted value reached the audit form',
  );
  assert.equal(
    summarise(changes),
    '/enforcement: enforce → monitor; /detectors/secrets/action: redact → block; ' +
      'add /detectors/pii/allowlist/0; and 3 more',
  );
  assert.equal(summarise([]), 'No change');
});
