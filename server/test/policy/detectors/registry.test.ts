// The registry: one list of detectors with one signature, and the convenience that runs the enabled
// ones over a text and merges what they find.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { compileDetectorConfig } from '../../../src/policy/detectors/config.ts';
import { DETECTORS, holdbackAll, scanAll, TEXT_DETECTORS } from '../../../src/policy/detectors/index.ts';
import { generate } from './secret-cases.ts';

const none = compileDetectorConfig({ allowlist: [] });

describe('detector registry', () => {
  test('secrets, pii and custom, each once, each with scan and holdback; then slopsquat, which scans no text', () => {
    assert.deepEqual(
      DETECTORS.map((d) => d.id),
      ['secrets', 'pii', 'custom', 'slopsquat'],
    );
    assert.deepEqual(
      TEXT_DETECTORS.map((d) => d.id),
      ['secrets', 'pii', 'custom'],
    );
    assert.ok(!('scan' in DETECTORS[3]), 'its check is a stage of the answer paths');
    for (const d of TEXT_DETECTORS) {
      assert.equal(typeof d.scan, 'function', `${d.id}.scan`);
      assert.equal(typeof d.holdback, 'function', `${d.id}.holdback`);
    }
  });

  test('scanAll runs only the detectors given a config, and merges in order without overlaps', () => {
    const key = generate('openai-api-key');
    const text = `From jane.doe@acme-corp.io: OPENAI_API_KEY=${key} for Project Falcon, call +44 20 7946 0958`;
    const custom = compileDetectorConfig({ allowlist: [] }, [
      { id: 'codename', keywords: ['Project Falcon'], action: 'alert', severity: 'medium' },
      // Overlaps the email: the longer match (the email) wins over the shorter custom one.
      { id: 'acme', keywords: ['acme-corp'], action: 'alert', severity: 'low' },
    ]);
    const all = scanAll(text, { secrets: none, pii: none, custom });
    assert.deepEqual(
      all.map((m) => `${m.detector}/${m.rule}=${text.slice(m.start, m.end)}`),
      [
        'pii/email=jane.doe@acme-corp.io',
        `secrets/openai-api-key=${key}`,
        'custom/custom:codename=Project Falcon',
        'pii/phone-number=+44 20 7946 0958',
      ],
      'merged',
    );
    assert.deepEqual(
      scanAll(text, { secrets: none }).map((m) => m.detector),
      ['secrets'],
      'only the secrets detector',
    );
    assert.deepEqual(scanAll(text, {}), [], 'none enabled');
  });

  test('where two detectors cover the same span, the earlier detector in the registry wins', () => {
    const text = 'escalate to jane.doe@acme-corp.io now';
    const custom = compileDetectorConfig({ allowlist: [] }, [
      { id: 'vip', keywords: ['jane.doe@acme-corp.io'], action: 'block', severity: 'high' },
    ]);
    const all = scanAll(text, { pii: none, custom });
    assert.deepEqual(
      all.map((m) => m.rule),
      ['email'],
      'PII comes before custom rules',
    );
  });

  test('holdbackAll is the most any enabled detector holds back', () => {
    const text = 'write to jane.doe@acme-co';
    const custom = compileDetectorConfig({ allowlist: [] }, [
      { id: 'k', keywords: ['acme-corporation'], action: 'alert', severity: 'low' },
    ]);
    const each = TEXT_DETECTORS.map((d) => d.holdback(text, d.id === 'custom' ? custom : none));
    assert.equal(holdbackAll(text, { secrets: none, pii: none, custom }), Math.max(...each), 'the maximum');
    assert.equal(holdbackAll(text, {}), 0, 'nothing enabled, nothing held');
  });
});
