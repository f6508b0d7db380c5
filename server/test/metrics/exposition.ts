// A strict reader of the Prometheus text exposition format (version 0.0.4), for the metrics tests:
// every sample belongs to a family declared by # HELP and # TYPE before it, names and label names are
// valid, label values are quoted with only \\, \" and \n escaped, and every value is a number.
import assert from 'node:assert/strict';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Exposition {
  types: Map<string, string>;
  samples: Sample[];
  /** The sum of the samples named `name` whose labels include `labels`. */
  sum(name: string, labels?: Record<string, string>): number;
  /** The distinct values of label `label` on the samples named `name`. */
  values(name: string, label: string): Set<string>;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SUFFIXES: Record<string, string[]> = {
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

function family(name: string, types: Map<string, string>): string | undefined {
  if (types.has(name) && !['histogram', 'summary'].includes(types.get(name)!)) return name;
  for (const [f, type] of types) {
    for (const suffix of SUFFIXES[type] ?? []) if (name === f + suffix) return f;
  }
  return undefined;
}

function readLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let i = 0;
  while (i < text.length) {
    const eq = text.indexOf('=', i);
    assert.ok(eq > i, `a label without a value in: ${line}`);
    const name = text.slice(i, eq);
    assert.match(name, LABEL, `a bad label name in: ${line}`);
    assert.equal(text[eq + 1], '"', `an unquoted label value in: ${line}`);
    let value = '';
    let j = eq + 2;
    for (; j < text.length && text[j] !== '"'; j++) {
      if (text[j] === '\\') {
        const next = text[++j];
        assert.ok(next === '\\' || next === '"' || next === 'n', `a bad escape in: ${line}`);
        value += next === 'n' ? '\n' : next;
      } else value += text[j];
    }
    assert.equal(text[j], '"', `an unterminated label value in: ${line}`);
    assert.ok(!(name in labels), `a label given twice in: ${line}`);
    labels[name] = value;
    i = j + 1;
    if (text[i] === ',') i++;
    else assert.equal(i, text.length, `labels not separated by commas in: ${line}`);
  }
  return labels;
}

export function parseExposition(text: string): Exposition {
  assert.ok(text.endsWith('\n'), 'the exposition ends with a newline');
  const types = new Map<string, string>();
  const helped = new Set<string>();
  const samples: Sample[] = [];
  const seen = new Set<string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('# HELP ')) {
      const name = line.slice(7).split(' ')[0]!;
      assert.match(name, NAME, line);
      helped.add(name);
      continue;
    }
    if (line.startsWith('# TYPE ')) {
      const [name, type, ...rest] = line.slice(7).split(' ');
      assert.match(name!, NAME, line);
      assert.ok(TYPES.has(type!) && rest.length === 0, `a bad TYPE line: ${line}`);
      assert.ok(!types.has(name!), `${name} declared twice`);
      types.set(name!, type!);
      continue;
    }
    assert.ok(!line.startsWith('#'), `an unknown comment: ${line}`);
    const m = /^([^{\s]+)(?:\{(.*)\})? (\S+)(?: (-?\d+))?$/.exec(line);
    assert.ok(m, `not a sample line: ${line}`);
    const [, name, labelText, valueText] = m;
    assert.match(name!, NAME, line);
    const f = family(name!, types);
    assert.ok(f, `${name} has no # TYPE before it`);
    assert.ok(helped.has(f), `${f} has no # HELP`);
    const value = valueText === '+Inf' ? Infinity : valueText === '-Inf' ? -Infinity : Number(valueText);
    // Prometheus reads NaN in any case (Go's ParseFloat); prom-client writes an empty gauge's NaN as "Nan".
    assert.ok(/^nan$/i.test(valueText!) || !Number.isNaN(value), `not a number: ${line}`);
    const labels = labelText ? readLabels(labelText, line) : {};
    const key = `${name}{${Object.entries(labels)
      .sort()
      .map(([k, v]) => `${k}=${v}`)
      .join(',')}}`;
    assert.ok(!seen.has(key), `a series given twice: ${line}`);
    seen.add(key);
    samples.push({ name: name!, labels, value });
  }
  const matching = (name: string, labels: Record<string, string> = {}) =>
    samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return {
    types,
    samples,
    sum: (name, labels) => matching(name, labels).reduce((n, s) => n + s.value, 0),
    values: (name, label) => new Set(matching(name).map((s) => s.labels[label]!)),
  };
}

export async function scrape(metricsUrl: string): Promise<Exposition> {
  const res = await fetch(metricsUrl);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
  return parseExposition(await res.text());
}
