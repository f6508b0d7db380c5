// How each ecosystem writes "this package, at this version" (`express@^4`, `@scope/pkg@1`,
// `requests[socks]>=2; python_version>"3.8"`, `serde@1.0`, `github.com/spf13/cobra@v1.8.0`,
// `rails:7.1`, `laravel/framework:^11`), and what is no registry package at all: local paths, URLs,
// git sources, archives. Every pattern here is anchored and without nested quantifiers: it runs on
// untrusted text, once per argument.
import type { Ecosystem, PackageRef } from '../slopsquat-contract.ts';
import { spanOf, type Word } from './shell-words.ts';

/** A name read from a spec: where it stands in the spec's text, and the version written beside it. */
export interface Spec {
  name: string;
  version?: string;
  from: number;
  to: number;
}

/** A name found by an installer or a manifest reader, before its source is known. */
export type Found = Omit<PackageRef, 'source'> & {
  /** Read from a manifest's content (a code block's package.json, a here-document), not an installer's arguments. */
  manifest?: true;
};

export function found(ecosystem: Ecosystem, word: Word, spec: Spec): Found {
  const { start, end } = spanOf(word, spec.from, spec.to);
  const ref: Found = { ecosystem, name: spec.name, start, end };
  if (spec.version) ref.version = spec.version;
  return ref;
}

/** Appends `more` to `out` (not push(...more): a hostile input's names could be more than a call takes arguments). */
export function append<T>(out: T[], more: readonly T[]): void {
  for (const x of more) out.push(x);
}

/** Every word that reads as a spec, as a name found. */
export function foundAll(
  ecosystem: Ecosystem,
  words: readonly Word[],
  read: (text: string) => Spec | null,
): Found[] {
  const out: Found[] = [];
  for (const w of words) {
    const spec = read(w.text);
    if (spec) out.push(found(ecosystem, w, spec));
  }
  return out;
}

const PATH = /^(?:\.\.?(?:[\\/]|$)|[\\/]|~|[A-Za-z]:[\\/]|\$)/;
const URL = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
const SOURCE_PREFIX =
  /^(?:git\+|git@|git:|file:|link:|workspace:|portal:|patch:|github:|gitlab:|bitbucket:|gist:)/i;
const ARCHIVE = /\.(?:tgz|tar|tar\.gz|tar\.bz2|tar\.xz|zip|whl|gem|crate)$/i;

/** A local path, a URL, a git source or an archive: installed from there, not from a registry. */
export function notFromRegistry(text: string): boolean {
  return PATH.test(text) || URL.test(text) || SOURCE_PREFIX.test(text) || ARCHIVE.test(text);
}

/** npm's names: lower-case by today's rules, upper-case letters still found in old packages. */
const NPM_NAME = /^(?:@[A-Za-z0-9~-][A-Za-z0-9._~-]*\/)?[A-Za-z0-9~-][A-Za-z0-9._~-]*$/;

/** `name`, `name@range`, `@scope/name@tag`, `alias@npm:name@range`. */
export function npmSpec(text: string): Spec | null {
  if (!text || notFromRegistry(text) || text.length > 300) return null;
  const alias = text.indexOf('@npm:');
  if (alias > 0) {
    const inner = npmSpec(text.slice(alias + 5));
    return inner && { ...inner, from: inner.from + alias + 5, to: inner.to + alias + 5 };
  }
  const slash = text.indexOf('/');
  // `user/repo` (and `user/repo#branch`) is GitHub shorthand: installed from git.
  if (slash >= 0 && text[0] !== '@') return null;
  const at = text.indexOf('@', text[0] === '@' ? 1 : 0);
  const to = at < 0 ? text.length : at;
  const name = text.slice(0, to);
  if (name.length > 214 || !NPM_NAME.test(name) || name.endsWith('/')) return null;
  const spec: Spec = { name, from: 0, to };
  if (at >= 0 && at + 1 < text.length) spec.version = text.slice(at + 1);
  return spec;
}

