// Packagist's Composer v2 metadata (packagist.org/apidoc, "Getting package data"):
// `GET /p2/<vendor>/<name>.json` answers `{packages: {"<vendor>/<name>": [versions, newest first]},
// minified: "composer/2.0"}`, each version after the first giving only what changed from the one
// before; 404 when there is no such package. Tagged releases only (dev branches are in `~dev.json`):
// a package with none answers an empty list, and exists.
//
// - first publication: the earliest version `time`;
// - repository: a version's `source.url`;
// - deprecated: the newest version's `abandoned`: `true`, or the name of the package to use instead.
// Composer v2 metadata carries no download counts.
import type { RegistryFacts } from '../slopsquat-contract.ts';
import type { PickPath } from './json-pick.ts';
import { isValidName } from './names.ts';
import { earlier, isLink, isoTime, type RegistryClient } from './registry-client.ts';

const PATHS: PickPath[] = [
  ['packages', '*', '*', 'time'],
  ['packages', '*', '*', 'source', 'url'],
  ['packages', '*', '0', 'abandoned'],
];
const [TIME, SOURCE, ABANDONED] = PATHS.keys();

export const packagist: RegistryClient = {
  ecosystem: 'packagist',
  async ask(name, { http, base, signal }) {
    let createdAt: string | undefined;
    let repository = false;
    let abandoned: unknown;
    const found = await http.json(
      `${base}/p2/${name}.json`,
      PATHS,
      (rule, at, value) => {
        if (at[1] !== name) return;
        if (rule === TIME) createdAt = earlier(createdAt, isoTime(value));
        else if (rule === SOURCE) repository ||= isLink(value);
        else if (rule === ABANDONED) abandoned = value;
      },
      signal,
    );
    if (!found) return { status: 'missing' };
    const facts: RegistryFacts = { status: 'exists', hasRepository: repository };
    if (createdAt) facts.createdAt = createdAt;
    if (typeof abandoned === 'string') {
      const replacement = abandoned.toLowerCase();
      if (replacement !== name && isValidName('packagist', replacement)) facts.deprecatedFor = replacement;
    }
    return facts;
  },
};
