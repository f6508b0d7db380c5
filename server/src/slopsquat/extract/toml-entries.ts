// The part of TOML that Cargo.toml and pyproject.toml dependencies are written in: `[table]` headers
// (dotted, quoted: `[target.'cfg(unix)'.dependencies]`), `key = value` with strings, arrays (over
// several lines, with comments) and inline tables. Each entry comes with its table, its key and the
// offsets of its strings. What is not understood is skipped to the end of its line; nesting past
// MAX_DEPTH is not read (the recursion below is bounded by it), so hostile text cannot overflow the
// stack, and every step moves forward.

export interface TomlString {
  kind: 'string';
  text: string;
  /** Offsets of the string's content (inside its quotes). */
  start: number;
  end: number;
}
export type TomlValue =
  | TomlString
  | { kind: 'array'; items: TomlValue[] }
  | { kind: 'table'; entries: TomlEntry[] }
  | { kind: 'other' };

export interface TomlKey {
  parts: string[];
  /** Offsets of each part (its content, quotes excluded). */
  starts: number[];
}

export interface TomlEntry {
  key: TomlKey;
  value: TomlValue;
}

export interface TomlLine extends TomlEntry {
  /** The table the entry is in (the last header's key; empty at the top). */
  table: TomlKey;
}

export interface TomlDocument {
  entries: TomlLine[];
  /** Every header, in order (a table such as `[dependencies.serde]` may hold no entries yet). */
  headers: TomlKey[];
}

const MAX_DEPTH = 8;
const OTHER: TomlValue = { kind: 'other' };
const BARE = /[A-Za-z0-9_-]/;

class Reader {
  p = 0;
  constructor(readonly s: string) {}

  /** Skips spaces and tabs; with `lines`, newlines and comments too (inside arrays and tables). */
  skip(lines: boolean): void {
    const s = this.s;
    while (this.p < s.length) {
      const c = s[this.p]!;
      if (c === ' ' || c === '\t' || c === '\r') this.p++;
      else if (lines && c === '\n') this.p++;
      else if (lines && c === '#') {
        const nl = s.indexOf('\n', this.p);
        this.p = nl < 0 ? s.length : nl;
      } else break;
    }
  }

  toEndOfLine(): void {
    const nl = this.s.indexOf('\n', this.p);
    this.p = nl < 0 ? this.s.length : nl + 1;
  }

  string(): TomlString | null {
    const s = this.s;
    const q = s[this.p]!;
    const triple = s.startsWith(q.repeat(3), this.p);
    const open = triple ? 3 : 1;
    const start = this.p + open;
    if (triple) {
      const close = s.indexOf(q.repeat(3), start);
      const end = close < 0 ? s.length : close;
      this.p = close < 0 ? s.length : close + 3;
      return { kind: 'string', text: s.slice(start, end), start, end };
    }
    let i = start;
    let escaped = false;
    while (i < s.length && s[i] !== q && s[i] !== '\n') {
      if (q === '"' && s[i] === '\\') {
        escaped = true;
        i++;
      }
      i++;
    }
    if (s[i] !== q) {
      this.p = i;
      return null;
    }
    this.p = i + 1;
    let text = s.slice(start, i);
    if (escaped) {
      try {
        text = JSON.parse(`"${text}"`) as string;
      } catch {
        // TOML escapes JSON lacks (\e, \U…): the text as written.
      }
    }
    return { kind: 'string', text, start, end: i };
  }

  key(): TomlKey | null {
    const key: TomlKey = { parts: [], starts: [] };
    const s = this.s;
    for (;;) {
      this.skip(false);
      const c = s[this.p];
      if (c === '"' || c === "'") {
        const str = this.string();
        if (!str) return null;
        key.parts.push(str.text);
        key.starts.push(str.start);
      } else {
        const from = this.p;
        while (this.p < s.length && BARE.test(s[this.p]!)) this.p++;
        if (this.p === from) return null;
        key.parts.push(s.slice(from, this.p));
        key.starts.push(from);
      }
      this.skip(false);
      if (s[this.p] !== '.') return key;
      this.p++;
    }
  }

  value(depth: number): TomlValue {
    this.skip(false);
    const s = this.s;
    const c = s[this.p];
    if (c === '"' || c === "'") return this.string() ?? OTHER;
    if ((c === '[' || c === '{') && depth < MAX_DEPTH) {
      this.p++;
      return c === '[' ? this.array(depth) : this.table(depth);
    }
    // A number, a boolean, a date, or what is not understood: up to the next separator.
    while (this.p < s.length && !',]}\n#'.includes(s[this.p]!)) this.p++;
    return OTHER;
  }

  array(depth: number): TomlValue {
    const items: TomlValue[] = [];
    const s = this.s;
    for (;;) {
      this.skip(true);
      if (this.p >= s.length) return { kind: 'array', items };
      if (s[this.p] === ']') {
        this.p++;
        return { kind: 'array', items };
      }
      const before = this.p;
      items.push(this.value(depth + 1));
      this.skip(true);
      if (s[this.p] === ',') this.p++;
      else if (s[this.p] !== ']' && this.p === before) this.p++;
    }
  }

  table(depth: number): TomlValue {
    const entries: TomlEntry[] = [];
    const s = this.s;
    for (;;) {
      this.skip(true);
      if (this.p >= s.length) return { kind: 'table', entries };
      if (s[this.p] === '}') {
        this.p++;
        return { kind: 'table', entries };
      }
      const before = this.p;
      const key = this.key();
      this.skip(false);
      if (key && s[this.p] === '=') {
        this.p++;
        entries.push({ key, value: this.value(depth + 1) });
      }
      this.skip(true);
      if (s[this.p] === ',') this.p++;
      else if (this.p === before) this.p++;
    }
  }
}

/** Reads `text` as TOML, as far as it can. */
export function readToml(text: string): TomlDocument {
  const doc: TomlDocument = { entries: [], headers: [] };
  const r = new Reader(text);
  let table: TomlKey = { parts: [], starts: [] };
  while (r.p < text.length) {
    r.skip(true);
    if (r.p >= text.length) break;
    const line = r.p;
    if (text[r.p] === '[') {
      r.p += text[r.p + 1] === '[' ? 2 : 1;
      const key = r.key();
      if (key) {
        table = key;
        doc.headers.push(key);
      }
      r.toEndOfLine();
      continue;
    }
    const key = r.key();
    r.skip(false);
    if (key && text[r.p] === '=') {
      r.p++;
      doc.entries.push({ table, key, value: r.value(0) });
    }
    if (r.p === line) r.p++;
    r.toEndOfLine();
  }
  return doc;
}

/** The strings of a value that is an array of strings (other items skipped). */
export function stringsOf(value: TomlValue): TomlString[] {
  if (value.kind !== 'array') return [];
  return value.items.filter((v): v is TomlString => v.kind === 'string');
}

/** The value under `name` in an inline table. */
export function field(value: TomlValue, name: string): TomlValue | undefined {
  if (value.kind !== 'table') return undefined;
  return value.entries.find((e) => e.key.parts.length === 1 && e.key.parts[0] === name)?.value;
}
