// Registry answers are untrusted: a broken mirror, a captive portal or a hostile registry may answer
// anything. Whatever it sends, a lookup never throws and never crashes: answers too large, nested too
// deep, not JSON, not compressed as they say, not the document asked for, or sending the request
// elsewhere are `unreachable` with a failure that says which; values of the wrong type are ignored.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import zlib from 'node:zlib';
import { startFakeRegistries, type FakeRegistries } from '../helpers/fake-registries.ts';
import { createPackageLookup, type RegistryLookup } from '../../src/slopsquat/registry/lookup.ts';
import type { Ecosystem } from '../../src/slopsquat/slopsquat-contract.ts';

const OLD = '2015-06-01T12:00:00.000Z';
const MAX_ANSWER = 256 * 1024;

let fakes: FakeRegistries;
let lookup: RegistryLookup;
let serial = 0;

before(async () => {
  fakes = await startFakeRegistries({ seed: false });
  lookup = createPackageLookup({ registries: fakes.urls, maxAnswerBytes: MAX_ANSWER, deadlineMs: 10_000 });
});
after(async () => {
  await lookup.close();
  await fakes.close();
});
beforeEach(() => fakes.configure('all', {}));

/** A fresh name (the cache must not answer), present in every fake's data set. */
function fresh(ecosystem: Ecosystem): string {
  serial++;
  const name =
    ecosystem === 'go'
      ? `github.com/acme/pkg${serial}`
      : ecosystem === 'packagist'
        ? `acme/pkg${serial}`
        : `pkg${serial}`;
  fakes.set(ecosystem, name, { created: OLD, repository: 'https://github.com/acme/pkg' });
  return name;
}

/** What every ecosystem's lookup makes of this answer to all its requests. */
async function everyEcosystem(
  answer: () => { status?: number; headers?: Record<string, string>; body?: string | Buffer },
) {
  const out: Partial<Record<Ecosystem, unknown>> = {};
  for (const ecosystem of ['npm', 'pypi', 'crates', 'go', 'rubygems', 'packagist'] as Ecosystem[]) {
    fakes.configure(ecosystem, { answer });
    out[ecosystem] = await lookup.lookup(ecosystem, fresh(ecosystem));
  }
  return out;
}

function allUnreachable(out: Partial<Record<Ecosystem, unknown>>, failure: string) {
  for (const [ecosystem, facts] of Object.entries(out))
    assert.deepEqual(facts, { status: 'unreachable', failure }, ecosystem);
}

describe('hostile registry answers', () => {
  test('too large: refused at the cap, whether sent plain or as a gzip bomb', async () => {
    const huge = JSON.stringify({ name: 'x', padding: 'x'.repeat(MAX_ANSWER * 2) });
    allUnreachable(await everyEcosystem(() => ({ status: 200, body: huge })), 'too_large');
    // 10 MB of zeros compresses to about 10 KB: the cap counts what it inflates to.
    const bomb = zlib.gzipSync(
      Buffer.concat([Buffer.from('{"name":"'), Buffer.alloc(10 * 1024 * 1024, 48), Buffer.from('"}')]),
    );
    assert.ok(bomb.length < MAX_ANSWER);
    allUnreachable(
      await everyEcosystem(() => ({
        status: 200,
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: bomb,
      })),
      'too_large',
    );
  });

  test('nested past the cap: refused, in any part of the document', async () => {
    const deep = '{"name":"x","a":' + '['.repeat(5_000) + ']'.repeat(5_000) + '}';
    allUnreachable(await everyEcosystem(() => ({ status: 200, body: deep })), 'bad_answer');
  });

  test('not JSON (an HTML page behind a 200, truncated JSON): bad_answer', async () => {
    allUnreachable(
      await everyEcosystem(() => ({
        status: 200,
        headers: { 'content-type': 'text/html' },
        body: '<html><body>Sign in to continue</body></html>',
      })),
      'bad_answer',
    );
    const out = await everyEcosystem(() => ({ status: 200, body: '{"name":"x","versions":{"1.0.0":{' }));
    // The Go proxy's list is text, which any body is: only the JSON registries refuse it.
    delete out.go;
    allUnreachable(out, 'bad_answer');
  });

  test('JSON, but not the document asked for ({} or an array): bad_answer', async () => {
    for (const body of ['{}', '[]', '"text"', '42']) {
      const out = await everyEcosystem(() => ({ status: 200, body }));
      delete out.go; // a list of versions may be empty, and "@latest" then decides
      delete out.packagist; // an empty document lists no versions: Packagist's answer for a package without tags
      allUnreachable(out, 'bad_answer');
    }
  });

  test('values of the wrong type are ignored, not believed', async () => {
    const name = fresh('npm');
    fakes.configure('npm', {
      answer: () => ({
        status: 200,
        body: JSON.stringify({
          name,
          'dist-tags': ['1.0.0'],
          versions: { '1.0.0': { version: 1, deprecated: { use: 'x' }, repository: 7 } },
          time: { created: 20150601, '1.0.0': 'yesterday' },
          repository: ['https://github.com/a/b'],
        }),
      }),
    });
    assert.deepEqual(await lookup.lookup('npm', name), { status: 'exists', hasRepository: false });
    const crate = fresh('crates');
    fakes.configure('crates', {
      answer: () => ({
        status: 200,
        body: JSON.stringify({
          crate: { name: crate, created_at: null, downloads: -5, recent_downloads: '9', repository: {} },
        }),
      }),
    });
    assert.deepEqual(await lookup.lookup('crates', crate), { status: 'exists', hasRepository: false });
  });

  test('a body that does not decompress as it says, or an encoding not asked for: bad_answer', async () => {
    allUnreachable(
      await everyEcosystem(() => ({
        status: 200,
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: 'not gzip at all',
      })),
      'bad_answer',
    );
    allUnreachable(
      await everyEcosystem(() => ({
        status: 200,
        headers: { 'content-type': 'application/json', 'content-encoding': 'zstd' },
        body: '{}',
      })),
      'bad_answer',
    );
  });

  test('a redirect elsewhere, or round in circles, is not followed', async () => {
    allUnreachable(
      await everyEcosystem(() => ({
        status: 302,
        headers: { location: 'http://169.254.169.254/latest/meta-data/' },
        body: '',
      })),
      'redirect',
    );
    allUnreachable(
      await everyEcosystem(() => ({ status: 301, headers: { location: '/again' }, body: '' })),
      'redirect',
    );
    allUnreachable(await everyEcosystem(() => ({ status: 307, body: '' })), 'redirect');
  });

  test('other statuses are unreachable with the status, not missing', async () => {
    for (const status of [400, 401, 403, 500, 502])
      allUnreachable(await everyEcosystem(() => ({ status, body: 'no' })), `http_${status}`);
  });
});
