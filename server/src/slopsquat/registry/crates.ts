// crates.io's web API: `GET /api/v1/crates/<name>` answers `{crate: {…}, versions: […], …}`, or 404
// with `{errors: [{detail}]}`. It refuses requests without a User-Agent (crates.io/policies), which
// registry-http.ts always sends. Names are matched without regard to case or `-`/`_`, as cargo does.
//
// - first publication: `crate.created_at`;
// - repository: `crate.repository`;
// - downloads: `crate.recent_downloads` (the last 90 days), else the all-time `crate.downloads`.
// crates.io has no deprecation field and no placeholders.
import type { RegistryFacts } from '../slopsquat-contract.ts';
import type { PickPath } from './json-pick.ts';
import { count, isLink, isoTime, type RegistryClient } from './registry-client.ts';
import { RegistryFailure } from './registry-http.ts';

const PATHS: PickPath[] = [
  ['crate', 'name'],
  ['crate', 'created_at'],
  ['crate', 'repository'],
  ['crate', 'recent_downloads'],
  ['crate', 'downloads'],
];
const [NAME, CREATED, REPOSITORY, RECENT, ALL_TIME] = PATHS.keys();

export const crates: RegistryClient = {
  ecosystem: 'crates',
  async ask(name, { http, base, signal }) {
    let named = false;
    let createdAt: string | undefined;
    let repository = false;
    let recent: number | undefined;
    let allTime: number | undefined;
    const found = await http.json(
      `${base}/api/v1/crates/${name}`,
      PATHS,
      (rule, _at, value) => {
        if (rule === NAME) named = typeof value === 'string';
        else if (rule === CREATED) createdAt = isoTime(value);
        else if (rule === REPOSITORY) repository = isLink(value);
        else if (rule === RECENT) recent = count(value);
        else if (rule === ALL_TIME) allTime = count(value);
      },
      signal,
    );
    if (!found) return { status: 'missing' };
    if (!named) throw new RegistryFailure('bad_answer');
    const facts: RegistryFacts = { status: 'exists', hasRepository: repository };
    if (createdAt) facts.createdAt = createdAt;
    const downloads = recent ?? allTime;
    if (downloads !== undefined) facts.downloads = downloads;
    return facts;
  },
};
