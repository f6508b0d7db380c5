// Each ecosystem's registry asked through the real lookup over HTTP, against fake registries that
// answer in the real shapes: an existing package (its first publication, repository, downloads), a
// missing one, a young one, npm's security placeholder, a deprecation notice that names the package to
// use, and what each registry's protocol adds (scoped npm names, PyPI's redirect to a project's own
// spelling, crates.io's User-Agent rule, Go's module prefixes and case escaping, Packagist's
// `abandoned`).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startFakeRegistries, type FakeRegistries } from '../helpers/fake-registries.ts';
import { createPackageLookup, type RegistryLookup } from '../../src/slopsquat/registry/lookup.ts';
import { replacementNamed } from '../../src/slopsquat/registry/deprecation-notice.ts';
import type { Ecosystem } from '../../src/slopsquat/slopsquat-contract.ts';

const OLD = '2015-06-01T12:00:00.000Z';
const YOUNG = new Date(Date.now() - 3 * 86_400_000).toISOString();

let fakes: FakeRegistries;
let lookup: RegistryLookup;

before(async () => {
  fakes = await startFakeRegistries({ seed: false });
  lookup = createPackageLookup({ registries: fakes.urls, deadlineMs: 5_000 });
});
after(async () => {
  await lookup.close();
  await fakes.close();
});

/** Paths the fake of `ecosystem` was asked for since `from`. */
function asked(ecosystem: Ecosystem, from: number): string[] {
  return fakes.requests
    .slice(from)
    .filter((r) => r.ecosystem === ecosystem)
    .map((r) => r.path);
}

const CASES: Array<{
  ecosystem: Ecosystem;
  name: string;
  young: string;
  missing: string;
  downloads?: boolean;
}> = [
  { ecosystem: 'npm', name: '@acme/widgets', young: 'fresh-widgets', missing: 'no-such-widgets' },
  { ecosystem: 'pypi', name: 'acme-widgets', young: 'fresh-widgets', missing: 'no-such-widgets' },
  {
    ecosystem: 'crates',
    name: 'acme_widgets',
    young: 'fresh-widgets',
    missing: 'no-such-widgets',
    downloads: true,
  },
  {
    ecosystem: 'go',
    name: 'github.com/acme/widgets',
    young: 'github.com/acme/fresh',
    missing: 'github.com/acme/none',
  },
  {
    ecosystem: 'rubygems',
    name: 'acme-widgets',
    young: 'fresh-widgets',
    missing: 'no-such-widgets',
    downloads: true,
  },
  { ecosystem: 'packagist', name: 'acme/widgets', young: 'acme/fresh', missing: 'acme/none' },
];

describe('every ecosystem', () => {
  for (const c of CASES) {
    test(`${c.ecosystem}: exists (first publication, repository${c.downloads ? ', downloads' : ''}), young, missing`, async () => {
      const versions = c.ecosystem === 'go' ? ['v0.1.0', 'v1.0.0', 'v1.2.0'] : ['0.1.0', '1.0.0', '1.2.0'];
      fakes.set(c.ecosystem, c.name, {
        created: OLD,
        versions,
        repository: 'https://github.com/acme/widgets',
        downloads: 42,
      });
      fakes.set(c.ecosystem, c.young, { created: YOUNG });

      const facts = await lookup.lookup(c.ecosystem, c.name);
      assert.equal(facts.status, 'exists');
      assert.equal(facts.createdAt, OLD);
      if (c.ecosystem !== 'go') assert.equal(facts.hasRepository, true);
      if (c.downloads) assert.equal(facts.downloads, 42);
      else assert.equal(facts.downloads, undefined);
      assert.equal(facts.placeholder, undefined);
      assert.equal(facts.deprecatedFor, undefined);

      const young = await lookup.lookup(c.ecosystem, c.young);
      assert.equal(young.status, 'exists');
      assert.equal(young.createdAt, YOUNG);
      if (c.ecosystem !== 'go') assert.equal(young.hasRepository, false, 'no repository link');

      assert.deepEqual(await lookup.lookup(c.ecosystem, c.missing), { status: 'missing' });
    });
  }

  test('every request says who is asking (crates.io refuses requests without a User-Agent)', () => {
    assert.ok(fakes.requests.length > 0);
    for (const r of fakes.requests) assert.match(String(r.headers['user-agent']), /^Gatehouse/);
  });
});

