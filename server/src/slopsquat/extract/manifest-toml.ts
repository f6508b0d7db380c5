// Cargo.toml and pyproject.toml dependencies, from the entries toml-entries.ts reads.
//   Cargo: `[dependencies]`, `[dev-dependencies]`, `[build-dependencies]`, their `[target.….…]` and
//   `[workspace.…]` forms; `name = "1"`, `name = { version, features, package = "real-name" }`, and
//   `[dependencies.name]` tables. `path`/`git` dependencies are no registry's.
//   pyproject: PEP 621 `[project] dependencies` and `optional-dependencies`, PEP 735
//   `[dependency-groups]`, `[build-system] requires`, uv's `dev-dependencies`, and Poetry's
//   `[tool.poetry.dependencies]` / `[tool.poetry.group.<g>.dependencies]` (`python` is no package).
import { plainWord } from './shell-words.ts';
import { append, crateSpec, found, pep508, type Found } from './specs.ts';
import { field, readToml, stringsOf, type TomlKey, type TomlString, type TomlValue } from './toml-entries.ts';

const CARGO_SECTIONS = new Set(['dependencies', 'dev-dependencies', 'build-dependencies']);
/** A version as Cargo and Poetry write one: `1`, `^1.2`, `~0.3`, `>=1, <2`, `*`. */
const VERSION = /^\s*(?:[\^~=<>*]|\d)/;
/** Keys of `[package]` / `[tool.poetry]` that an edit's fragment may hold beside dependencies. */
const NOT_DEPENDENCIES = new Set([
  'name',
  'version',
  'edition',
  'rust-version',
  'resolver',
  'python',
  'requires-python',
  'license',
  'readme',
  'description',
]);

const tableIs = (t: TomlKey, ...parts: string[]) =>
  t.parts.length === parts.length && parts.every((p, i) => t.parts[i] === p);

/** A string's text as a word, with its offsets. */
const wordOf = (s: TomlString) => plainWord(s.text, s.start);

function crate(out: Found[], key: TomlKey, index: number, value: TomlValue | null): void {
  let version: string | undefined;
  let nameWord = plainWord(key.parts[index]!, key.starts[index]!);
  if (value?.kind === 'string') version = value.text;
  else if (value?.kind === 'table') {
    if (field(value, 'path') || field(value, 'git')) return;
    const v = field(value, 'version');
    if (v?.kind === 'string') version = v.text;
    // `alias = { package = "real-name" }`: the registry's name is the package's.
    const pkg = field(value, 'package');
    if (pkg?.kind === 'string') nameWord = wordOf(pkg);
  } else if (value !== null) return;
  const spec = crateSpec(nameWord.text);
  if (!spec) return;
  const ref = found('crates', nameWord, spec);
  if (version) ref.version = version;
  out.push(ref);
}

export function cargoRefs(text: string, fragment = false): Found[] {
  const doc = readToml(text);
  const out: Found[] = [];
  // `[dependencies.serde]`: the table names the crate; its keys follow as entries.
  const tables = new Map<TomlKey, Array<{ key: string; value: TomlValue }>>();
  for (const h of doc.headers) {
    if (h.parts.length >= 2 && CARGO_SECTIONS.has(h.parts[h.parts.length - 2]!)) tables.set(h, []);
  }
  for (const e of doc.entries) {
    const t = e.table.parts;
    const own = tables.get(e.table);
    if (own) {
      if (e.key.parts.length === 1) own.push({ key: e.key.parts[0]!, value: e.value });
      continue;
    }
    const inSection = t.length > 0 && CARGO_SECTIONS.has(t[t.length - 1]!);
    const loose =
      fragment &&
      t.length === 0 &&
      e.key.parts.length === 1 &&
      !NOT_DEPENDENCIES.has(e.key.parts[0]!) &&
      ((e.value.kind === 'string' && VERSION.test(e.value.text)) ||
        field(e.value, 'version') !== undefined ||
        field(e.value, 'workspace') !== undefined);
    if (!inSection && !loose) continue;
    // `serde.workspace = true`, `serde.version = "1"`: the first part is the crate.
    if (e.key.parts.length === 1) crate(out, e.key, 0, e.value);
    else if (e.key.parts[1] === 'version') crate(out, e.key, 0, e.value);
    else if (e.key.parts[1] === 'workspace') crate(out, e.key, 0, null);
  }
  for (const [header, keys] of tables) {
    const value: TomlValue = {
      kind: 'table',
      entries: keys.map((k) => ({ key: { parts: [k.key], starts: [0] }, value: k.value })),
    };
    crate(out, header, header.parts.length - 1, value);
  }
  return out.sort((a, b) => a.start - b.start);
}

