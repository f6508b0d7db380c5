// The policy on a JSON body: every text a request carries to the provider (system prompts, messages,
// tool results, tool-call arguments, in every provider's shape) and every text of a complete answer.
// Rather than knowing each API's fields, it walks every string in the document: a field added by a
// provider next year is scanned too. What it skips is media (base64 images and files), where a text
// detector finds only noise.
//
// A redaction replaces the match inside its string, so the document stays valid JSON of the same shape.
import type { CompiledPolicy, Hit } from '../policy/evaluation.ts';

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
}

const MEDIA_TYPE_KEYS = ['media_type', 'mimeType', 'mime_type'];

/** A data: URL with base64 content (OpenAI's image_url, input_audio), judged by its start. */
const isDataUrl = (s: string) => s.startsWith('data:') && s.slice(0, 200).includes(';base64,');

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
    ? `Gatehouse policy blocked this request: it contains a ${label} (rule ${rule}) at ${s.location}. Remove it and send the request again; if it is not sensitive, ask your Gatehouse admin to allowlist it.`
    : `Gatehouse policy stopped the provider's answer: it contained a ${label} (rule ${rule}). Ask your Gatehouse admin if you need this answer.`;
}

export function placeholder(label: string): string {
  return `[REDACTED:${label}]`;
}

/** Replaces each redacted match in `text` with its placeholder (matches in order, not overlapping). */
export function redactText(text: string, hits: readonly Hit[]): string {
  let out = '';
  let at = 0;
  for (const { match, action } of hits) {
    if (action !== 'redact') continue;
    out += text.slice(at, match.start) + placeholder(match.label);
    at = match.end;
  }
  return at === 0 ? text : out + text.slice(at);
}

/** `where`: a request's texts are remembered (the next turn resends them), an answer's only looked up
 * (CompiledPolicy.peek). */
export function guardJson(policy: CompiledPolicy, doc: unknown, where: 'request' | 'answer'): Guarded {
  const result: Guarded = { spotted: [], blocked: null, redacted: false };
  if (!policy.active) return result;
  const scan = where === 'request' ? policy.scan : policy.peek;
  // An explicit stack, not recursion: a hostile document nested a hundred thousand deep must not
  // overflow the call stack.
  const stack: Array<{
    node: unknown;
    parent: Record<string, unknown> | unknown[] | null;
    step: Step | null;
  }> = [{ node: doc, parent: null, step: null }];
  while (stack.length) {
    const { node, parent, step } = stack.pop()!;
    if (typeof node === 'string') {
      if (isDataUrl(node)) continue;
      const hits = scan(node);
      if (hits.length === 0) continue;
      const location = locationOf(step);
      for (const hit of hits) {
        const spotted = { hit, value: node.slice(hit.match.start, hit.match.end), location };
        result.spotted.push(spotted);
        if (hit.action === 'block') result.blocked ??= spotted;
      }
      if (parent && step && hits.some((h) => h.action === 'redact')) {
        // defineProperty, not assignment: a key named "__proto__" (JSON.parse makes it an own
        // property) would otherwise hit the prototype setter, and the secret would stay.
        Object.defineProperty(parent, step.key, {
          value: redactText(node, hits),
          writable: true,
          enumerable: true,
          configurable: true,
        });
        result.redacted = true;
      }
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--)
        stack.push({ node: node[i], parent: node, step: { up: step, key: i } });
      continue;
    }
    const record = node as Record<string, unknown>;
    const media = MEDIA_TYPE_KEYS.some((k) => typeof record[k] === 'string');
    const keys = Object.keys(record);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      // Anthropic's {type: 'base64', media_type, data} and Gemini's inlineData {mimeType, data}.
      if (media && key === 'data') continue;
      stack.push({ node: record[key], parent: record, step: { up: step, key } });
    }
  }
  // Document order: the stack visits depth first, left to right, so hits are already in order.
  return result;
}

function locationOf(step: Step | null): string {
  const keys: Array<string | number> = [];
  for (let s = step; s; s = s.up) keys.push(s.key);
  let out = '';
  for (let i = keys.length - 1; i >= 0; i--) {
    const k = keys[i]!;
    out += typeof k === 'number' ? `[${k}]` : out ? `.${k}` : k;
  }
  return out.slice(0, 300);
}
