// The slopsquat detection's figures (issue 18), measured in-process over the real extraction, registry
// lookup and judge, against the fake registries of the tests (one HTTP server per ecosystem on
// 127.0.0.1, answering as the real registries do):
// - precision and recall of the missing-package detection over the labelled corpus
//   (server/test/fixtures/slopsquat/corpus.json): a name the registry does not have is "missing";
// - the false-positive audit: the popular npm and PyPI names (server/src/slopsquat/data/), each
//   installed by a Claude Code `Bash` tool call, must raise no reason at all;
// - how long a tool call with three names waits for its lookups with cold caches: a registry that
//   answers in 100 ms, and one that never answers (held until the lookup's deadline, then let go).
import {
  extractFromCommand,
  extractFromText,
  extractFromToolCall,
} from '../server/src/slopsquat/extract/index.ts';
import { createPackageLookup } from '../server/src/slopsquat/registry/lookup.ts';
import { DEFAULT_JUDGE_SETTINGS, judge } from '../server/src/slopsquat/judge.ts';
import { popularList } from '../server/src/slopsquat/data/popular.ts';
import type { Ecosystem, PackageRef } from '../server/src/slopsquat/slopsquat-contract.ts';
import { startFakeRegistries } from '../server/test/helpers/fake-registries.ts';
import corpus from '../server/test/fixtures/slopsquat/corpus.json' with { type: 'json' };

interface CorpusItem {
  id: string;
  kind: 'answer' | 'command' | 'tool_call';
  text?: string;
  command?: string;
  tool?: string;
  args?: unknown;
  expect: Array<{ ecosystem: Ecosystem; name: string; exists: boolean }>;
}

export interface DetectionFigures {
  items: number;
  /** Names the corpus labels missing, and how the detection did on them. */
  truthMissing: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
  /** Names the detection called missing wrongly or missed, for the report (at most 10). */
  mistakes: string[];
  audit: { npm: number; pypi: number; flagged: string[] };
  /** Milliseconds a three-name tool call waited for its lookups, cold caches. */
  held: { answeringMs: number; silentMs: number; deadlineMs: number };
}

export const DETECTION_DEADLINE_MS = 2_000;
const REGISTRY_DELAY_MS = 100;

const refsOf = (item: CorpusItem): PackageRef[] =>
  item.kind === 'answer'
    ? extractFromText(item.text ?? '')
    : item.kind === 'command'
      ? extractFromCommand(item.command ?? '')
      : extractFromToolCall(item.tool ?? '', item.args);

const keyOf = (ecosystem: string, name: string) => `${ecosystem}:${name}`;

export async function measureDetection(): Promise<DetectionFigures> {
  const fakes = await startFakeRegistries();
  const lookup = createPackageLookup({ registries: fakes.urls, deadlineMs: DETECTION_DEADLINE_MS });
  const now = Date.now();
  try {
    const items = (corpus as { items: CorpusItem[] }).items;
    let tp = 0;
    let fp = 0;
    let fn = 0;
    let truthMissing = 0;
    const mistakes: string[] = [];
    for (const item of items) {
      const truth = new Map(item.expect.map((e) => [keyOf(e.ecosystem, e.name), e.exists]));
      const called = new Set<string>();
      for (const ref of refsOf(item)) {
        const facts = await lookup.lookup(ref.ecosystem, ref.name);
        if (judge(ref, facts, DEFAULT_JUDGE_SETTINGS, now).reason === 'missing')
          called.add(keyOf(ref.ecosystem, ref.name));
      }
      for (const [key, exists] of truth) {
        if (!exists) truthMissing++;
        if (!exists && called.has(key)) tp++;
        else if (!exists) {
          fn++;
          mistakes.push(`missed ${key} (${item.id})`);
        }
      }
      for (const key of called)
        if (truth.get(key) !== false) {
          fp++;
          mistakes.push(`called missing ${key} (${item.id})`);
        }
    }

    const flagged: string[] = [];
    const audit = { npm: 0, pypi: 0, flagged };
    for (const ecosystem of ['npm', 'pypi'] as const) {
      for (const name of popularList(ecosystem).names) {
        const command = ecosystem === 'npm' ? `npm install ${name}` : `pip install ${name}`;
        for (const ref of extractFromToolCall('Bash', { command })) {
          const verdict = judge(
            ref,
            await lookup.lookup(ref.ecosystem, ref.name),
            DEFAULT_JUDGE_SETTINGS,
            now,
          );
          if (verdict.reason !== null) flagged.push(`${ecosystem}:${ref.name} (${verdict.reason})`);
        }
        audit[ecosystem]++;
      }
    }

    // Three invented names, never looked up before, in one tool call.
    const threeNames = (tag: string) =>
      extractFromToolCall('Bash', {
        command: `npm install ${tag}-secure-vault ${tag}-auth-helper-pro && pip install ${tag}-env-loader`,
      });
    const timed = async (refs: PackageRef[]) => {
      const started = performance.now();
      await Promise.all(refs.map((r) => lookup.lookup(r.ecosystem, r.name)));
      return performance.now() - started;
    };
    fakes.configure('all', { delayMs: REGISTRY_DELAY_MS });
    const answeringMs = await timed(threeNames('bench-cold'));
    fakes.configure('all', { hang: true });
    const silentMs = await timed(threeNames('bench-silent'));
    fakes.configure('all', {});

    const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
    const recall = tp + fn === 0 ? 1 : tp / (tp + fn);
    return {
      items: items.length,
      truthMissing,
      truePositives: tp,
      falsePositives: fp,
      falseNegatives: fn,
      precision,
      recall,
      mistakes: mistakes.slice(0, 10),
      audit,
      held: { answeringMs, silentMs, deadlineMs: DETECTION_DEADLINE_MS },
    };
  } finally {
    await lookup.close();
    await fakes.close();
  }
}

/** The section's lines for these figures (bench/slopsquat-suite.ts renders them under its goals). */
export function detectionRows(d: DetectionFigures, mark: (met: boolean) => string): string[][] {
  const pct = (x: number) => x.toFixed(3);
  return [
    [
      'missing-package detection over the corpus: precision ≥ 0.95',
      `${pct(d.precision)} (${d.truePositives} of ${d.truePositives + d.falsePositives} names called missing; ${d.items} items)`,
      mark(d.precision >= 0.95),
    ],
    [
      'missing-package detection over the corpus: recall ≥ 0.95',
      `${pct(d.recall)} (${d.truePositives} of ${d.truthMissing} missing names caught)`,
      mark(d.recall >= 0.95),
    ],
    [
      'false-positive audit: the popular npm and PyPI names installed by a tool call raise nothing',
      `${d.audit.flagged.length} flagged of ${d.audit.npm} npm and ${d.audit.pypi} PyPI names${d.audit.flagged.length ? `: ${d.audit.flagged.slice(0, 5).join(', ')}` : ''}`,
      mark(d.audit.flagged.length === 0),
    ],
    [
      `a tool call with three names, cold caches, held ≤ the lookup deadline (${d.held.deadlineMs} ms)`,
      `${Math.round(d.held.answeringMs)} ms with registries answering in ${REGISTRY_DELAY_MS} ms; ${Math.round(d.held.silentMs)} ms with registries that never answer`,
      mark(d.held.answeringMs <= d.held.deadlineMs && d.held.silentMs <= d.held.deadlineMs + 50),
    ],
  ];
}
