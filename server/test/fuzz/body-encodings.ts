// How a body value is put on the wire, well or badly: plain JSON, a value nested thousands deep at a
// random place, duplicate keys, malformed JSON, invalid UTF-8, a BOM, UTF-16, a body past the
// listener's limit, a huge array. Huge buffers are made once and shared: they are the same every time.
import { randomJson, word } from './odd-values.ts';
import type { Prng } from './prng.ts';

const HOLE = '"\u0001fuzz-hole\u0001"';

/** Nesting depths around the limits a walker might have (and far past any stack). */
const DEPTHS = [64, 257, 1_001, 4_500, 10_000, 12_000, 100_000];

function nested(rng: Prng, depth: number): string {
  const [open, close] = rng.chance(0.5) ? ['[', ']'] : ['{"a":', '}'];
  const leaf = rng.pick(['1', '"AKIAIOSFODNN7EXAMPLE"', '{"text":"x"}', '[]']);
  return open.repeat(depth) + leaf + close.repeat(depth);
}

/** Serialises `value` with the value at one random place replaced by `replacement` (raw JSON text). */
function withRawAt(rng: Prng, value: unknown, replacement: string): string {
  if (!value || typeof value !== 'object') return replacement;
  const clone = structuredClone(value) as any;
  let parent = clone;
  for (let i = rng.int(0, 4); i > 0; i--) {
    const keys = Object.keys(parent);
    const k = keys.length ? rng.pick(keys) : undefined;
    if (k === undefined || !parent[k] || typeof parent[k] !== 'object') break;
    parent = parent[k];
  }
  const keys = Object.keys(parent);
  const key = Array.isArray(parent)
    ? rng.int(0, parent.length)
    : keys.length && rng.chance(0.7)
      ? rng.pick(keys)
      : word(rng);
  parent[key] = '\u0001fuzz-hole\u0001';
  return JSON.stringify(clone).replace(HOLE, replacement);
}

const INVALID_UTF8 = [
  Buffer.from([0xff]),
  Buffer.from([0xc0, 0xaf]), // overlong '/'
  Buffer.from([0xed, 0xa0, 0x80]), // an encoded surrogate
  Buffer.from([0x80]), // a lone continuation byte
  Buffer.from([0xf4, 0x90, 0x80, 0x80]), // past U+10FFFF
  Buffer.from([0xe2, 0x82]), // truncated sequence
];

/** Inserts invalid UTF-8 bytes inside the JSON text (inside a string when there is one). */
function withInvalidUtf8(rng: Prng, text: string): Buffer {
  const bytes = Buffer.from(text);
  const quote = text.indexOf('"', rng.int(0, Math.max(0, text.length - 1)));
  const at = quote >= 0 ? Buffer.byteLength(text.slice(0, quote + 1)) : rng.int(0, bytes.length);
  return Buffer.concat([bytes.subarray(0, at), rng.pick(INVALID_UTF8), bytes.subarray(at)]);
}

function malformed(rng: Prng, text: string): string {
  switch (rng.int(0, 9)) {
    case 0:
      return text.slice(0, rng.int(0, text.length - 1));
    case 1:
      return `${text}${rng.pick(['}', ']', ',', 'garbage', '\u0000', '{}'])}`;
    case 2:
      return text.replace(/"/g, "'");
    case 3:
      return `/* c */${text}`;
    case 4:
      return text.replace(/:(\s*)\d+/, ':NaN');
    case 5:
      return rng.pick(['', ' ', 'null', '0', '"str"', '[]', 'true', '-', '{', '}', '\ufeff{}']);
    case 6:
      return text.replace(/,/, ',,');
    case 7:
      return text.replace(/\\u[0-9a-f]{4}/i, '\\u12') || `"\\uZZZZ"`;
    case 8:
      return `{"a":1e999999,"b":-1e-999999,"c":123456789012345678901234567890}`;
    default:
      return text.replace(/"([^"]*)":/, '$1:');
  }
}

const shared = new Map<string, Buffer>();
/** A body of `size` bytes of one kind, made once. */
export function hugeBody(kind: 'json-string' | 'json-array', size: number): Buffer {
  const key = `${kind}:${size}`;
  let b = shared.get(key);
  if (!b) {
    b =
      kind === 'json-string'
        ? Buffer.from(`{"model":"gpt-4o-mini","messages":[{"role":"user","content":"${'a'.repeat(size)}"}]}`)
        : Buffer.from(`[${'0,'.repeat(size / 2)}0]`);
    shared.set(key, b);
  }
  return b;
}

export type EncodingKind =
  | 'json'
  | 'deep'
  | 'duplicate-keys'
  | 'malformed'
  | 'invalid-utf8'
  | 'bom'
  | 'utf16'
  | 'oversized'
  | 'huge-array'
  | 'random-json';

/** The body's bytes, and what was done to it (shown in a reproducer). */
export function encodeBody(
  rng: Prng,
  value: unknown,
  bodyLimit: number,
): { kind: EncodingKind; body: Buffer } {
  const text = JSON.stringify(value) ?? 'null';
  const kind = rng.weighted<EncodingKind>([
    [40, 'json'],
    [8, 'deep'],
    [6, 'duplicate-keys'],
    [10, 'malformed'],
    [6, 'invalid-utf8'],
    [2, 'bom'],
    [2, 'utf16'],
    [1, 'oversized'],
    [2, 'huge-array'],
    [6, 'random-json'],
  ]);
  switch (kind) {
    case 'json':
      return { kind, body: Buffer.from(text) };
    case 'deep':
      return { kind, body: Buffer.from(withRawAt(rng, value, nested(rng, rng.pick(DEPTHS)))) };
    case 'duplicate-keys': {
      if (!text.startsWith('{') || text === '{}') return { kind, body: Buffer.from(`{"a":1,"a":2}`) };
      const keys = Object.keys(value as object);
      const key = keys.length ? rng.pick(keys) : 'a';
      const other = JSON.stringify(rng.chance(0.5) ? randomJson(rng, 2) : (value as any)[key]);
      // The duplicate goes first or last: parsers keep the last, a scanner may read either.
      return {
        kind,
        body: Buffer.from(
          rng.chance(0.5)
            ? `{${JSON.stringify(key)}:${other},${text.slice(1)}`
            : `${text.slice(0, -1)},${JSON.stringify(key)}:${other}}`,
        ),
      };
    }
    case 'malformed':
      return { kind, body: Buffer.from(malformed(rng, text)) };
    case 'invalid-utf8':
      return { kind, body: withInvalidUtf8(rng, text) };
    case 'bom':
      return { kind, body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]) };
    case 'utf16':
      return { kind, body: Buffer.from(text, 'utf16le') };
    case 'oversized':
      return { kind, body: hugeBody('json-string', bodyLimit + 1) };
    case 'huge-array':
      return {
        kind,
        body: Buffer.from(
          withRawAt(rng, value, hugeBody('json-array', rng.pick([20_000, 200_000])).toString()),
        ),
      };
    case 'random-json':
      return { kind, body: Buffer.from(JSON.stringify(randomJson(rng, 4)) ?? 'null') };
  }
}
