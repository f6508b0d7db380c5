// The scan cache and the policy's use of it: a text seen before under the same policy version is not
// scanned again, whatever its length; what it holds is bounded; a detector's failure is not remembered.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createScanCache } from '../../src/policy/scan-cache.ts';
import { compilePolicy } from '../../src/policy/evaluation.ts';
import type { Detector } from '../../src/policy/detectors/detector-types.ts';
import { secretsDetector } from '../../src/policy/detectors/secrets.ts';
import { DEFAULT_POLICY } from '../../src/policy/policy-defaults.ts';

/** A fresh copy of a string (not the same object), as JSON.parse makes for each request. */
const copy = (s: string) => JSON.parse(JSON.stringify(s)) as string;

test('a stored text is found again, from another copy of it', () => {
  const cache = createScanCache<string>(10_000);
  const text = 'const a = 1;\n'.repeat(40);
  cache.set(text, 'found');
  assert.equal(cache.get(copy(text)), 'found');
  assert.equal(cache.get('something else'), undefined);
  assert.equal(cache.size, 1);
  assert.equal(cache.chars, text.length + 64, 'its length and the entry cost');
});

test('what it holds stays within its budget; the least recently used go first', () => {
  const cache = createScanCache<number>(4_000);
  const texts = Array.from({ length: 200 }, (_, i) => `text number ${i} `.repeat(5));
  texts.forEach((t, i) => {
    cache.set(t, i);
    assert.ok(cache.chars <= 4_000, `over budget after ${i}: ${cache.chars}`);
  });
  assert.equal(cache.get(texts[199]!), 199, 'the newest is kept');
  assert.equal(cache.get(texts[0]!), undefined, 'the oldest is gone');
});

test('a text used again survives the turnover that drops the ones not used', () => {
  const cache = createScanCache<number>(2_000);
  const hot = 'the conversation so far '.repeat(10);
  cache.set(hot, 1);
  for (let i = 0; i < 100; i++) {
    cache.set(`new message ${i} `.repeat(4), i);
    assert.equal(cache.get(copy(hot)), 1, `the text in use was dropped after ${i} others`);
  }
});

test('a text longer than half the budget is not stored', () => {
  const cache = createScanCache<number>(1_000);
  cache.set('x'.repeat(600), 1);
  assert.equal(cache.size, 0);
});

/** A detector that counts its scans and finds "SECRET" (or throws while `failing`). */
function countingDetector() {
  const state = { scans: 0, failing: false };
  const detector: Detector = {
    // The secrets detector's settings and identity, with a scan of its own.
    ...secretsDetector,
    label: 'Counting',
    description: 'Counts its scans.',
    scan(text) {
      state.scans++;
      if (state.failing) throw new Error('detector broke');
      const at = text.indexOf('SECRET');
      return at < 0
        ? []
        : [{ detector: 'secrets', rule: 'test', label: 'test', severity: 'high', start: at, end: at + 6 }];
    },
    holdback: () => 0,
  };
  return { state, detector };
}

test('the policy scans a text once per version, short or long; the next turn costs lookups only', () => {
  const { state, detector } = countingDetector();
  const policy = compilePolicy(DEFAULT_POLICY, 1, () => {}, { detectors: [detector] });
  const history = ['user', 'toolu_01', 'Read', 'a SECRET here', 'x'.repeat(30_000)];
  for (const t of history) policy.scan(t);
  assert.equal(state.scans, history.length);
  const again = history.map((t) => policy.scan(copy(t)));
  assert.equal(state.scans, history.length, 'nothing seen before was scanned again');
  assert.equal(again[3]![0]?.match.start, 2, 'what was found comes back with it');
  policy.scan('a new question');
  assert.equal(state.scans, history.length + 1, 'a new text is scanned');
  // Another version starts afresh: what a text holds depends on the policy.
  const next = compilePolicy(DEFAULT_POLICY, 2, () => {}, { detectors: [detector] });
  next.scan(copy(history[4]!));
  assert.equal(state.scans, history.length + 2);
});

test('a failed scan is not remembered: the next request scans again', () => {
  const { state, detector } = countingDetector();
  const failures: string[] = [];
  const policy = compilePolicy(DEFAULT_POLICY, 1, (id) => failures.push(id), { detectors: [detector] });
  state.failing = true;
  assert.equal(policy.scan('some text')[0]?.match.rule, 'detector-error:secrets');
  state.failing = false;
  assert.deepEqual(policy.scan('some text'), [], 'scanned again, and clean');
  assert.equal(state.scans, 2);
  assert.deepEqual(failures, ['secrets']);
});

test('a flood of new short texts neither evicts a conversation nor grows past its own small budget', () => {
  const { state, detector } = countingDetector();
  const policy = compilePolicy(DEFAULT_POLICY, 1, () => {}, { detectors: [detector], cacheChars: 4_000_000 });
  const history = 'const value = await fetchRecord(id);\n'.repeat(1_000);
  policy.scan(history);
  for (let i = 0; i < 100_000; i++) policy.scan(`question number ${i}`);
  const scans = state.scans;
  policy.scan(copy(history));
  assert.equal(state.scans, scans, 'the long text was still remembered');
});
