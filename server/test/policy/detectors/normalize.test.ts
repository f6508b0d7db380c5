// Text is read as a person reads it: fullwidth letters, zero-width characters, soft hyphens and
// Unicode spaces do not hide a secret, and a redaction replaces the original characters.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { compileDetectorConfig } from '../../../src/policy/detectors/config.ts';
import {
  normalizedScan,
  normalizeForScan,
  originalEnd,
  originalStart,
} from '../../../src/policy/detectors/normalize.ts';
import { secretsDetector } from '../../../src/policy/detectors/secrets.ts';
import { compilePolicy } from '../../../src/policy/evaluation.ts';
import type { CustomRule } from '../../../src/policy/policy-types.ts';
import { redactText } from '../../../src/gateway/json-guard.ts';

const SECRET = 'AKIAQYLPMN5HFIQR7XQZ';
const none = compileDetectorConfig({ allowlist: [] });
const fullwidth = (s: string) =>
  [...s].map((c) => String.fromCodePoint(c.codePointAt(0)! - 0x21 + 0xff01)).join('');

const policy = (custom: CustomRule[] = []) =>
  compilePolicy(
    {
      enforcement: 'enforce',
      detectors: {
        secrets: { action: 'redact', allowlist: [] },
        pii: { action: 'off', allowlist: [] },
        custom,
        slopsquat: { action: 'off', young_days: 30, allowlist: [] },
      },
      tools: [],
    },
    1,
    (d, err) => assert.fail(`${d}: ${String(err)}`),
  );

describe('normalisation', () => {
  test('ASCII text is returned as it is, with no offset map', () => {
    const text = `key ${SECRET}\n`;
    const n = normalizeForScan(text);
    assert.equal(n.text, text);
    assert.equal(n.map, null);
  });

  test('non-ASCII text that does not change keeps no map either', () => {
    const n = normalizeForScan('café — naïve 東京');
    assert.equal(n.map, null);
  });

  test('fullwidth letters fold, format characters drop, spaces fold; offsets map back', () => {
    const text = `a\u00a0${fullwidth('AKIA')}\u200bB\u00adC 𝐗`;
    const n = normalizeForScan(text);
    assert.equal(n.text, 'a AKIABC X');
    // "AKIA" in the normalised text is the four fullwidth letters in the original.
    const s = n.text.indexOf('AKIA');
    assert.equal(text.slice(originalStart(n.map, s), originalEnd(n.map, s + 4)), fullwidth('AKIA'));
    // "AKIABC" covers the zero-width space and the soft hyphen between its letters.
    assert.equal(
      text.slice(originalStart(n.map, s), originalEnd(n.map, s + 6)),
      `${fullwidth('AKIA')}\u200bB\u00adC`,
    );
    // A surrogate pair (mathematical bold X) maps as one character.
    const x = n.text.indexOf('X');
    assert.equal(text.slice(originalStart(n.map, x), originalEnd(n.map, x + 1)), '𝐗');
  });

  for (const [why, dressed] of [
    ['fullwidth letters', fullwidth(SECRET)],
    ['a zero-width space inside', `${SECRET.slice(0, 8)}\u200b${SECRET.slice(8)}`],
    [
      'a soft hyphen and a zero-width joiner inside',
      `${SECRET.slice(0, 4)}\u00ad${SECRET.slice(4, 10)}\u200d${SECRET.slice(10)}`,
    ],
    [
      'a BOM and a word joiner inside',
      `${SECRET.slice(0, 6)}\ufeff${SECRET.slice(6, 12)}\u2060${SECRET.slice(12)}`,
    ],
  ] as const) {
    test(`a secret with ${why} is found, and its redaction replaces the original span`, () => {
      const text = `export AWS_ACCESS_KEY_ID=${dressed} # prod`;
      const hits = policy().scan(text);
      assert.deepEqual(
        hits.map((h) => h.match.rule),
        ['aws-access-key'],
      );
      const redacted = redactText(text, hits);
      assert.equal(redacted, 'export AWS_ACCESS_KEY_ID=[REDACTED:aws-access-key] # prod');
    });
  }

  test('a long text with few changes: only windows around them are normalised, offsets exact', () => {
    const filler = 'const x = compute(a, b); // nothing secret here…\n'.repeat(400);
    const dressed = `${SECRET.slice(0, 6)}\u200b${SECRET.slice(6)}`;
    const other = 'AKIAQYLPMN5HFIQR7XQA';
    const text = `${filler}key1 = ${fullwidth(SECRET)}\n${filler}key2 = ${other}\n${filler}key3 = ${dressed}\n${filler}`;
    const found = normalizedScan(text)((t) => secretsDetector.scan(t, none)).map((m) =>
      text.slice(m.start, m.end),
    );
    assert.deepEqual(found, [fullwidth(SECRET), other, dressed]);
  });

  test('a text mostly changed is normalised whole', () => {
    const text = `${fullwidth('password')}${fullwidth('=')}${fullwidth('Xk9#mPq2vL7w')}`;
    const found = normalizedScan(text)((t) => secretsDetector.scan(t, none)).map((m) =>
      text.slice(m.start, m.end),
    );
    assert.deepEqual(found, [fullwidth('Xk9#mPq2vL7w')]);
  });

  test('a stream holds back a secret still being written in fullwidth letters', () => {
    const text = `the key is ${fullwidth(SECRET.slice(0, 10))}`;
    const hold = policy().holdback(text);
    assert.ok(hold.altering >= 10, `held back ${hold.altering}`);
  });
});