describe('npm', () => {
  test('a scoped name is asked for as @scope%2fname, for the full document (the one with `time`)', async () => {
    const from = fakes.requests.length;
    fakes.set('npm', '@acme/scoped', { created: OLD });
    assert.equal((await lookup.lookup('npm', '@acme/scoped')).status, 'exists');
    const [request] = fakes.requests.slice(from);
    assert.equal(request!.path, '/@acme%2fscoped');
    assert.equal(request!.headers.accept, 'application/json');
    assert.match(String(request!.headers['accept-encoding']), /gzip/);
  });

  test('a security placeholder (0.0.1-security) is a placeholder', async () => {
    fakes.set('npm', 'crossenv', { created: OLD, placeholder: true });
    const facts = await lookup.lookup('npm', 'crossenv');
    assert.equal(facts.status, 'exists');
    assert.equal(facts.placeholder, true);
  });

  test('a deprecation notice on the latest version that names a package gives that package', async () => {
    fakes.set('npm', 'rollup-plugin-terser', {
      created: OLD,
      deprecated:
        'This package has been deprecated and is no longer maintained. Please use @rollup/plugin-terser',
    });
    assert.equal((await lookup.lookup('npm', 'rollup-plugin-terser')).deprecatedFor, '@rollup/plugin-terser');
    fakes.set('npm', 'request', {
      created: OLD,
      deprecated: 'request has been deprecated, see https://github.com/request/request/issues/3142',
    });
    assert.equal((await lookup.lookup('npm', 'request')).deprecatedFor, undefined);
  });

  test('a package with every version unpublished installs nothing: missing', async () => {
    fakes.set('npm', 'gone-away', { created: OLD, versions: [] });
    assert.equal((await lookup.lookup('npm', 'gone-away')).status, 'missing');
  });
});

describe('PyPI', () => {
  test('a name that is not the project’s own spelling is redirected to it, and followed', async () => {
    fakes.set('pypi', 'django', {
      created: '2005-07-21T00:00:00.000Z',
      displayName: 'Django',
      repository: 'https://github.com/django/django',
    });
    const from = fakes.requests.length;
    const facts = await lookup.lookup('pypi', 'django');
    assert.equal(facts.status, 'exists');
    assert.equal(facts.createdAt, '2005-07-21T00:00:00.000Z');
    assert.deepEqual(asked('pypi', from), ['/pypi/django/json', '/pypi/Django/json']);
  });

  test('a summary that points to the replacement gives it (sklearn → scikit-learn)', async () => {
    fakes.set('pypi', 'sklearn', {
      created: OLD,
      deprecated: 'deprecated sklearn package, use scikit-learn instead',
    });
    assert.equal((await lookup.lookup('pypi', 'sklearn')).deprecatedFor, 'scikit-learn');
  });

  test('spellings pip treats as one share one answer', async () => {
    fakes.set('pypi', 'typing-extensions', { created: OLD });
    const from = fakes.requests.length;
    await lookup.lookup('pypi', 'typing-extensions');
    assert.equal((await lookup.peek('pypi', 'typing_extensions'))?.status, 'exists');
    assert.equal(asked('pypi', from).length, 1);
  });
});

describe('crates.io', () => {
  test('`-` and `_` are one to crates.io: either spelling finds the crate', async () => {
    fakes.set('crates', 'serde_json', { created: OLD });
    assert.equal((await lookup.lookup('crates', 'serde-json')).status, 'exists');
  });
});

