// The Go module proxy protocol (go.dev/ref/mod#goproxy-protocol): `<module>/@v/list` (known versions,
// one a line), `<module>/@latest` and `<module>/@v/<version>.info` (`{Version, Time}`), and
// `<module>/@v/<version>.mod` (the go.mod file). 404 and 410 mean the proxy has no such module. Capital
// letters in paths are escaped as `!` and the lower-case letter (the proxy may serve a file system that
// ignores case).
//
// `go get` and `go install` name packages, which may sit below their module's root
// (`golang.org/x/tools/cmd/goimports` is in `golang.org/x/tools`); like the go command, the lookup asks
// for the path and each shorter prefix at once and takes the longest module the proxy knows.
//
// - first publication: the `Time` of the earliest tagged version, else of `@latest` (a module with
//   pseudo-versions only);
// - deprecated: a `// Deprecated:` comment in the latest go.mod (go.dev/ref/mod#go-mod-file-module-deprecation);
// - repository: a module path is where its source is fetched from, so that signal does not apply.
import type { RegistryFacts } from '../slopsquat-contract.ts';
import { replacementNamed } from './deprecation-notice.ts';
import type { PickPath } from './json-pick.ts';
import type { AskContext, RegistryClient } from './registry-client.ts';
import { isoTime } from './registry-client.ts';

const MAX_LIST_CHARS = 1024 * 1024;
const MAX_MOD_CHARS = 256 * 1024;
/** The fewest path elements a module has on hosts that serve repositories as owner/name. */
const REPOSITORY_HOSTS = new Set(['github.com', 'gitlab.com', 'bitbucket.org', 'codeberg.org', 'golang.org']);
/** Prefixes asked for at most, beyond the path itself. */
const MAX_PREFIXES = 4;
const TIME: PickPath[] = [['Time'], ['Version']];

/** A module path or version as the proxy's URLs write it. */
export function escapeModulePath(path: string): string {
  return path.replace(/[A-Z]/g, (c) => `!${c.toLowerCase()}`);
}

/** The path and the prefixes that could be its module, longest first. */
function candidates(path: string): string[] {
  const parts = path.split('/');
  const fewest = REPOSITORY_HOSTS.has(parts[0]!) ? 3 : 2;
  const out: string[] = [];
  for (let n = parts.length; n >= fewest && out.length <= MAX_PREFIXES; n--)
    out.push(parts.slice(0, n).join('/'));
  return out.length ? out : [path];
}

interface SemVer {
  nums: [number, number, number];
  pre: string[];
}

function parse(version: string): SemVer | undefined {
  const m = /^v(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(version);
  if (!m) return undefined;
  return { nums: [Number(m[1]), Number(m[2]), Number(m[3])], pre: m[4] ? m[4].split('.') : [] };
}

/** Semantic version order (semver.org §11), build metadata (`+incompatible`) ignored. */
function compare(a: SemVer, b: SemVer): number {
  for (let i = 0; i < 3; i++) if (a.nums[i] !== b.nums[i]) return a.nums[i]! - b.nums[i]!;
  if (!a.pre.length || !b.pre.length) return b.pre.length - a.pre.length;
  for (let i = 0; i < Math.min(a.pre.length, b.pre.length); i++) {
    const x = a.pre[i]!;
    const y = b.pre[i]!;
    if (x === y) continue;
    const xn = /^\d+$/.test(x);
    const yn = /^\d+$/.test(y);
    if (xn && yn) return Number(x) - Number(y);
    if (xn !== yn) return xn ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return a.pre.length - b.pre.length;
}

/** The `Version` and `Time` of an .info or @latest answer (null when the proxy has none). */
async function info(ctx: AskContext, url: string): Promise<{ version?: string; time?: string } | null> {
  const out: { version?: string; time?: string } = {};
  const found = await ctx.http.json(
    url,
    TIME,
    (rule, _at, value) => {
      if (rule === 0) out.time = isoTime(value);
      else if (typeof value === 'string') out.version = value;
    },
    ctx.signal,
  );
  return found ? out : null;
}

/** The replacement a go.mod's `// Deprecated:` comment names. */
async function deprecation(ctx: AskContext, root: string, version: string, module: string) {
  const mod = await ctx.http.text(`${root}/@v/${escapeModulePath(version)}.mod`, ctx.signal, MAX_MOD_CHARS);
  const notice = mod === null ? undefined : /^\s*\/\/\s*Deprecated:\s*(.+)$/m.exec(mod)?.[1];
  return notice === undefined ? undefined : replacementNamed(notice, 'go', module);
}

export const go: RegistryClient = {
  ecosystem: 'go',
  async ask(path, ctx) {
    const paths = candidates(path);
    const lists = await Promise.all(
      paths.map((p) =>
        ctx.http.text(`${ctx.base}/${escapeModulePath(p)}/@v/list`, ctx.signal, MAX_LIST_CHARS),
      ),
    );
    const at = lists.findIndex((list) => list !== null);
    if (at === -1) return { status: 'missing' };
    const module = paths[at]!;
    const root = `${ctx.base}/${escapeModulePath(module)}`;
    const tagged = lists[at]!.split('\n')
      .map((line) => line.trim())
      .map((v) => ({ v, sem: parse(v) }))
      .filter((x): x is { v: string; sem: SemVer } => x.sem !== undefined)
      .sort((x, y) => compare(x.sem, y.sem));
    let first: string | undefined;
    let replacement: string | undefined;
    if (tagged.length) {
      const releases = tagged.filter((t) => t.sem.pre.length === 0);
      const latest = (releases.length ? releases : tagged).at(-1)!.v;
      const [earliest, notice] = await Promise.all([
        info(ctx, `${root}/@v/${escapeModulePath(tagged[0]!.v)}.info`),
        deprecation(ctx, root, latest, module),
      ]);
      first = earliest?.time;
      replacement = notice;
    } else {
      // Pseudo-versions only: the proxy resolves @latest from the repository.
      const head = await info(ctx, `${root}/@latest`);
      if (head === null) return { status: 'missing' };
      first = head.time;
      // The version goes into a URL: only a semantic version (pseudo-versions are) may.
      if (head.version && parse(head.version))
        replacement = await deprecation(ctx, root, head.version, module);
    }
    const facts: RegistryFacts = { status: 'exists' };
    if (first) facts.createdAt = first;
    if (replacement) facts.deprecatedFor = replacement;
    return facts;
  },
};
