// A detector added to the registry later: the policy document's schema grows its key (optional, with
// the detector's default), and a document written before it (kept in git, or stored as a version)
// still validates, reads back whole with the new detector at its default, and runs it. The detector
// here is the test's own, registered in a registry the test builds; it never ships.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Compile } from 'typebox/compile';
import { ApiError } from '../../src/errors.ts';
import { actionSettings } from '../../src/policy/detectors/action-settings.ts';
import { defineDetector, type DetectorInfo } from '../../src/policy/detectors/detector-types.ts';
import { DETECTORS } from '../../src/policy/detectors/index.ts';
import { compilePolicy } from '../../src/policy/evaluation.ts';
import { defaultPolicy, withDefaults } from '../../src/policy/policy-defaults.ts';
import { policyDocumentSchema } from '../../src/policy/policy-schema.ts';
import type { PolicyDocument } from '../../src/policy/policy-types.ts';
import { validatePolicy } from '../../src/policy/policy-validation.ts';

/** Finds the word CANARY; blocks by default. */
const canary = defineDetector({
  id: 'canary',
  label: 'Canary',
  description: 'The word CANARY, for this test.',
  findingKind: 'custom',
  settings: actionSettings('block'),
  scan(text) {
    const out = [];
    for (let at = text.indexOf('CANARY'); at >= 0; at = text.indexOf('CANARY', at + 6))
      out.push({
        detector: 'canary',
        rule: 'canary',
        label: 'canary',
        severity: 'high' as const,
        start: at,
        end: at + 6,
      });
    return out;
  },
  holdback: () => 0,
});

const REGISTRY: readonly DetectorInfo[] = [...DETECTORS, canary];

/** A document as kept in git before the canary existed: the shipped detectors only. */
const OLDER = {
  enforcement: 'enforce',
  detectors: {
    secrets: { action: 'block', allowlist: [{ value: 'AKIAIOSFODNN7EXAMPLE', note: 'docs' }] },
    pii: { action: 'off', allowlist: [] },
    custom: [{ id: 'falcon', keywords: ['Project Falcon'], action: 'alert', severity: 'low' }],
  },
  tools: [],
} as const;

const CANARY_DEFAULT = { action: 'block', allowlist: [] };
/** The slopsquat detector came after OLDER too: it reads back at its own default. */
const SLOPSQUAT_DEFAULT = { action: 'block', young_days: 30, allowlist: [] };

test('the schema built from a registry has each detector as an optional key with its default', () => {
  const schema = policyDocumentSchema(REGISTRY);
  const detectors = schema.properties.detectors as unknown as {
    properties: Record<string, { default?: unknown }>;
    required?: string[];
  };
  assert.deepEqual(Object.keys(detectors.properties), ['secrets', 'pii', 'custom', 'slopsquat', 'canary']);
  assert.deepEqual(detectors.required ?? [], [], 'every detector key is optional');
  assert.deepEqual(detectors.properties.canary!.default, CANARY_DEFAULT);
  assert.deepEqual(detectors.properties.custom!.default, []);

  const check = Compile(schema);
  assert.ok(check.Check(OLDER), 'a document without the new key validates');
  assert.ok(
    check.Check({ ...OLDER, detectors: { ...OLDER.detectors, canary: { action: 'alert', allowlist: [] } } }),
  );
  assert.ok(
    !check.Check({ ...OLDER, detectors: { ...OLDER.detectors, canary: { action: 'shout', allowlist: [] } } }),
  );
  assert.ok(
    !check.Check({ ...OLDER, detectors: { ...OLDER.detectors, parrot: CANARY_DEFAULT } }),
    'unknown id',
  );
  // The server's own schema does not know the test's detector.
  assert.ok(
    !Compile(policyDocumentSchema(DETECTORS)).Check({
      ...OLDER,
      detectors: { ...OLDER.detectors, canary: CANARY_DEFAULT },
    }),
  );
});

test('an older document validates and gets the new detector at its default, the rest as written', () => {
  const doc = validatePolicy(OLDER as unknown as PolicyDocument, REGISTRY);
  assert.deepEqual(doc, {
    ...OLDER,
    detectors: { ...OLDER.detectors, slopsquat: SLOPSQUAT_DEFAULT, canary: CANARY_DEFAULT },
  });
  assert.deepEqual(
    Object.keys(doc.detectors),
    ['secrets', 'pii', 'custom', 'slopsquat', 'canary'],
    'registry order',
  );
  // Given, the detector's settings are its own module's to check.
  const sent = {
    ...OLDER,
    detectors: { ...OLDER.detectors, canary: { action: 'alert', allowlist: [{ pattern: '.*' }] } },
  };
  assert.throws(
    () => validatePolicy(sent as unknown as PolicyDocument, REGISTRY),
    (err: unknown) =>
      err instanceof ApiError &&
      /^detectors\.canary\.allowlist\[0\]\.pattern: it matches empty text/.test(err.message),
  );
  // A key no detector has is refused, naming the detectors there are.
  const parrot = { ...OLDER, detectors: { ...OLDER.detectors, parrot: CANARY_DEFAULT } };
  assert.throws(
    () => validatePolicy(parrot as unknown as PolicyDocument, REGISTRY),
    (err: unknown) =>
      err instanceof ApiError &&
      err.code === 'invalid_request' &&
      err.message ===
        'detectors: "parrot" is not a detector; the detectors are secrets, pii, custom, slopsquat, canary (GET /api/v1/detectors).',
  );
});

test('a stored older version reads back whole, and the new detector runs at its default', () => {
  const stored = JSON.parse(JSON.stringify(OLDER)) as PolicyDocument;
  const read = withDefaults(stored, REGISTRY);
  assert.deepEqual(read.detectors, {
    ...OLDER.detectors,
    slopsquat: SLOPSQUAT_DEFAULT,
    canary: CANARY_DEFAULT,
  });
  assert.deepEqual(defaultPolicy(REGISTRY).detectors, {
    secrets: { action: 'redact', allowlist: [] },
    pii: { action: 'alert', allowlist: [] },
    custom: [],
    slopsquat: SLOPSQUAT_DEFAULT,
    canary: CANARY_DEFAULT,
  });

  const failures: string[] = [];
  const policy = compilePolicy(stored, 1, (d) => failures.push(d), { detectors: REGISTRY });
  const hits = policy.scan('the CANARY sings');
  assert.deepEqual(
    hits.map((h) => [h.match.detector, h.action]),
    [['canary', 'block']],
  );
  // Under monitor its default is recorded, not acted on; and the document's own settings still hold.
  const monitored = compilePolicy({ ...stored, enforcement: 'monitor' }, 2, () => {}, {
    detectors: REGISTRY,
  });
  assert.deepEqual(
    monitored.scan('CANARY and AKIAQYLPMN5HFIQR7XQZ').map((h) => [h.match.rule, h.action]),
    [
      ['canary', 'alert'],
      ['aws-access-key', 'alert'],
    ],
  );
  assert.deepEqual(failures, []);
});
