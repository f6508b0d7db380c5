// PyPI's JSON API (docs.pypi.org/api/json): `GET /pypi/<name>/json` answers the project with every
// release's files, or 404. A name that is not the project's own spelling is redirected to it (within
// pypi.org, which registry-http.ts follows). Mirrors (devpi, Artifactory, Nexus) serve the same path.
//
// - first publication: the earliest `upload_time` of any release's files (a release without files was
//   never installable);
// - repository: a `project_urls` entry that names one (Source, Repository, Code…) or any link, there
//   or in `home_page`, to a code host;
// - deprecated: PyPI has no deprecation field; projects replaced by another say so in their summary
//   (`sklearn`: "deprecated sklearn package, use scikit-learn instead");
// - downloads: PyPI stopped counting them (`info.downloads` is -1), so there is no such signal.
import type { RegistryFacts } from '../slopsquat-contract.ts';
import { replacementNamed } from './deprecation-notice.ts';
import type { PickPath } from './json-pick.ts';
import { earlier, isLink, isoTime, isRepositoryUrl, type RegistryClient } from './registry-client.ts';
import { RegistryFailure } from './registry-http.ts';

const PATHS: PickPath[] = [
  ['info', 'name'],
  ['info', 'summary'],
  ['info', 'home_page'],
  ['info', 'project_urls', '*'],
  ['releases', '*', '*', 'upload_time_iso_8601'],
  ['releases', '*', '*', 'upload_time'],
];
const [NAME, SUMMARY, HOME_PAGE, PROJECT_URL, UPLOAD_TIME_ISO, UPLOAD_TIME] = PATHS.keys();

/** project_urls labels that name the source repository (PyPI shows them with a code icon). */
const SOURCE_LABEL = /^(?:source|source code|sources|repository|repo|code|github|gitlab|git)$/i;

/** Summaries that announce a replacement, read for the name they give. */
const DEPRECATED = /deprecat|renamed|moved to|obsolete|no longer maintained|replaced by|in favou?r of/i;

export const pypi: RegistryClient = {
  ecosystem: 'pypi',
  async ask(name, { http, base, signal }) {
    let named = false;
    let summary: string | undefined;
    let repository = false;
    // upload_time is the same moment cut to the second: read only when a mirror gives no ISO one.
    let createdAt: string | undefined;
    let createdToSecond: string | undefined;
    const found = await http.json(
      `${base}/pypi/${name}/json`,
      PATHS,
      (rule, at, value) => {
        if (rule === NAME) named = typeof value === 'string';
        else if (rule === SUMMARY) summary = typeof value === 'string' ? value : undefined;
        else if (rule === HOME_PAGE) repository ||= isRepositoryUrl(value);
        else if (rule === PROJECT_URL)
          repository ||= isRepositoryUrl(value) || (SOURCE_LABEL.test(at[2]!) && isLink(value));
        else if (rule === UPLOAD_TIME_ISO) createdAt = earlier(createdAt, isoTime(value));
        else if (rule === UPLOAD_TIME) createdToSecond = earlier(createdToSecond, isoTime(value));
      },
      signal,
    );
    if (!found) return { status: 'missing' };
    // A 200 that is not a project's JSON (a proxy's login page, a broken mirror) says nothing.
    if (!named) throw new RegistryFailure('bad_answer');
    const facts: RegistryFacts = { status: 'exists', hasRepository: repository };
    if (createdAt ?? createdToSecond) facts.createdAt = createdAt ?? createdToSecond;
    const replacement =
      summary && DEPRECATED.test(summary) ? replacementNamed(summary, 'pypi', name) : undefined;
    if (replacement) facts.deprecatedFor = replacement;
    return facts;
  },
};