function requirement(out: Found[], s: TomlString): void {
  const spec = pep508(s.text);
  if (spec) out.push(found('pypi', wordOf(s), spec));
}

/** Poetry's `name = "^1"` / `name = { version = "^1", extras = […] }` (path, git, url: not PyPI's). */
function poetryDependency(out: Found[], key: TomlKey, index: number, value: TomlValue | null): void {
  const name = key.parts[index]!;
  if (name.toLowerCase() === 'python') return;
  let version: string | undefined;
  if (value?.kind === 'string') version = value.text;
  else if (value?.kind === 'table') {
    if (field(value, 'path') || field(value, 'git') || field(value, 'url') || field(value, 'file')) return;
    const v = field(value, 'version');
    if (v?.kind === 'string') version = v.text;
  } else if (value?.kind === 'array') {
    // Multiple constraints: `name = [{ version = "…", python = "…" }, …]`.
  } else if (value !== null) return;
  const spec = pep508(name);
  if (!spec || spec.version) return;
  const ref = found('pypi', plainWord(name, key.starts[index]!), spec);
  if (version) ref.version = version;
  out.push(ref);
}

const isPoetryTable = (t: TomlKey) =>
  t.parts[0] === 'tool' &&
  t.parts[1] === 'poetry' &&
  (tableIs(t, 'tool', 'poetry', 'dependencies') ||
    tableIs(t, 'tool', 'poetry', 'dev-dependencies') ||
    (t.parts.length === 5 && t.parts[2] === 'group' && t.parts[4] === 'dependencies'));

export function pyprojectRefs(text: string, fragment = false): Found[] {
  const doc = readToml(text);
  const out: Found[] = [];
  for (const e of doc.entries) {
    const t = e.table;
    const k = e.key.parts.join('.');
    if (
      (tableIs(t, 'project') && k === 'dependencies') ||
      tableIs(t, 'project', 'optional-dependencies') ||
      tableIs(t, 'dependency-groups') ||
      (tableIs(t, 'build-system') && k === 'requires') ||
      (tableIs(t, 'tool', 'uv') && (k === 'dev-dependencies' || k === 'constraint-dependencies')) ||
      tableIs(t, 'tool', 'pdm', 'dev-dependencies') ||
      (fragment && t.parts.length === 0 && /dependencies|requires/.test(k))
    ) {
      for (const s of stringsOf(e.value)) requirement(out, s);
    } else if (isPoetryTable(t) && e.key.parts.length === 1) {
      poetryDependency(out, e.key, 0, e.value);
    } else if (
      fragment &&
      t.parts.length === 0 &&
      e.key.parts.length === 1 &&
      !NOT_DEPENDENCIES.has(k) &&
      e.value.kind === 'string' &&
      VERSION.test(e.value.text)
    ) {
      poetryDependency(out, e.key, 0, e.value);
    }
  }
  // `[tool.poetry.dependencies.name]`: the table names the package.
  for (const h of doc.headers) {
    const parent: TomlKey = { parts: h.parts.slice(0, -1), starts: h.starts.slice(0, -1) };
    if (h.parts.length >= 4 && isPoetryTable(parent)) {
      const keys = doc.entries.filter((e) => e.table === h);
      poetryDependency(out, h, h.parts.length - 1, {
        kind: 'table',
        entries: keys.map((e) => ({ key: e.key, value: e.value })),
      });
    }
  }
  if (fragment) {
    const read = new Set(out.map((r) => r.start));
    append(
      out,
      looseRequirementLines(text).filter((r) => !read.has(r.start)),
    );
  }
  return out.sort((a, b) => a.start - b.start);
}

/** An edit's fragment of an array: lines that are a quoted requirement with a version (`"httpx>=0.27",`). */
function looseRequirementLines(text: string): Found[] {
  const out: Found[] = [];
  const line = /^([ \t]*["'])([^"'\n]{1,200})["'][ \t]*,?[ \t]*$/gm;
  for (let m = line.exec(text); m !== null; m = line.exec(text)) {
    const spec = pep508(m[2]!);
    if (!spec?.version || !/^[=<>!~]/.test(spec.version)) continue;
    out.push(found('pypi', plainWord(m[2]!, m.index + m[1]!.length), spec));
  }
  return out;
}
