// The policy on a JSON body: every text a request carries to the provider (system prompts, messages,
// tool results, tool-call arguments, in every provider's shape) and every text of a complete answer.
// Rather than knowing each API's fields, it walks every string in the document, and every key: a field
// added by a provider next year is scanned too. What it skips is binary media whose payload is base64
// (json-media.ts), where a text detector finds only noise. Adjacent texts are also read across their
// join (json-joins.ts), so a secret cut in two is found.
//
// A redaction replaces the match inside its string (or renames the key), so the document stays valid
// JSON of the same shape.
import type { CompiledPolicy, Hit } from '../policy/evaluation.ts';
import { createJoiner, STRUCTURAL_KEYS, type TextSlot } from './json-joins.ts';
import { isBinaryDataUrl, isBinaryPayload, recordMediaType } from './json-media.ts';
import { aKind } from '../../../shared/detector-words.ts';

/** One hit, where it was, and the matched value (for the risk finding's fingerprint, never stored). */
export interface Spotted {
  hit: Hit;
  value: string;
  /** Where in the document, such as `messages[3].content[0].text`. */
  location: string;
}

export interface Guarded {
  /** Every hit, in document order. */
  spotted: Spotted[];
  /** The first hit whose action is block, if any. */
  blocked: Spotted | null;
  /** Whether a string was changed (the document must be serialised again). */
  redacted: boolean;
}

/** A step of the path to a string, kept as a chain so that a location is built only for a hit. */
interface Step {
  up: Step | null;
  key: string | number;
  /** What a location shows for the key: a placeholder when the key itself held a finding. */
  shown?: string;
}

/** What the caller reads when the policy stops a request or an answer: the rule, and what to do. */
export function blockMessage(s: Spotted, where: 'request' | 'answer'): string {
  const { rule, label, detector } = s.hit.match;
  if (rule.startsWith('detector-error:')) {
    const why =
      rule === 'detector-error:policy'
        ? 'the policy could not be applied'
        : `its ${detector} detector failed`;
    return `Gatehouse could not check this ${where} (${why}), so its policy stopped it. Retry later; the failure has been reported to your Gatehouse admin.`;
  }
  return where === 'request'
    ? `Gatehouse policy blocked this request: it contains ${aKind(detectedKind(rule, label))} (rule ${rule}) at ${s.location}. Remove it and send the request again; if it is not sensitive, ask your Gatehouse admin to allowlist it.`
    : `Gatehouse policy stopped the provider's answer: it contained ${aKind(detectedKind(rule, label))} (rule ${rule}). Ask your Gatehouse admin if you need this answer.`;
}

/** What the words are looked up by: the rule for a custom rule (its label is only its id), else the label. */
export function detectedKind(rule: string, label: string): string {
  return rule.startsWith('custom:') ? rule : label;
}

export function placeholder(label: string): string {
  return `[REDACTED:${label}]`;
}

/** Replaces each redacted match in `text` with its placeholder (matches in order, not overlapping). */
export function redactText(text: string, hits: readonly Hit[]): string {
  return redactSpans(
    text,
    hits.filter((h) => h.action === 'redact').map((h) => ({ ...h.match })),
  );
}

/** Replaces each span with its placeholder; spans may come in any order and overlap (they merge). */
function redactSpans(text: string, spans: Array<{ start: number; end: number; label: string }>): string {
  if (spans.length === 0) return text;
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  let out = '';
  let at = 0;
  for (const { start, end, label } of spans) {
    if (end <= at && at > 0) continue;
    out += text.slice(at, Math.max(at, start)) + placeholder(label);
    at = Math.max(at, end);
  }
  return out + text.slice(at);
}

/** Writes a property as an own one: a key named "__proto__" (JSON.parse makes it an own property)
 * must not hit the prototype setter, or the secret would stay. */
