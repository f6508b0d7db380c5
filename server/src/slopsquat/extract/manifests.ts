// Which manifest a text is, and its reader. A file's name says it (`package.json`, `requirements-dev.txt`,
// `backend/Cargo.toml`); a code block's content says it for the formats that name their own parts
// (`"devDependencies":`, `[tool.poetry.dependencies]`, `module …` with `require`). A bare list of
// names says nothing by itself, so requirements.txt is recognised by its name, or by lines that pin
// versions (`flask==3.0.0`), which prose does not hold.
import { cargoRefs, pyprojectRefs } from './manifest-toml.ts';
import { goModRefs } from './manifest-go-mod.ts';
import { packageJsonRefs } from './manifest-package-json.ts';
import { looksPinned, requirementLines, requirementsRefs } from './manifest-requirements.ts';
import type { Found } from './specs.ts';

export type ManifestKind = 'package.json' | 'requirements.txt' | 'pyproject.toml' | 'Cargo.toml' | 'go.mod';

const READERS: Record<ManifestKind, (text: string, fragment: boolean) => Found[]> = {
  'package.json': packageJsonRefs,
  'requirements.txt': requirementsRefs,
  'pyproject.toml': pyprojectRefs,
  'Cargo.toml': cargoRefs,
  'go.mod': goModRefs,
};

/** The dependencies `text` names as a manifest of `kind`; a fragment is part of one (an edit's new text). */
export function manifestRefs(kind: ManifestKind, text: string, fragment = false): Found[] {
  const refs = READERS[kind](text, fragment);
  for (const r of refs) r.manifest = true;
  return refs;
}

/** The manifest a file path names, or null. */
export function manifestOfPath(path: string): ManifestKind | null {
  const base = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1).toLowerCase();
  switch (base) {
    case 'package.json':
      return 'package.json';
    case 'pyproject.toml':
      return 'pyproject.toml';
    case 'cargo.toml':
      return 'Cargo.toml';
    case 'go.mod':
      return 'go.mod';
  }
  // requirements.txt, requirements-dev.txt, dev-requirements.txt, requirements/base.txt, requirements.in.
  if (/requirements[\w.-]{0,40}\.(?:txt|in)$/.test(base)) return 'requirements.txt';
  if (/(?:^|[\\/])requirements[\\/][\w.-]{1,60}\.(?:txt|in)$/i.test(path)) return 'requirements.txt';
  return null;
}

const PACKAGE_JSON = /"(?:dev|peer|optional)?[Dd]ependencies"[ \t]*:/;
const PYPROJECT = /^[ \t]*\[(?:project|tool\.poetry|tool\.uv|build-system|dependency-groups)\b/m;
const CARGO = /^[ \t]*\[(?:package|workspace|(?:dev-|build-)?dependencies|target\.)/m;
const GO_MOD = /^module[ \t]+\S/m;
const GO_REQUIRE = /^require\b/m;

/** The manifest a code block's content reads as, or null. */
export function sniffManifest(text: string): ManifestKind | null {
  if (PACKAGE_JSON.test(text) && text.includes('{')) return 'package.json';
  if (PYPROJECT.test(text)) return 'pyproject.toml';
  if (CARGO.test(text)) return 'Cargo.toml';
  if (GO_MOD.test(text) && GO_REQUIRE.test(text)) return 'go.mod';
  if (pinnedRequirements(text)) return 'requirements.txt';
  return null;
}

/** Every line a requirement, at least one pinning a version: `pip freeze` output, a requirements.txt. */
function pinnedRequirements(text: string): boolean {
  const lines = requirementLines(text);
  if (lines.length === 0) return false;
  let pinned = 0;
  for (const { spec } of lines) {
    if (looksPinned(spec)) pinned++;
    else if (!/^[A-Za-z0-9][A-Za-z0-9._-]*(?:\[[\w,\s-]*\])?$/.test(spec)) return false;
  }
  return pinned * 2 >= lines.length;
}