describe('Go module proxy', () => {
  test('a package path below its module finds the module (the longest prefix the proxy knows)', async () => {
    fakes.set('go', 'golang.org/x/tools', { created: OLD, versions: ['v0.1.0', 'v0.20.0'] });
    const from = fakes.requests.length;
    const facts = await lookup.lookup('go', 'golang.org/x/tools/cmd/goimports');
    assert.equal(facts.status, 'exists');
    assert.equal(facts.createdAt, OLD);
    const paths = asked('go', from);
    assert.ok(paths.includes('/golang.org/x/tools/cmd/goimports/@v/list'));
    assert.ok(paths.includes('/golang.org/x/tools/@v/list'));
    assert.ok(paths.includes('/golang.org/x/tools/@v/v0.1.0.info'), 'the earliest version’s time');
  });

  test('capital letters are escaped as !x', async () => {
    fakes.set('go', 'github.com/BurntSushi/toml', { created: OLD });
    const from = fakes.requests.length;
    assert.equal((await lookup.lookup('go', 'github.com/BurntSushi/toml')).status, 'exists');
    assert.ok(asked('go', from).includes('/github.com/!burnt!sushi/toml/@v/list'));
  });

  test('a module with pseudo-versions only is dated by @latest', async () => {
    fakes.set('go', 'github.com/acme/untagged', {
      created: OLD,
      versions: ['v0.0.0-20200101000000-abcdefabcdef'],
    });
    fakes.configure('go', {
      answer: (path) => (path.endsWith('/@v/list') && path.includes('untagged') ? { body: '' } : undefined),
    });
    try {
      const facts = await lookup.lookup('go', 'github.com/acme/untagged');
      assert.equal(facts.status, 'exists');
      assert.equal(facts.createdAt, OLD);
    } finally {
      fakes.configure('go', {});
    }
  });

  test('410 Gone is missing too', async () => {
    fakes.configure('go', { missingStatus: 410 });
    try {
      assert.equal((await lookup.lookup('go', 'github.com/acme/vanished')).status, 'missing');
    } finally {
      fakes.configure('go', {});
    }
  });

  test('a // Deprecated: comment in the latest go.mod gives the module to use', async () => {
    fakes.set('go', 'github.com/acme/old', {
      created: OLD,
      deprecated: 'use github.com/acme/new/v2 instead.',
    });
    assert.equal((await lookup.lookup('go', 'github.com/acme/old')).deprecatedFor, 'github.com/acme/new/v2');
  });
});

describe('Packagist', () => {
  test('`abandoned` naming a package gives it; `abandoned: true` names none', async () => {
    fakes.set('packagist', 'swiftmailer/swiftmailer', { created: OLD, deprecated: 'symfony/mailer' });
    assert.equal(
      (await lookup.lookup('packagist', 'swiftmailer/swiftmailer')).deprecatedFor,
      'symfony/mailer',
    );
    fakes.set('packagist', 'acme/abandoned', { created: OLD, deprecated: 'no longer maintained' });
    const facts = await lookup.lookup('packagist', 'acme/abandoned');
    assert.equal(facts.status, 'exists');
    assert.equal(facts.deprecatedFor, undefined);
  });
});

describe('names that cannot exist', () => {
  test('are missing without asking (and never reach a URL path)', async () => {
    const from = fakes.requests.length;
    for (const [ecosystem, name] of [
      ['npm', '../admin'],
      ['npm', 'a b'],
      ['npm', 'x?y=1'],
      ['pypi', '-lead'],
      ['crates', '9lives'],
      ['go', 'nodot/x'],
      ['go', 'github.com/a/../b'],
      ['rubygems', '...'],
      ['packagist', 'novendor'],
      ['packagist', 'a/b#c'],
    ] as Array<[Ecosystem, string]>)
      assert.deepEqual(await lookup.lookup(ecosystem, name), { status: 'missing' }, `${ecosystem} ${name}`);
    assert.equal(fakes.requests.length, from);
  });
});

describe('deprecation notices', () => {
  test('only a word a pointing phrase leads to, and only when it can be a name', () => {
    const cases: Array<[string, Ecosystem, string | undefined]> = [
      ['Use @eslint/config-array instead', 'npm', '@eslint/config-array'],
      [
        'Please use @babel/plugin-transform-class-properties instead.',
        'npm',
        '@babel/plugin-transform-class-properties',
      ],
      ['this package has been renamed to `new-name`.', 'npm', 'new-name'],
      ['Please upgrade to uuid@9; use uuid@9 instead', 'npm', 'uuid'],
      ['Use your platform’s native DOMException instead', 'npm', undefined],
      [
        'This module is not supported, and leaks memory. Do not use it. Check out lru-cache if you want',
        'npm',
        'lru-cache',
      ],
      ['Older versions may use Math.random() in certain circumstances', 'npm', undefined],
      ['see https://github.com/request/request/issues/3142', 'npm', undefined],
      ['deprecated sklearn package, use scikit-learn instead', 'pypi', 'scikit-learn'],
      ['Moved to Pillow>=9', 'pypi', 'pillow'],
      ['use the new API', 'pypi', undefined],
      ['Deprecated in favour of symfony/mailer:^6', 'packagist', 'symfony/mailer'],
      ['use self-pkg instead', 'npm', undefined],
    ];
    for (const [notice, ecosystem, expected] of cases)
      assert.equal(replacementNamed(notice, ecosystem, 'self-pkg'), expected, notice);
  });
});
