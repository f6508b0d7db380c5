// A tool's pin: the SHA-256 (hex) of the canonical JSON of the members that say what the tool is and
// does, {name, title, description, inputSchema, outputSchema, annotations}, with absent members left
// out. Canonical: keys sorted at every level (by UTF-16 code units, as RFC 8785 sorts them), no
// whitespace, numbers and strings as JSON.stringify writes them. Pinning the schemas and annotations as
// well as the description catches a tool that grows a free-text parameter or turns destructiveHint on.
// The definition comes from a remote server and is untrusted: it is walked iteratively, with bounds on
// depth, size and the number of values, and refused cleanly past them.
import { createHash } from 'node:crypto';
import type { McpToolDefinition } from './mcp-contract.ts';

export const PIN_MEMBERS = [
  'name',
  'title',
  'description',
  'inputSchema',
  'outputSchema',
  'annotations',
] as const;

export const PIN_LIMITS = {
  /** Nesting of objects and arrays below the definition. */
  depth: 64,
  /** Characters of the canonical JSON. */
  chars: 256 * 1024,
  /** Objects, arrays and scalars in all. */
  values: 20_000,
  nameLength: 256,
} as const;

/** A definition that cannot be pinned; `message` says why in words a person can act on, without values. */
export class ToolPinError extends Error {
  readonly reason: 'name' | 'depth' | 'size' | 'type';
  constructor(reason: ToolPinError['reason'], message: string) {
    super(message);
    this.reason = reason;
  }
}

