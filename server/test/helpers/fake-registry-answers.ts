// What each fake registry (fake-registries.ts) answers for a package of its data set, in the shapes
// and with the headers and not-found answers of the real services, as their documentation gives them:
// the npm packument (github.com/npm/registry docs/responses/package-metadata.md), PyPI's JSON API
// (docs.pypi.org/api/json), crates.io's /api/v1/crates, the Go module proxy protocol
// (go.dev/ref/mod#goproxy-protocol), RubyGems.org's /api/v1 (guides.rubygems.org/rubygems-org-api) and
// Packagist's Composer v2 metadata (packagist.org/apidoc). Only the fields a client could read are
// filled with meaning; the rest are there so that the documents have their real size and shape.
import { createHash } from 'node:crypto';

/** One package of a fake registry's data set. */
export interface FakePackage {
  /** First publication, ISO 8601. Later versions follow a day apart each. */
  created: string;
  /** Versions published, oldest first. Default one: 1.0.0 (Go: v1.0.0). */
  versions?: string[];
  /** A deprecation notice: npm's `deprecated` on every version, PyPI's summary, a go.mod
   * `// Deprecated:` comment, Packagist's `abandoned` (the name itself when it is one, else true). */
  deprecated?: string;
  /** npm's security placeholder: the package's only version is `0.0.1-security`. */
  placeholder?: boolean;
  /** The source repository's URL. */
  repository?: string;
  /** Downloads as the registry counts them (crates.io: the last 90 days; RubyGems: all time). */
  downloads?: number;
  /** PyPI: the project's own spelling when it differs from the normalised name (`Django`): a request
   * for another spelling is redirected to it, as pypi.org does. */
  displayName?: string;
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const JSON_TYPE = 'application/json';
/** Downloads given for a package whose data set says none: a stand-in for "many". */
const STAND_IN_DOWNLOADS = 250_000;

function day(iso: string, plus: number): string {
  return new Date(Date.parse(iso) + plus * 86_400_000).toISOString();
}

function hex(text: string, length = 40): string {
  return createHash('sha256').update(text).digest('hex').slice(0, length);
}

function json(body: unknown, headers: Record<string, string> = {}, status = 200): Answer {
  return { status, headers: { 'content-type': JSON_TYPE, ...headers }, body: JSON.stringify(body) };
}

function text(status: number, body: string, type = 'text/plain; charset=utf-8'): Answer {
  return { status, headers: { 'content-type': type }, body };
}

function versionsOf(pkg: FakePackage, first: string): Array<{ v: string; at: string }> {
  return (pkg.versions ?? [first]).map((v, i) => ({ v, at: day(pkg.created, i) }));
}

// ---- npm ------------------------------------------------------------------------------------------

export function npmAnswer(
  name: string,
  pkg: FakePackage | undefined,
  abbreviated: boolean,
  base: string,
): Answer {
  if (!pkg) return json({ error: 'Not found' }, {}, 404);
  const versions = pkg.placeholder ? [{ v: '0.0.1-security', at: pkg.created }] : versionsOf(pkg, '1.0.0');
  // Every version unpublished: the document keeps the package's times and says so, with no versions.
  if (versions.length === 0 && !abbreviated) {
    const modified = day(pkg.created, 1);
    return json({
      _id: name,
      name,
      time: { created: pkg.created, modified, unpublished: { time: modified, versions: ['1.0.0'] } },
    });
  }
  const latest = versions.at(-1)!;
  const description = pkg.placeholder ? 'security holding package' : `The ${name} package`;
  const repository = pkg.placeholder
    ? 'npm/security-holder'
    : pkg.repository && { type: 'git', url: `git+${pkg.repository}.git` };
  const file = name.replace(/^@[^/]+\//, '');
  const manifests = Object.fromEntries(
    versions.map(({ v }) => {
      const dist = {
        shasum: hex(`${name}@${v}`),
        tarball: `${base}/${name}/-/${file}-${v}.tgz`,
        integrity: `sha512-${Buffer.from(hex(`${name}@${v}`, 64), 'hex').toString('base64')}`,
      };
      const install = {
        name,
        version: v,
        dependencies: {},
        dist,
        ...(pkg.deprecated ? { deprecated: pkg.deprecated } : {}),
      };
      if (abbreviated) return [v, install];
      return [
        v,
        {
          ...install,
          description,
          main: 'index.js',
          license: 'MIT',
          ...(repository ? { repository } : {}),
          _id: `${name}@${v}`,
          _nodeVersion: '20.19.0',
          _npmVersion: '10.8.2',
          _npmUser: { name: 'fake-publisher', email: 'publisher@example.com' },
          maintainers: [{ name: 'fake-publisher', email: 'publisher@example.com' }],
        },
      ];
    }),
  );
  const modified = day(latest.at, 1);
  const headers = { etag: `"${hex(name + modified, 32)}"`, 'cache-control': 'public, max-age=300' };
  if (abbreviated)
    return {
      ...json({ name, modified, 'dist-tags': { latest: latest.v }, versions: manifests }, headers),
      headers: { ...headers, 'content-type': 'application/vnd.npm.install-v1+json' },
    };
  return json(
    {
      _id: name,
      _rev: `${versions.length}-${hex(name, 32)}`,
      name,
      'dist-tags': { latest: latest.v },
      versions: manifests,
      time: { created: pkg.created, modified, ...Object.fromEntries(versions.map(({ v, at }) => [v, at])) },
      maintainers: [{ name: 'fake-publisher', email: 'publisher@example.com' }],
      description,
      license: 'MIT',
      ...(repository ? { repository } : {}),
      readme: `# ${name}\n`,
      readmeFilename: 'README.md',
    },
    headers,
  );
}

// ---- PyPI -----------------------------------------------------------------------------------------

export function pypiAnswer(name: string, pkg: FakePackage | undefined, base: string): Answer {
  if (!pkg) return json({ message: 'Not Found' }, {}, 404);
  const display = pkg.displayName ?? name;
  if (name !== display)
    return {
      status: 301,
      headers: { location: `${base}/pypi/${display}/json`, 'content-type': 'text/html' },
      body: '',
    };
  const versions = versionsOf(pkg, '1.0.0');
  const latest = versions.at(-1)!;
  const files = (v: string, at: string) => {
    const filename = `${display.replace(/-/g, '_')}-${v}.tar.gz`;
    return [
      {
        comment_text: '',
        digests: { blake2b_256: hex(filename, 64), md5: hex(filename, 32), sha256: hex(filename, 64) },
        downloads: -1,
        filename,
        has_sig: false,
        md5_digest: hex(filename, 32),
        packagetype: 'sdist',
        python_version: 'source',
        requires_python: '>=3.9',
        size: 12_345,
        upload_time: at.slice(0, 19),
        upload_time_iso_8601: at.replace('Z', '000Z'),
        url: `https://files.example/packages/${filename}`,
        yanked: false,
        yanked_reason: null,
      },
    ];
  };
  return json(
    {
      info: {
        author: 'Fake Author',
        classifiers: [],
        description: `# ${display}\n`,
        downloads: { last_day: -1, last_month: -1, last_week: -1 },
        home_page: '',
        license: 'MIT',
        name: display,
        package_url: `${base}/project/${display}/`,
        project_url: `${base}/project/${display}/`,
        project_urls: pkg.repository ? { Homepage: pkg.repository, Source: pkg.repository } : null,
        release_url: `${base}/project/${display}/${latest.v}/`,
        requires_dist: null,
        requires_python: '>=3.9',
        summary: pkg.deprecated ?? `The ${display} project`,
        version: latest.v,
        yanked: false,
        yanked_reason: null,
      },
      last_serial: 1_000 + versions.length,
      releases: Object.fromEntries(versions.map(({ v, at }) => [v, files(v, at)])),
      urls: files(latest.v, latest.at),
      vulnerabilities: [],
    },
    { 'x-pypi-last-serial': String(1_000 + versions.length), 'cache-control': 'max-age=900, public' },
  );
}

// ---- crates.io ------------------------------------------------------------------------------------

export function cratesAnswer(name: string, pkg: FakePackage | undefined): Answer {
  if (!pkg) return json({ errors: [{ detail: `crate \`${name}\` does not exist` }] }, {}, 404);
  const versions = versionsOf(pkg, '1.0.0');
  const latest = versions.at(-1)!;
  const downloads = pkg.downloads ?? STAND_IN_DOWNLOADS;
  return json({
    categories: [],
    crate: {
      badges: [],
      categories: [],
      created_at: pkg.created.replace('Z', '+00:00'),
      description: `The ${name} crate`,
      documentation: null,
      downloads: downloads * 4,
      exact_match: false,
      homepage: null,
      id: name,
      keywords: [],
      max_stable_version: latest.v,
      max_version: latest.v,
      name,
      newest_version: latest.v,
      recent_downloads: downloads,
      repository: pkg.repository ?? null,
      updated_at: latest.at.replace('Z', '+00:00'),
      versions: versions.map((_, i) => i + 1),
    },
    keywords: [],
    versions: versions.map(({ v, at }, i) => ({
      id: i + 1,
      crate: name,
      num: v,
      created_at: at.replace('Z', '+00:00'),
      updated_at: at.replace('Z', '+00:00'),
      downloads: Math.floor(downloads / versions.length),
      yanked: false,
      license: 'MIT OR Apache-2.0',
      crate_size: 20_000,
      dl_path: `/api/v1/crates/${name}/${v}/download`,
      checksum: hex(`${name}${v}`, 64),
    })),
  });
}

// ---- Go module proxy ------------------------------------------------------------------------------

/** `@v/list`, `@latest`, `@v/<v>.info` or `@v/<v>.mod` of a module (its path unescaped). */
export function goAnswer(
  module: string,
  what: string,
  pkg: FakePackage | undefined,
  missingStatus: number,
): Answer {
  const notFound = (why: string) => text(missingStatus, `not found: ${why}`);
  if (!pkg) return notFound(`module ${module}: 404 Not Found`);
  const versions = versionsOf(pkg, 'v1.0.0');
  const info = (v: { v: string; at: string }) =>
    json({
      Version: v.v,
      Time: v.at,
      Origin: { VCS: 'git', URL: `https://${module}`, Ref: `refs/tags/${v.v}`, Hash: hex(module + v.v) },
    });
  if (what === '@v/list') return text(200, versions.map(({ v }) => `${v}\n`).join(''));
  if (what === '@latest') return info(versions.at(-1)!);
  const m = /^@v\/(.+)\.(info|mod)$/.exec(what);
  const version = m && versions.find(({ v }) => v === m[1]);
  if (!m || !version) return notFound(`${module}@${m?.[1] ?? what}: invalid version: unknown revision`);
  if (m[2] === 'info') return info(version);
  const deprecated = pkg.deprecated ? `// Deprecated: ${pkg.deprecated}\n` : '';
  return text(200, `${deprecated}module ${module}\n\ngo 1.21\n`);
}

// ---- RubyGems.org ---------------------------------------------------------------------------------

export function rubygemsAnswer(
  name: string,
  what: 'gem' | 'versions',
  pkg: FakePackage | undefined,
  base: string,
): Answer {
  if (!pkg) return text(404, 'This rubygem could not be found.');
  const versions = versionsOf(pkg, '1.0.0');
  const latest = versions.at(-1)!;
  const downloads = pkg.downloads ?? STAND_IN_DOWNLOADS;
  const type = { 'content-type': 'application/json; charset=utf-8' };
  if (what === 'versions')
    return {
      ...json(
        versions
          .slice()
          .reverse()
          .map(({ v, at }) => ({
            authors: 'Fake Author',
            built_at: at,
            created_at: at,
            description: `The ${name} gem`,
            downloads_count: Math.floor(downloads / versions.length),
            metadata: pkg.repository ? { source_code_uri: pkg.repository } : {},
            number: v,
            summary: `The ${name} gem`,
            platform: 'ruby',
            rubygems_version: '>= 0',
            ruby_version: '>= 3.0',
            prerelease: false,
            licenses: ['MIT'],
            requirements: [],
            sha: hex(name + v, 64),
            spec_sha: hex(`spec${name}${v}`, 64),
          })),
      ),
      headers: type,
    };
  return {
    ...json({
      name,
      downloads,
      version: latest.v,
      version_created_at: latest.at,
      version_downloads: Math.floor(downloads / versions.length),
      platform: 'ruby',
      authors: 'Fake Author',
      info: `The ${name} gem`,
      licenses: ['MIT'],
      metadata: pkg.repository ? { source_code_uri: pkg.repository } : {},
      yanked: false,
      sha: hex(name + latest.v, 64),
      spec_sha: hex(`spec${name}${latest.v}`, 64),
      project_uri: `${base}/gems/${name}`,
      gem_uri: `${base}/gems/${name}-${latest.v}.gem`,
      homepage_uri: null,
      wiki_uri: null,
      documentation_uri: null,
      mailing_list_uri: null,
      source_code_uri: pkg.repository ?? null,
      bug_tracker_uri: null,
      changelog_uri: null,
      funding_uri: null,
      dependencies: { development: [], runtime: [] },
    }),
    headers: type,
  };
}

// ---- Packagist ------------------------------------------------------------------------------------

export function packagistAnswer(name: string, pkg: FakePackage | undefined): Answer {
  if (!pkg) return text(404, '404 Not Found', 'text/html; charset=utf-8');
  const versions = versionsOf(pkg, '1.0.0').reverse();
  const source = (v: string) =>
    pkg.repository && { url: pkg.repository, type: 'git', reference: hex(name + v) };
  const abandoned =
    pkg.deprecated === undefined
      ? undefined
      : /^[a-z0-9][\w.-]*\/[a-z0-9][\w.-]*$/.test(pkg.deprecated)
        ? pkg.deprecated
        : true;
  // Minified (composer/2.0): the first version complete, each later one only what differs.
  const entries = versions.map(({ v, at }, i) => {
    const changed = {
      version: v,
      version_normalized: `${v}.0`,
      time: at.replace('.000Z', '+00:00'),
      ...(source(v) ? { source: source(v) } : {}),
    };
    if (i > 0) return changed;
    return {
      name,
      description: `The ${name} package`,
      keywords: [],
      homepage: '',
      ...changed,
      license: ['MIT'],
      authors: [{ name: 'Fake Author' }],
      dist: {
        url: `https://api.example/${name}/zipball/${hex(name + v)}`,
        type: 'zip',
        shasum: '',
        reference: hex(name + v),
      },
      type: 'library',
      support: {},
      funding: [],
      autoload: { 'psr-4': {} },
      require: { php: '>=8.1' },
      ...(abandoned === undefined ? {} : { abandoned }),
    };
  });
  return json(
    { packages: { [name]: entries }, minified: 'composer/2.0' },
    { 'last-modified': new Date(Date.parse(versions[0]!.at)).toUTCString() },
  );
}
