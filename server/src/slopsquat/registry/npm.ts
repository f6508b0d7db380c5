// The npm registry (and its mirrors: Verdaccio, Artifactory, Nexus): `GET /<name>`, a scoped name as
// `@scope%2fname`, answers the package's full document (the packument; github.com/npm/registry,
// docs/responses/package-metadata.md). Only the full one carries `time` (the abbreviated install
// document does not), and it holds every version's manifest: tens of megabytes for the busiest
// packages, so it is read as it arrives for the few values needed.
//
// - first publication: `time.created`, else the earliest version time (some mirrors leave `created` out);
// - a security placeholder: every version is `0.0.N-security` (npm replaces a package removed for
//   malware with one, which installs and does nothing);
// - deprecated: the `deprecated` message of the version `dist-tags.latest` names;
// - repository: the document's `repository` (hoisted from the latest version), else that version's.
// A document with no version left (everything unpublished: `time.unpublished`) installs nothing:
// missing. One with no versions and no such mark is not a packument: the answer cannot be read.
import type { RegistryFacts } from '../slopsquat-contract.ts';
import { replacementNamed } from './deprecation-notice.ts';
import type { PickPath } from './json-pick.ts';
import { earlier, isLink, isoTime, type RegistryClient } from './registry-client.ts';
import { RegistryFailure } from './registry-http.ts';

const PATHS: PickPath[] = [
  ['time', 'created'],
  ['time', '*'],
  ['dist-tags', 'latest'],
  ['versions', '*', 'version'],
  ['versions', '*', 'deprecated'],
  ['versions', '*', 'repository'],
  ['repository'],
];
const [CREATED, VERSION_TIME, LATEST, VERSION, DEPRECATED, VERSION_REPOSITORY, REPOSITORY] = PATHS.keys();

const PLACEHOLDER = /^0\.0\.\d+-security(?:\.\d+)?$/;

/** `@scope/name` as the registry's path writes it. */
export function npmPath(name: string): string {
  return name.startsWith('@') ? `@${encodeURIComponent(name.slice(1)).replace('%2F', '%2f')}` : name;
}

function hasRepository(value: unknown): boolean {
  if (isLink(value)) return true;
  return value !== null && typeof value === 'object' && isLink((value as { url?: unknown }).url);
}

export const npm: RegistryClient = {
  ecosystem: 'npm',
  async ask(name, { http, base, signal }) {
    let created: string | undefined;
    let firstVersionTime: string | undefined;
    let latest: string | undefined;
    let repository = false;
    let unpublished = false;
    const versions = new Set<string>();
    const deprecated = new Map<string, string>();
    const versionRepository = new Set<string>();
    const found = await http.json(
      `${base}/${npmPath(name)}`,
      PATHS,
      (rule, at, value) => {
        if (rule === CREATED) created = isoTime(value);
        else if (rule === VERSION_TIME) {
          if (at[1] === 'unpublished') unpublished = true;
          else if (at[1] !== 'modified') firstVersionTime = earlier(firstVersionTime, isoTime(value));
        } else if (rule === LATEST) latest = typeof value === 'string' ? value : undefined;
        else if (rule === VERSION) versions.add(at[1]!);
        else if (rule === DEPRECATED) {
          if (typeof value === 'string' && value) deprecated.set(at[1]!, value);
        } else if (rule === VERSION_REPOSITORY) {
          if (hasRepository(value)) versionRepository.add(at[1]!);
        } else if (rule === REPOSITORY) repository = hasRepository(value);
      },
      signal,
    );
    if (!found) return { status: 'missing' };
    if (versions.size === 0) {
      if (unpublished) return { status: 'missing' };
      throw new RegistryFailure('bad_answer');
    }
    const facts: RegistryFacts = {
      status: 'exists',
      hasRepository: repository || (latest !== undefined && versionRepository.has(latest)),
    };
    const createdAt = created ?? firstVersionTime;
    if (createdAt) facts.createdAt = createdAt;
    if ([...versions].every((v) => PLACEHOLDER.test(v))) facts.placeholder = true;
    const notice = latest === undefined ? undefined : deprecated.get(latest);
    const replacement = notice === undefined ? undefined : replacementNamed(notice, 'npm', name);
    if (replacement) facts.deprecatedFor = replacement;
    return facts;
  },
};
