// Values from the JSON Schemas of the management API's OpenAPI document: a valid instance (so that a
// request passes validation and reaches the handler), and mutations of it (wrong types, missing and
// extra fields, values just past each bound, odd strings in place of good ones).
import { edgeNumber, oddString, randomJson, word } from './odd-values.ts';
import type { Prng } from './prng.ts';

export type Schema = Record<string, any>;

/** Values a property of that name should hold to go deep: names and emails of the spare objects. */
export type Hints = Record<string, readonly string[]>;

export interface SchemaContext {
  components: Record<string, Schema>;
  hints: Hints;
}

function resolve(ctx: SchemaContext, schema: Schema): Schema {
  let s = schema;
  for (let i = 0; i < 8 && typeof s?.$ref === 'string'; i++) {
    s = ctx.components[s.$ref.split('/').pop()!] ?? {};
  }
  return s ?? {};
}

const FORMATS: Record<string, (rng: Prng) => string> = {
  email: (rng) => `${word(rng)}@example.com`,
  uri: (rng) => `https://${word(rng)}.example.com/${word(rng)}`,
  'date-time': () => new Date(Date.UTC(2026, 0, 1)).toISOString(),
};

function validString(rng: Prng, s: Schema, name: string | undefined, ctx: SchemaContext): string {
  const hinted = name ? ctx.hints[name] : undefined;
  if (hinted && rng.chance(0.7)) return rng.pick(hinted);
  if (s.format && FORMATS[s.format]) return FORMATS[s.format]!(rng);
  const min = s.minLength ?? 1;
  const max = Math.min(s.maxLength ?? 24, Math.max(min, 24));
  if (s.pattern === '^[0-9]{1,15}$') return String(rng.int(0, 10_000));
  return word(rng, rng.int(min, max)).replace(/^[-_]/, 'a');
}

/** A value the schema accepts (as far as this simple reading of it goes). */
export function validValue(rng: Prng, schema: Schema, ctx: SchemaContext, name?: string, depth = 0): unknown {
  const s = resolve(ctx, schema);
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return rng.pick(s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (Array.isArray(alternatives)) return validValue(rng, rng.pick(alternatives), ctx, name, depth);
  const type = Array.isArray(s.type) ? rng.pick(s.type) : s.type;
  switch (type) {
    case 'string':
      return validString(rng, s, name, ctx);
    case 'integer':
      return rng.int(s.minimum ?? 0, Math.min(s.maximum ?? 1000, (s.minimum ?? 0) + 1000));
    case 'number':
      return (s.minimum ?? 0) + rng.float();
    case 'boolean':
      return rng.chance(0.5);
    case 'null':
      return null;
    case 'array': {
      if (depth > 6) return [];
      const min = s.minItems ?? 0;
      const n = rng.int(min, Math.max(min, Math.min(s.maxItems ?? 3, 3)));
      const items = Array.from({ length: n }, () => validValue(rng, s.items ?? {}, ctx, name, depth + 1));
      return s.uniqueItems ? [...new Map(items.map((v) => [JSON.stringify(v), v])).values()] : items;
    }
    case 'object':
    default: {
      if (!s.properties) return type === 'object' ? {} : randomJson(rng, 1);
      const out: Record<string, unknown> = {};
      const required = new Set<string>(s.required ?? []);
      for (const [key, sub] of Object.entries<Schema>(s.properties)) {
        if (required.has(key) || (depth < 6 && rng.chance(0.5)))
          out[key] = validValue(rng, sub, ctx, key, depth + 1);
      }
      return out;
    }
  }
}

/** A value of the wrong type for `schema`, or one just past its bounds. */
function wrongValue(rng: Prng, schema: Schema, ctx: SchemaContext): unknown {
  const s = resolve(ctx, schema);
  switch (rng.int(0, 7)) {
    case 0:
      return s.maxLength !== undefined ? 'x'.repeat(s.maxLength + 1) : oddString(rng);
    case 1:
      return s.maximum !== undefined
        ? s.maximum + 1
        : s.minimum !== undefined
          ? s.minimum - 1
          : edgeNumber(rng);
    case 2:
      return s.maxItems !== undefined
        ? Array.from({ length: s.maxItems + 1 }, () => validValue(rng, s.items ?? {}, ctx))
        : Array.from({ length: rng.pick([1000, 20_000]) }, () => 0);
    case 3:
      return rng.pick([null, true, 0, '', [], {}]);
    case 4:
      return oddString(rng);
    default:
      return randomJson(rng, 2);
  }
}

type Path = Array<string | number>;

/** Every path to a value inside `v` (the root included), so that a mutation can aim at any of them. */
function paths(v: unknown, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (out.length > 500) return out;
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) paths(x, [...at, k], out);
  return out;
}

/** The schema at `path` inside `schema`, as far as it can be followed. */
function schemaAt(schema: Schema, path: Path, ctx: SchemaContext): Schema {
  let s = resolve(ctx, schema);
  for (const step of path) {
    const alternatives = s.anyOf ?? s.oneOf;
    if (Array.isArray(alternatives)) s = resolve(ctx, alternatives[0] ?? {});
    s = resolve(ctx, typeof step === 'number' ? (s.items ?? {}) : (s.properties?.[step] ?? {}));
  }
  return s;
}

function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  let parent = root as any;
  for (const step of path.slice(0, -1)) parent = parent[step];
  parent[path[path.length - 1]!] = value;
  return root;
}

/** One to three mutations of a valid value, each aimed at a random place inside it. */
export function mutate(rng: Prng, value: unknown, schema: Schema, ctx: SchemaContext): unknown {
  let v = structuredClone(value);
  for (let n = rng.int(1, 3); n > 0; n--) {
    const all = paths(v);
    const path = rng.pick(all);
    const here = path.reduce<any>((o, k) => o?.[k], v);
    const op = rng.int(0, 5);
    if (op === 0 && here && typeof here === 'object' && !Array.isArray(here)) {
      // Drop a field, or add one the schema does not know (or a prototype-polluting one).
      const keys = Object.keys(here);
      if (keys.length && rng.chance(0.5)) delete here[rng.pick(keys)];
      else
        here[rng.pick(['__proto__', 'constructor', 'prototype', word(rng), oddString(rng)])] = randomJson(
          rng,
          2,
        );
    } else if (op === 1 && Array.isArray(here)) {
      here.push(...Array.from({ length: rng.int(1, 5) }, () => randomJson(rng, 1)));
    } else {
      v = setAt(v, path, wrongValue(rng, schemaAt(schema, path, ctx), ctx));
    }
  }
  return v;
}