function setOwn(target: object, key: string | number, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

interface Frame {
  node: unknown;
  parent: Record<string, unknown> | unknown[] | null;
  step: Step | null;
  /** Whether the string is text a join may continue (not a structural field such as a role). */
  joins: boolean;
}

/**
 * `where`: a request's texts are remembered (the next turn resends them), an answer's only looked up
 * (CompiledPolicy.peek). Object keys are read too (`{"AKIA…": 1}` in a tool call's input): a key that
 * is redacted is renamed, in place, keeping the document valid JSON.
 */
export function guardJson(policy: CompiledPolicy, doc: unknown, where: 'request' | 'answer'): Guarded {
  const result: Guarded = { spotted: [], blocked: null, redacted: false };
  if (!policy.active) return result;
  const scan = where === 'request' ? policy.scan : policy.peek;
  const spot = spotter(result);
  // Strings to rewrite once every join has been read: a join's hit may redact the end of an earlier one.
  const rewrites: Array<{
    slot: TextSlot;
    parent: Record<string, unknown> | unknown[];
    key: string | number;
  }> = [];
  // A text's own hits, so that one a join's hit covers (the first half of a cut token, itself
  // token-shaped) is reported once, as the whole.
  const own = new Map<TextSlot, Spotted[]>();
  const covered = new Set<Spotted>();
  const joiner = createJoiner(scan, (j) => {
    for (const p of j.parts)
      for (const s of own.get(p.slot) ?? [])
        if (s.hit.match.start >= p.start && s.hit.match.end <= p.end) covered.add(s);
    spot({ hit: j.hit, value: j.value, location: j.location });
  });
  // An explicit stack, not recursion: a hostile document nested a hundred thousand deep must not
  // overflow the call stack.
  const stack: Frame[] = [{ node: doc, parent: null, step: null, joins: true }];
  while (stack.length) {
    const { node, parent, step, joins } = stack.pop()!;
    if (typeof node === 'string') {
      if (isBinaryDataUrl(node)) continue;
      const hits = scan(node);
      const slot: TextSlot = { text: node, cuts: [], location: locator(step) };
      if (hits.length > 0) {
        const location = locationOf(step);
        const mine = hits.map((hit) => ({
          hit,
          value: node.slice(hit.match.start, hit.match.end),
          location,
        }));
        for (const s of mine) spot(s);
        if (joins) own.set(slot, mine);
        for (const h of hits) if (h.action === 'redact') slot.cuts.push({ ...h.match });
      }
      if (joins) joiner.next(slot);
      if (parent && step && (joins || slot.cuts.length > 0)) rewrites.push({ slot, parent, key: step.key });
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--)
        stack.push({ node: node[i], parent: node, step: { up: step, key: i }, joins: true });
      continue;
    }
    const record = node as Record<string, unknown>;
    const mediaType = recordMediaType(record);
    // Keys are names that come back in every request and answer: remembered, whichever way it goes.
    const keys = guardKeys(record, step, policy.scan, spot);
    if (keys.renamed) result.redacted = true;
    for (let i = keys.steps.length - 1; i >= 0; i--) {
      const child = keys.steps[i]!;
      const key = child.key as string;
      const value = record[key];
      // Anthropic's {type: 'base64', media_type, data} and Gemini's inlineData {mimeType, data}, when
      // binary (json-media.ts); any other `data` is read.
      if (
        key === 'data' &&
        mediaType !== null &&
        typeof value === 'string' &&
        isBinaryPayload(mediaType, value)
      )
        continue;
      stack.push({ node: value, parent: record, step: child, joins: !STRUCTURAL_KEYS.has(key) });
    }
  }
  if (covered.size > 0) {
    result.spotted = result.spotted.filter((s) => !covered.has(s));
    result.blocked = result.spotted.find((s) => s.hit.action === 'block') ?? null;
  }
  for (const { slot, parent, key } of rewrites) {
    if (slot.cuts.length === 0) continue;
    setOwn(parent, key, redactSpans(slot.text, slot.cuts));
    result.redacted = true;
  }
  // Document order: the stack visits depth first, left to right, so hits are already in order (a
  // join's hit comes when its second part is read).
  return result;
}

/**
 * Scans a record's keys: each hit is spotted at `<record>.<key>` (the key itself never shown), and a
 * key with a redaction is renamed in place, every key rewritten so that the order stays. Returns the
 * steps to the record's values, under their new names.
 */
function guardKeys(
  record: Record<string, unknown>,
  step: Step | null,
  scan: (text: string) => readonly Hit[],
  spot: (s: Spotted) => void,
): { steps: Step[]; renamed: boolean } {
  const keys = Object.keys(record);
  const steps: Step[] = new Array<Step>(keys.length);
  let renames: Map<string, string> | null = null;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const hits = scan(key);
    if (hits.length === 0) {
      steps[i] = { up: step, key };
      continue;
    }
    const location = `${locationOf(step)}.<key>`.replace(/^\./, '');
    for (const hit of hits) spot({ hit, value: key.slice(hit.match.start, hit.match.end), location });
    let name = redactText(key, hits);
    if (name !== key) {
      renames ??= new Map();
      // Two keys redacted alike must stay two keys.
      for (let n = 2; name in record || [...renames.values()].includes(name); n++)
        name = `${redactText(key, hits)}#${n}`;
      renames.set(key, name);
    }
    steps[i] = { up: step, key: name, shown: '<key>' };
  }
  if (renames) {
    const entries = keys.map((k) => [renames!.get(k) ?? k, record[k]] as const);
    for (const k of keys) delete record[k];
    for (const [k, v] of entries) setOwn(record, k, v);
  }
  return { steps, renamed: renames !== null };
}

/** Notes a hit in `result` (the first that blocks as `blocked`). Returned unnamed, as below. */
function spotter(result: Guarded): (s: Spotted) => void {
  return (spotted) => {
    result.spotted.push(spotted);
    if (spotted.hit.action === 'block') result.blocked ??= spotted;
  };
}

/** A slot's location, built only when asked. An arrow returned unnamed: under tsx a closure bound to a
 * name (`location: () => …`) costs a defineProperty of its name per string. */
function locator(step: Step | null): () => string {
  return () => locationOf(step);
}

function locationOf(step: Step | null): string {
  const keys: Array<string | number> = [];
  for (let s = step; s; s = s.up) keys.push(s.shown ?? s.key);
  let out = '';
  for (let i = keys.length - 1; i >= 0; i--) {
    const k = keys[i]!;
    out += typeof k === 'number' ? `[${k}]` : out ? `.${k}` : k;
  }
  return out.slice(0, 300);
}
