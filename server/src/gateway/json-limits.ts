// The structure Gatehouse accepts in untrusted JSON (requests, answers, streamed events), checked on
// the raw text before anything walks or serialises it. JSON.parse is iterative in V8 and takes any
// depth, but JSON.stringify recurses and throws (RangeError) from about 5,000 levels, so a document
// deeper than the cap is refused rather than read. Duplicate keys are refused (or, for answers,
// re-serialised) because JSON.parse keeps the last one: the detectors read the last, while the raw
// bytes forwarded as sent would carry the first to the provider.
//
// See docs/decisions/gateway.md ("Limits on untrusted JSON").

/**
 * The deepest nesting (objects and arrays) Gatehouse reads. An agent's request is about 6 levels of
 * envelope around its tools' JSON Schemas; a schema nested 40 deep is about 80 levels (each level of a
 * schema is two: `properties` and the property's schema). 256 leaves three times that, and is far
 * below where JSON.stringify overflows the stack.
 */
export const MAX_JSON_DEPTH = 256;

export interface JsonShape {
  /** Whether the nesting goes past MAX_JSON_DEPTH (the scan stops there). */
  tooDeep: boolean;
  /** The first key found twice in one object, or null. */
  duplicate: string | null;
}

/** Up to this many keys an object's keys are kept in an array (a Set costs more for the usual few). */
const FEW_KEYS = 16;

/** The keys seen so far in one open object; arrays are `null` on the stack. */
type Keys = string[] | Set<string>;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The nesting depth and duplicate keys of a JSON text, in one pass over it: strings are skipped whole
 * (indexOf to their closing quote), so that brackets and quotes inside them are never taken for
 * structure; only brackets and keys are looked at. The text is expected to be valid JSON (it is
 * parsed too); on invalid JSON the answer means nothing and parsing reports the error.
 */
export function jsonShape(text: string): JsonShape {
  const stack: Array<Keys | null> = [];
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const start = i;
      i = closingQuote(text, i + 1);
      if (i === -1) break;
      const keys = stack[stack.length - 1];
      if (!keys || !isKey(text, i + 1)) continue;
      // Keys compare as JSON.parse reads them: "a" and "\u0061" are the same key.
      let key = text.slice(start + 1, i);
      if (key.includes('\\')) key = JSON.parse(text.slice(start, i + 1)) as string;
      if (Array.isArray(keys)) {
        if (keys.includes(key)) return { tooDeep: false, duplicate: key };
        keys.push(key);
        if (keys.length > FEW_KEYS) stack[stack.length - 1] = new Set(keys);
      } else {
        if (keys.has(key)) return { tooDeep: false, duplicate: key };
        keys.add(key);
      }
    } else if (c === 0x7b /* { */) {
      if (stack.push([]) > MAX_JSON_DEPTH) return { tooDeep: true, duplicate: null };
    } else if (c === 0x5b /* [ */) {
      if (stack.push(null) > MAX_JSON_DEPTH) return { tooDeep: true, duplicate: null };
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop();
    }
  }
  return { tooDeep: false, duplicate: null };
}

/** The index of the quote that closes the string whose text starts at `from`, or -1. */
function closingQuote(text: string, from: number): number {
  for (let q = text.indexOf('"', from); q !== -1; q = text.indexOf('"', q + 1)) {
    // Escaped when an odd number of backslashes stands before it.
    let b = q - 1;
    while (b >= from && text.charCodeAt(b) === BACKSLASH) b--;
    if ((q - 1 - b) % 2 === 0) return q;
  }
  return -1;
}

/** Whether the string that closed just before `at` is a key: the next character that is not white space is a colon. */
function isKey(text: string, at: number): boolean {
  for (let i = at; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x3a /* : */) return true;
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return false;
  }
  return false;
}

/** The caller's message for a request nested too deep. */
export const REQUEST_TOO_DEEP = `The request body is nested deeper than the Gateway reads (${MAX_JSON_DEPTH} levels of objects and arrays). Flatten the deepest value (often a tool's JSON Schema) and send it again.`;

/** The caller's message for a request with a key given twice in one object. */
export function duplicateKeyMessage(key: string): string {
  // Named only when it reads as a field name: a key is the caller's text and may itself be a secret
  // (those nearly always hold digits), which no error message repeats.
  const named = /^[A-Za-z_]{1,40}$/.test(key) ? `the key "${key}"` : 'a key';
  return `The request body gives ${named} twice in one object; the provider and Gatehouse's policy would read different values. Send each key once.`;
}

/** What the caller reads when an answer is nested too deep to be checked. */
export const ANSWER_TOO_DEEP = `Gatehouse policy stopped the provider's answer: it is nested deeper than Gatehouse checks (${MAX_JSON_DEPTH} levels of objects and arrays). Ask your Gatehouse admin if you need this answer.`;
