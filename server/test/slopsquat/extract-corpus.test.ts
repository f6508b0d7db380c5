// Extraction over the labelled corpus (test/fixtures/slopsquat/corpus.json, README.md beside it):
// each item's names as {ecosystem, name} against what it must yield. Precision and recall over all
// items must each reach 0.97; the assertion's message gives both and the items that missed.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ECOSYSTEMS, type PackageRef } from '../../src/slopsquat/slopsquat-contract.ts';
import {
  extractFromCommand,
  extractFromText,
  extractFromToolCall,
} from '../../src/slopsquat/extract/index.ts';

interface Expected {
  ecosystem: string;
  name: string;
  exists: boolean;
}
type Item = { id: string; expect: Expected[] } & (
  | { kind: 'answer'; text: string }
  | { kind: 'command'; command: string }
  | { kind: 'tool_call'; agent: string; tool: string; args: unknown }
);

const corpus = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, '../fixtures/slopsquat/corpus.json'), 'utf8'),
) as { items: Item[] };

function extract(item: Item): PackageRef[] {
  if (item.kind === 'answer') return extractFromText(item.text);
  if (item.kind === 'command') return extractFromCommand(item.command);
  return extractFromToolCall(item.tool, item.args);
}

/** The string a ref's offsets point into, when there is one string (answers and commands). */
function sourceText(item: Item): string | null {
  return item.kind === 'answer' ? item.text : item.kind === 'command' ? item.command : null;
}

test('the corpus is large and spans every ecosystem, real and invented names, and negatives', () => {
  assert.ok(corpus.items.length >= 320, `${corpus.items.length} items`);
  const ids = new Set(corpus.items.map((i) => i.id));
  assert.equal(ids.size, corpus.items.length, 'ids are unique');
  for (const eco of ECOSYSTEMS) {
    const names = corpus.items.flatMap((i) => i.expect).filter((e) => e.ecosystem === eco);
    assert.ok(names.some((e) => e.exists) && names.some((e) => !e.exists), `${eco}: real and invented names`);
  }
  assert.ok(corpus.items.filter((i) => i.expect.length === 0).length >= 30, 'items that must yield nothing');
  for (const kind of ['answer', 'command', 'tool_call'])
    assert.ok(
      corpus.items.some((i) => i.kind === kind),
      kind,
    );
});

test('extraction precision and recall over the corpus are each at least 0.97', (t) => {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  const misses: string[] = [];
  for (const item of corpus.items) {
    const refs = extract(item);
    const text = sourceText(item);
    for (const r of refs) {
      assert.ok(r.start >= 0 && r.end >= r.start, `${item.id}: offsets ${r.start}-${r.end}`);
      if (text !== null) assert.ok(r.end <= text.length, `${item.id}: ${r.name} ends past the text`);
    }
    const got = new Set(refs.map((r) => `${r.ecosystem}:${r.name}`));
    const want = new Set(item.expect.map((e) => `${e.ecosystem}:${e.name}`));
    const extra = [...got].filter((k) => !want.has(k));
    const missed = [...want].filter((k) => !got.has(k));
    tp += [...got].filter((k) => want.has(k)).length;
    fp += extra.length;
    fn += missed.length;
    if (extra.length || missed.length)
      misses.push(`${item.id}: extra [${extra.join(', ')}] missed [${missed.join(', ')}]`);
  }
  const precision = tp / (tp + fp);
  const recall = tp / (tp + fn);
  const report = `precision ${precision.toFixed(4)}, recall ${recall.toFixed(4)} (tp ${tp}, fp ${fp}, fn ${fn}) over ${corpus.items.length} items${misses.length ? `\n${misses.join('\n')}` : ''}`;
  t.diagnostic(report.split('\n')[0]!);
  assert.ok(precision >= 0.97 && recall >= 0.97, report);
});
