// The detectors' benchmark (issue 5): precision and recall per detector over the labelled corpus, and
// throughput in MB/s on one core with all detectors on (secrets, PII and two custom rules), the text
// normalised first as the policy does (detectors/normalize.ts), over a few MB of fresh text: code,
// JSON conversations, prose, a lock file, minified JavaScript (bench/detector-text.ts). Warm-up runs first, then the median of the measured runs.
//
// `npm run bench` calls benchDetectors(say); on its own,
//   cd server && node --import tsx ../bench/detectors.ts
// prints the same as a markdown section.
import { pathToFileURL } from 'node:url';
import { compileDetectorConfig } from '../server/src/policy/detectors/config.ts';
import type { DetectorConfig, DetectorId } from '../server/src/policy/detectors/detector-types.ts';
import { TEXT_DETECTORS } from '../server/src/policy/detectors/index.ts';

/** The registered detectors' ids, each one a field of the results. */
type RegisteredId = (typeof TEXT_DETECTORS)[number]['id'];
import { normalizedScan } from '../server/src/policy/detectors/normalize.ts';
import type { CustomRule } from '../server/src/policy/policy-types.ts';
import { loadCorpus } from '../server/test/fixtures/detection-corpus/corpus.ts';
import { measureQuality } from '../server/test/fixtures/detection-corpus/quality.ts';
import { buildBenchText } from './detector-text.ts';

export interface DetectorQualityRow {
  detector: DetectorId;
  precision: number;
  recall: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
}

export interface DetectorBench {
  quality: DetectorQualityRow[];
  corpus: { positives: number; negatives: number };
  /** All detectors on, one core, median run. */
  throughputMBs: number;
  /** Each detector alone, median run. */
  perDetectorMBs: Record<RegisteredId, number>;
  /** Normalisation alone (detectors/normalize.ts), median run. */
  normalizeMBs: number;
  textMB: number;
  runs: number;
  warmups: number;
  /** One sentence for the report: what was scanned and how. */
  throughputText: string;
}

export interface DetectorBenchSettings {
  /** Characters of text to scan per run (default 4 M). */
  chars: number;
  warmups: number;
  runs: number;
}

/** The custom rules an admin typically has: a code name and an internal host pattern. */
const CUSTOM_RULES: readonly CustomRule[] = [
  { id: 'codename', keywords: ['Project Falcon', 'falcon-core'], action: 'block', severity: 'high' },
  {
    id: 'internal-host',
    pattern: '[a-z0-9-]+\\.corp\\.acme\\.internal',
    action: 'redact',
    severity: 'medium',
  },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Median seconds of `runs` calls of `fn` after `warmups` unmeasured ones. */
function timeIt(fn: () => void, warmups: number, runs: number): number {
  for (let i = 0; i < warmups; i++) fn();
  const seconds: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    fn();
    seconds.push(Number(process.hrtime.bigint() - t0) / 1e9);
  }
  return median(seconds);
}

export async function benchDetectors(
  say: (line: string) => void = () => {},
  settings: Partial<DetectorBenchSettings> = {},
): Promise<DetectorBench> {
  const { chars = 4_000_000, warmups = 8, runs = 15 } = settings;
  const cases = loadCorpus();
  const q = measureQuality(cases);
  const quality = q.detectors.map((d) => ({
    detector: d.detector,
    precision: d.precision,
    recall: d.recall,
    truePositives: d.truePositives,
    falsePositives: d.falsePositives,
    falseNegatives: d.falseNegatives,
  }));
  for (const d of quality) {
    say(
      `  ${d.detector}: precision ${d.precision.toFixed(3)}, recall ${d.recall.toFixed(3)} (${d.truePositives} found, ${d.falsePositives} false, ${d.falseNegatives} missed)`,
    );
  }
  // Let the event loop breathe between the corpus and the timed runs.
  await new Promise((resolve) => setImmediate(resolve));

  const { text, parts } = buildBenchText(chars);
  const textMB = Buffer.byteLength(text, 'utf8') / 1e6;
  const configs = new Map<DetectorId, DetectorConfig>([
    ['secrets', compileDetectorConfig({ allowlist: [] })],
    ['pii', compileDetectorConfig({ allowlist: [] })],
    ['custom', compileDetectorConfig({ allowlist: [] }, CUSTOM_RULES)],
  ]);
  let sink = 0;
  // As the policy runs them (evaluation.ts): the text normalised once, every detector on it, the
  // offsets mapped back.
  const all = () => {
    const scanNormalized = normalizedScan(text);
    for (const d of TEXT_DETECTORS) sink += scanNormalized((t) => d.scan(t, configs.get(d.id)!)).length;
  };
  const perDetectorMBs = {} as Record<RegisteredId, number>;
  for (const d of TEXT_DETECTORS) {
    perDetectorMBs[d.id] =
      textMB / timeIt(() => (sink += d.scan(text, configs.get(d.id)!).length), warmups, runs);
  }
  const throughputMBs = textMB / timeIt(all, warmups, runs);
  const normalizeMBs = textMB / timeIt(() => (sink += normalizedScan(text)(() => []).length), warmups, runs);
  if (sink < 0) say('');
  const mix = parts.map((p) => `${p.kind} ${Math.round((p.chars / text.length) * 100)}%`).join(', ');
  const throughputText = `${textMB.toFixed(1)} MB (${mix}), one thread, median of ${runs} runs after ${warmups} warm-up; alone: secrets ${perDetectorMBs.secrets.toFixed(0)} MB/s, PII ${perDetectorMBs.pii.toFixed(0)} MB/s, custom (${CUSTOM_RULES.length} rules) ${perDetectorMBs.custom.toFixed(0)} MB/s; normalisation ${normalizeMBs.toFixed(0)} MB/s`;
  say(`  throughput, all detectors: ${throughputMBs.toFixed(0)} MB/s over ${throughputText}`);
  return {
    quality,
    corpus: { positives: q.positiveCases, negatives: q.negativeCases },
    throughputMBs,
    perDetectorMBs,
    normalizeMBs,
    textMB,
    runs,
    warmups,
    throughputText,
  };
}

/** The result as a markdown section, for a run on its own. */
export function renderDetectorBench(b: DetectorBench): string {
  const rows = b.quality.map(
    (q) =>
      `| ${q.detector} | ${q.precision.toFixed(3)} | ${q.recall.toFixed(3)} | ${q.truePositives} | ${q.falsePositives} | ${q.falseNegatives} |`,
  );
  return [
    '## Detectors',
    '',
    `Corpus: server/test/fixtures/detection-corpus/ (${b.corpus.positives} positive cases, ${b.corpus.negatives} negative cases).`,
    '',
    '| Detector | Precision | Recall | True positives | False positives | False negatives |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    `Throughput, all detectors on: **${b.throughputMBs.toFixed(0)} MB/s** over ${b.throughputText}.`,
    '',
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchDetectors((line) => process.stderr.write(`${line}\n`));
  process.stdout.write(renderDetectorBench(result));
}