/** PEP 503: lower-case, each run of `-`, `_` and `.` one `-`. */
export function pep503(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

const PEP508_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?/;
/** What may follow a name and its extras: a version, markers, or nothing. */
const AFTER_NAME = /^\s*(?:$|[=<>!~;,(])/;

/**
 * A PEP 508 requirement (`name[extras] specifier ; markers`). `at` says how `@` reads after the name:
 * pip's `name @ url` is a direct reference (not from the registry), Poetry's `name@^1.2` a version.
 */
export function pep508(text: string, at: 'url' | 'version' = 'url'): Spec | null {
  const t = text.trimEnd();
  if (!t || notFromRegistry(t) || t.length > 500) return null;
  const m = PEP508_NAME.exec(t);
  if (!m) return null;
  const to = m[0].length;
  let p = to;
  if (t[p] === '[') {
    const close = t.indexOf(']', p);
    if (close < 0) return null;
    p = close + 1;
  }
  let rest = t.slice(p);
  const trimmed = rest.trimStart();
  if (trimmed.startsWith('@')) {
    if (at === 'url') return null;
    rest = trimmed.slice(1);
    if (!rest || notFromRegistry(rest.trim())) return null;
  } else if (!AFTER_NAME.test(rest)) return null;
  const spec: Spec = { name: pep503(m[0]), from: 0, to };
  const version = rest.split(';')[0]!.trim();
  if (version) spec.version = version;
  return spec;
}

const CRATE_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/** `name` or `name@version` (cargo add / cargo install). */
export function crateSpec(text: string): Spec | null {
  if (notFromRegistry(text)) return null;
  const at = text.indexOf('@');
  const name = at < 0 ? text : text.slice(0, at);
  if (!CRATE_NAME.test(name)) return null;
  const spec: Spec = { name, from: 0, to: name.length };
  if (at >= 0 && at + 1 < text.length) spec.version = text.slice(at + 1);
  return spec;
}

const GO_HOST = /^[A-Za-z0-9][A-Za-z0-9.-]*$/;
const GO_ELEMENT = /^[A-Za-z0-9._~+-]+$/;
/** A remote module or package path: its first element is a host name (the standard library's has no dot). */
export function goModulePath(path: string): boolean {
  if (path.length > 300) return false;
  const [host, ...rest] = path.split('/');
  if (!host || !GO_HOST.test(host) || !host.includes('.') || host.includes('..') || host.endsWith('.'))
    return false;
  return rest.every((e) => GO_ELEMENT.test(e));
}

/** Hosts whose module paths are `host/owner/repo` (plus a `/vN` major version). */
const REPO_HOSTS = new Set(['github.com', 'gitlab.com', 'bitbucket.org', 'codeberg.org']);

/**
 * `path@version` (go get, go install). The module is the path up to the repository on the hosts that
 * have one (`github.com/owner/repo[/vN]`: `…/cmd/tool` is a package inside it); elsewhere the path is
 * taken whole, and the registry lookups try its prefixes (`golang.org/x/tools/cmd/goimports`).
 */
export function goSpec(text: string): Spec | null {
  const at = text.indexOf('@');
  let path = at < 0 ? text : text.slice(0, at);
  if (path.endsWith('/...')) path = path.slice(0, -4);
  if (!goModulePath(path)) return null;
  const parts = path.split('/');
  let module = path;
  if (REPO_HOSTS.has(parts[0]!.toLowerCase())) {
    if (parts.length < 3) return null;
    const keep = parts.length > 3 && /^v\d+$/.test(parts[3]!) ? 4 : 3;
    module = parts.slice(0, keep).join('/');
  }
  const spec: Spec = { name: module, from: 0, to: module.length };
  if (at >= 0 && at + 1 < text.length) spec.version = text.slice(at + 1);
  return spec;
}

const GEM_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** `name` or `name:version` (gem install accepts both). */
export function gemSpec(text: string): Spec | null {
  if (notFromRegistry(text) || text.length > 200) return null;
  const colon = text.indexOf(':');
  const name = colon < 0 ? text : text.slice(0, colon);
  if (!GEM_NAME.test(name)) return null;
  const spec: Spec = { name, from: 0, to: name.length };
  if (colon >= 0 && colon + 1 < text.length) spec.version = text.slice(colon + 1);
  return spec;
}

const COMPOSER_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*\/[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** `vendor/package`, `vendor/package:^1.0`, `vendor/package=1.0`, `vendor/package@dev`. */
export function composerSpec(text: string): Spec | null {
  if (notFromRegistry(text) || text.length > 300) return null;
  let cut = text.length;
  for (const sep of [':', '=', ' ']) {
    const i = text.indexOf(sep);
    if (i >= 0 && i < cut) cut = i;
  }
  const name = text.slice(0, cut);
  if (!COMPOSER_NAME.test(name)) return null;
  const spec: Spec = { name: name.toLowerCase(), from: 0, to: cut };
  const version = text.slice(cut + 1).trim();
  if (version) spec.version = version;
  return spec;
}
