// Detection quality on the labelled corpus (server/test/fixtures/detection-corpus/): precision and
// recall per detector, counted on exact rule and offsets, against the goals of issue 5.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PII_RULE_IDS } from '../../../src/policy/detectors/pii.ts';
import { SECRET_RULE_IDS } from '../../../src/policy/detectors/secrets.ts';
import { loadCorpus } from '../../fixtures/detection-corpus/corpus.ts';
import { measureQuality, type DetectorQuality } from '../../fixtures/detection-corpus/quality.ts';

const GOALS = { secrets: 0.95, pii: 0.9 } as const;

describe('detection corpus', () => {
  const cases = loadCorpus();
  const quality = measureQuality(cases);

  test('at least 400 positives and 400 negatives', () => {
    assert.ok(quality.positiveCases >= 400, `${quality.positiveCases} positive cases`);
    assert.ok(quality.negativeCases >= 400, `${quality.negativeCases} negative cases`);
  });

  test('every secret and PII rule has positives', () => {
    const covered = new Set(quality.rulesCovered);
    const missing = [...SECRET_RULE_IDS, ...PII_RULE_IDS].filter((id) => !covered.has(id));
    assert.deepEqual(missing, [], `rules with no positive case: ${missing.join(', ')}`);
  });

  test('the corpus holds no value twice under two labels', () => {
    for (const c of cases) {
      const spans = c.expect.map((e) => `${e.start}-${e.end}`);
      assert.equal(new Set(spans).size, spans.length, `${c.id} labels one span twice`);
    }
  });

  const report = (q: DetectorQuality) =>
    [
      `${q.detector}: precision ${q.precision.toFixed(3)}, recall ${q.recall.toFixed(3)}`,
      ...q.missed.slice(0, 10).map((m) => `  missed ${m.rule} in ${m.case}: ${m.value.slice(0, 80)}`),
      ...q.wrong.slice(0, 10).map((m) => `  wrong ${m.rule} in ${m.case}: ${m.value.slice(0, 80)}`),
    ].join('\n');

  // Issue 15: a product that flags every request teaches its admins to ignore it. The coding agents'
  // own text (their system prompts, commit trailers, the forges' no-reply addresses) raises nothing,
  // whatever the averages say.
  test('the coding agents’ stock text raises nothing', () => {
    const stock = new Set(cases.filter((c) => c.file === 'negatives-agents.cases').map((c) => c.id));
    assert.ok(stock.size >= 5, `${stock.size} stock cases`);
    const wrong = quality.detectors.flatMap((d) => d.wrong).filter((m) => stock.has(m.case));
    assert.deepEqual(wrong, []);
  });

  for (const detector of ['secrets', 'pii'] as const) {
    test(`${detector}: precision and recall at least ${GOALS[detector]}`, () => {
      const q = quality.detectors.find((d) => d.detector === detector);
      assert.ok(q, `${detector} measured`);
      assert.ok(q.precision >= GOALS[detector] && q.recall >= GOALS[detector], report(q));
    });
  }
});
