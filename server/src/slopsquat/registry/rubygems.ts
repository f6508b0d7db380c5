// RubyGems.org's API (guides.rubygems.org/rubygems-org-api): `GET /api/v1/gems/<name>.json` (the gem at
// its latest version: links, all-time downloads) and `GET /api/v1/versions/<name>.json` (every
// version with its `created_at`), asked at once; 404 ("This rubygem could not be found.") when there is
// no such gem, which is also what a gem whose every version was yanked answers.
//
// - first publication: the earliest version's `created_at`;
// - repository: `source_code_uri` (top level or in `metadata`), or a home page on a code host;
// - downloads: the all-time `downloads`.
// RubyGems has no deprecation field and no placeholders.
import type { RegistryFacts } from '../slopsquat-contract.ts';
import type { PickPath } from './json-pick.ts';
import { count, earlier, isLink, isoTime, isRepositoryUrl, type RegistryClient } from './registry-client.ts';
import { RegistryFailure } from './registry-http.ts';

const GEM: PickPath[] = [
  ['name'],
  ['source_code_uri'],
  ['metadata', 'source_code_uri'],
  ['homepage_uri'],
  ['downloads'],
];
const [NAME, SOURCE, METADATA_SOURCE, HOME_PAGE, DOWNLOADS] = GEM.keys();
const VERSIONS: PickPath[] = [['*', 'created_at']];

export const rubygems: RegistryClient = {
  ecosystem: 'rubygems',
  async ask(name, { http, base, signal }) {
    let named = false;
    let repository = false;
    let downloads: number | undefined;
    let createdAt: string | undefined;
    const [gem, versions] = await Promise.all([
      http.json(
        `${base}/api/v1/gems/${name}.json`,
        GEM,
        (rule, _at, value) => {
          if (rule === NAME) named = typeof value === 'string';
          else if (rule === SOURCE || rule === METADATA_SOURCE) repository ||= isLink(value);
          else if (rule === HOME_PAGE) repository ||= isRepositoryUrl(value);
          else if (rule === DOWNLOADS) downloads = count(value);
        },
        signal,
      ),
      http.json(
        `${base}/api/v1/versions/${name}.json`,
        VERSIONS,
        (_rule, _at, value) => {
          createdAt = earlier(createdAt, isoTime(value));
        },
        signal,
      ),
    ]);
    if (!gem || !versions) return { status: 'missing' };
    if (!named) throw new RegistryFailure('bad_answer');
    const facts: RegistryFacts = { status: 'exists', hasRepository: repository };
    if (createdAt) facts.createdAt = createdAt;
    if (downloads !== undefined) facts.downloads = downloads;
    return facts;
  },
};