export interface PinnedDefinition {
  name: string;
  title: string | null;
  description: string | null;
  /** The canonical JSON of the pinned members. */
  canonical: string;
  sha256: string;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

type Work = { raw: string } | { value: unknown; depth: number };

/** The canonical JSON of a JSON value, iteratively, within the limits. */
export function canonicalJson(value: unknown, limits = PIN_LIMITS): string {
  const out: string[] = [];
  let chars = 0;
  let values = 0;
  const stack: Work[] = [{ value, depth: 0 }];
  const emit = (text: string) => {
    chars += text.length;
    if (chars > limits.chars)
      throw new ToolPinError('size', `the tool's definition is longer than ${limits.chars} characters`);
    out.push(text);
  };
  while (stack.length > 0) {
    const w = stack.pop()!;
    if ('raw' in w) {
      emit(w.raw);
      continue;
    }
    if (++values > limits.values)
      throw new ToolPinError('size', `the tool's definition holds more than ${limits.values} values`);
    const v = w.value;
    if (v === null || typeof v === 'boolean' || typeof v === 'string') {
      emit(JSON.stringify(v));
      continue;
    }
    if (typeof v === 'number') {
      // JSON has no NaN or Infinity; a parsed definition never holds one, a built one might.
      if (!Number.isFinite(v))
        throw new ToolPinError('type', 'the tool’s definition holds a number JSON cannot write');
      emit(JSON.stringify(v));
      continue;
    }
    if (typeof v !== 'object') throw new ToolPinError('type', `the tool's definition holds a ${typeof v}`);
    if (w.depth >= limits.depth)
      throw new ToolPinError('depth', `the tool's definition is nested deeper than ${limits.depth} levels`);
    const depth = w.depth + 1;
    // Pushed in reverse, so that they pop in order.
    if (Array.isArray(v)) {
      stack.push({ raw: ']' });
      for (let i = v.length - 1; i >= 0; i--) {
        // An undefined element is written as null, as JSON.stringify does.
        stack.push({ value: v[i] === undefined ? null : v[i], depth });
        if (i > 0) stack.push({ raw: ',' });
      }
      stack.push({ raw: '[' });
      continue;
    }
    const keys = Object.keys(v)
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .sort();
    stack.push({ raw: '}' });
    for (let i = keys.length - 1; i >= 0; i--) {
      stack.push({ value: (v as Record<string, unknown>)[keys[i]!], depth });
      stack.push({ raw: `${JSON.stringify(keys[i])}:` });
      if (i > 0) stack.push({ raw: ',' });
    }
    stack.push({ raw: '{' });
  }
  return out.join('');
}

/** The members a pin covers, those present only. */
export function pinnedMembers(def: McpToolDefinition): Record<string, unknown> {
  const members: Record<string, unknown> = {};
  for (const m of PIN_MEMBERS) if (def[m] !== undefined) members[m] = def[m];
  return members;
}

/** The pin of a tool as a server showed it; throws ToolPinError for one that cannot be pinned. */
export function pinTool(def: McpToolDefinition): PinnedDefinition {
  if (!isObject(def)) throw new ToolPinError('type', 'a tool is not a JSON object');
  const name = def.name;
  if (typeof name !== 'string' || name.length === 0 || name.length > PIN_LIMITS.nameLength)
    throw new ToolPinError(
      'name',
      `a tool has no name, or one longer than ${PIN_LIMITS.nameLength} characters`,
    );
  const canonical = canonicalJson(pinnedMembers(def));
  return {
    name,
    title: typeof def.title === 'string' ? def.title : null,
    description: typeof def.description === 'string' ? def.description : null,
    canonical,
    sha256: createHash('sha256').update(canonical).digest('hex'),
  };
}

/** Most paths a diff names: a definition rewritten whole says so in its first few. */
const MAX_DIFF_PATHS = 50;
/** Below this depth a difference is named by the path above it. */
const MAX_DIFF_DEPTH = 12;

const pathOf = (base: string, key: string | number) =>
  typeof key === 'number'
    ? `${base}[${key}]`
    : base === ''
      ? key.slice(0, 100)
      : `${base}.${key.slice(0, 100)}`;

/**
 * Where two pinned definitions (canonical JSON, as pinTool made them) differ: member names and schema
 * paths such as `inputSchema.properties.bcc` or `annotations.destructiveHint`, never the values.
 */
export function definitionDiff(beforeJson: string | null, afterJson: string): string[] {
  const before: unknown = beforeJson === null ? {} : JSON.parse(beforeJson);
  const after: unknown = JSON.parse(afterJson);
  const out: string[] = [];
  const stack: Array<{ a: unknown; b: unknown; path: string; depth: number }> = [
    { a: before, b: after, path: '', depth: 0 },
  ];
  while (stack.length > 0 && out.length < MAX_DIFF_PATHS) {
    const { a, b, path, depth } = stack.pop()!;
    const bothObjects = isObject(a) && isObject(b);
    const bothArrays = Array.isArray(a) && Array.isArray(b);
    if ((!bothObjects && !bothArrays) || depth >= MAX_DIFF_DEPTH) {
      if (JSON.stringify(a) !== JSON.stringify(b)) out.push(path || '(definition)');
      continue;
    }
    const next: Array<{ a: unknown; b: unknown; path: string; depth: number }> = [];
    if (bothArrays) {
      const n = Math.max(a.length, b.length);
      for (let i = 0; i < n; i++) next.push({ a: a[i], b: b[i], path: pathOf(path, i), depth: depth + 1 });
    } else {
      const ao = a as Record<string, unknown>;
      const bo = b as Record<string, unknown>;
      for (const k of [...new Set([...Object.keys(ao), ...Object.keys(bo)])].sort())
        next.push({ a: ao[k], b: bo[k], path: pathOf(path, k), depth: depth + 1 });
    }
    // Reversed, so that paths come out in key order.
    for (let i = next.length - 1; i >= 0; i--) stack.push(next[i]!);
  }
  return out;
}

/**
 * What a risk finding about one definition of a tool is about: one finding per server, tool and
 * definition, whoever listed it. The governor raises findings with it and an admin's review of the tool
 * resolves them with it.
 */
export const toolFindingSubject = (serverId: string, tool: string, sha256: string) =>
  `${serverId}\0${tool}\0${sha256}`;
