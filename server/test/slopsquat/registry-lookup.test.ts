// The lookup's own behaviour, against fake registries: a caller never waits past its deadline (and
// the answer still arrives for the next one), 429 and Retry-After back off that registry, refusals and
// broken connections are `unreachable` with their failure, answers are cached by kind for as long as
// their kind is kept, the cache is bounded, concurrent lookups of one name share one request, each
// registry gets at most its concurrency, and registries can be replaced at run time.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { startFakeRegistries, type FakeRegistries } from '../helpers/fake-registries.ts';
import { createPackageLookup, type LookupOptions } from '../../src/slopsquat/registry/lookup.ts';
import { retryAfterMs } from '../../src/slopsquat/registry/registry-http.ts';
import type { Ecosystem, RegistryFacts } from '../../src/slopsquat/slopsquat-contract.ts';

const OLD = '2015-06-01T12:00:00.000Z';
const HOUR = 3_600_000;

let fakes: FakeRegistries;
before(async () => {
  fakes = await startFakeRegistries({ seed: false });
  for (let i = 0; i < 20; i++) fakes.set('npm', `pkg-${i}`, { created: OLD });
});
after(() => fakes.close());
beforeEach(() => fakes.configure('all', {}));

/** A lookup on the fakes with a clock the test moves; closed after the test. */
function setup(t: { after(fn: () => unknown): void }, options: LookupOptions = {}) {
  const clock = { now: Date.parse('2026-11-01T00:00:00Z') };
  const lookup = createPackageLookup({ registries: fakes.urls, now: () => clock.now, ...options });
  t.after(() => lookup.close());
  return { lookup, clock };
}

function requestsFor(ecosystem: Ecosystem, from: number, name?: string): number {
  return fakes.requests
    .slice(from)
    .filter((r) => r.ecosystem === ecosystem && (!name || r.path.includes(name))).length;
}

/** Waits until the lookup has an answer for the name (it arrives after its caller gave up). */
async function eventually(peek: () => RegistryFacts | undefined): Promise<RegistryFacts> {
  for (let i = 0; i < 200; i++) {
    const facts = peek();
    if (facts) return facts;
    await sleep(25);
  }
  throw new Error('no answer arrived');
}

describe('deadlines', () => {
  test('a registry that never answers costs the caller its deadline, not more: unreachable (timeout)', async (t) => {
    const { lookup } = setup(t, { requestTimeoutMs: 60_000 });
    fakes.configure('npm', { hang: true });
    const started = Date.now();
    const facts = await lookup.lookup('npm', 'pkg-1', 200);
    assert.deepEqual(facts, { status: 'unreachable', failure: 'timeout' });
    // The request itself may take a minute: the caller is let go at its deadline.
    assert.ok(Date.now() - started < 5_000, `waited ${Date.now() - started} ms for a 200 ms deadline`);
  });

  test('the answer that comes after the deadline is cached for the next caller', async (t) => {
    const { lookup } = setup(t);
    fakes.configure('npm', { delayMs: 300 });
    assert.equal((await lookup.lookup('npm', 'pkg-2', 50)).failure, 'timeout');
    assert.equal((await eventually(() => lookup.peek('npm', 'pkg-2'))).status, 'exists');
  });

  test('deadline 0 starts the lookup without waiting (with peek: the path that must not wait)', async (t) => {
    const { lookup } = setup(t);
    assert.equal(lookup.peek('npm', 'pkg-3'), undefined);
    assert.equal((await lookup.lookup('npm', 'pkg-3', 0)).failure, 'timeout');
    assert.equal((await eventually(() => lookup.peek('npm', 'pkg-3'))).status, 'exists');
  });

  test('a deadline that is not a number does not wait; one past a timer’s range waits as long as needed', async (t) => {
    const { lookup } = setup(t);
    assert.equal((await lookup.lookup('npm', 'pkg-16', Number.NaN)).failure, 'timeout');
    assert.equal((await lookup.lookup('npm', 'pkg-17', 1e12)).status, 'exists');
  });

  test('the request’s own cap ends a hung request; that answer is kept a few seconds only', async (t) => {
    const { lookup, clock } = setup(t, { requestTimeoutMs: 200 });
    fakes.configure('npm', { hang: true });
    await lookup.lookup('npm', 'pkg-4', 5_000);
    assert.deepEqual(lookup.peek('npm', 'pkg-4'), { status: 'unreachable', failure: 'timeout' });
    clock.now += 6_000;
    assert.equal(lookup.peek('npm', 'pkg-4'), undefined);
  });
});

describe('refusals and failures', () => {
  test('429 with Retry-After: that registry is left alone for as long as it asked, the others are not', async (t) => {
    const warned: unknown[] = [];
    const { lookup, clock } = setup(t, { log: { warn: (obj: unknown) => void warned.push(obj) } as never });
    fakes.configure('npm', { rateLimit: { retryAfter: '120' } });
    assert.deepEqual(await lookup.lookup('npm', 'pkg-5'), { status: 'unreachable', failure: 'rate_limited' });
    assert.equal(warned.length, 1);
    fakes.configure('npm', {});
    const from = fakes.requests.length;
    assert.deepEqual(await lookup.lookup('npm', 'pkg-6'), { status: 'unreachable', failure: 'rate_limited' });
    assert.equal(requestsFor('npm', from), 0, 'not asked while backing off');
    fakes.set('pypi', 'requests', { created: OLD });
    assert.equal((await lookup.lookup('pypi', 'requests')).status, 'exists', 'another registry is asked');
    clock.now += 121_000;
    assert.equal((await lookup.lookup('npm', 'pkg-6')).status, 'exists');
    assert.equal(requestsFor('npm', from), 1);
  });

  test('429 without Retry-After backs off too; Retry-After as an HTTP date is read', async (t) => {
    const { lookup, clock } = setup(t);
    fakes.configure('crates', { rateLimit: {} });
    assert.equal((await lookup.lookup('crates', 'serde')).failure, 'rate_limited');
    fakes.configure('crates', {});
    assert.equal((await lookup.lookup('crates', 'tokio')).failure, 'rate_limited');
    clock.now += 31_000;
    assert.equal((await lookup.lookup('crates', 'tokio')).status, 'missing');
    const now = Date.parse('2026-11-01T00:00:00Z');
    assert.equal(retryAfterMs('Sun, 01 Nov 2026 00:01:30 GMT', now), 90_000);
    assert.equal(retryAfterMs('0', now), 1_000, 'at least a second');
    assert.equal(retryAfterMs('99999999', now), 600_000, 'at most ten minutes');
    assert.equal(retryAfterMs('soon', now), undefined);
  });

  test('503, a reset connection and a closed port are unreachable with their failure', async (t) => {
    const { lookup } = setup(t);
    fakes.configure('pypi', { unavailable: {} });
    assert.deepEqual(await lookup.lookup('pypi', 'numpy'), { status: 'unreachable', failure: 'http_503' });
    fakes.configure('pypi', { reset: true });
    assert.deepEqual(await lookup.lookup('pypi', 'scipy'), { status: 'unreachable', failure: 'connect' });
    const closed = createPackageLookup({ registries: { ...fakes.urls, go: 'http://127.0.0.1:1' } });
    t.after(() => closed.close());
    assert.deepEqual(await closed.lookup('go', 'github.com/a/b'), {
      status: 'unreachable',
      failure: 'connect',
    });
  });

  test('503 with Retry-After backs off as 429 does', async (t) => {
    const { lookup } = setup(t);
    fakes.configure('rubygems', { unavailable: { retryAfter: '60' } });
    assert.equal((await lookup.lookup('rubygems', 'rails')).failure, 'http_503');
    fakes.configure('rubygems', {});
    assert.equal((await lookup.lookup('rubygems', 'rack')).failure, 'rate_limited');
  });
});

describe('cache', () => {
  test('an existing name is kept a day, a missing one ten minutes, an unreachable registry a few seconds', async (t) => {
    const { lookup, clock } = setup(t);
    const from = fakes.requests.length;
    await lookup.lookup('npm', 'pkg-7');
    await lookup.lookup('npm', 'no-such-pkg');
    fakes.configure('packagist', { unavailable: {} });
    await lookup.lookup('packagist', 'acme/down');
    fakes.configure('packagist', {});
    for (let i = 0; i < 3; i++) {
      await lookup.lookup('npm', 'pkg-7');
      await lookup.lookup('npm', 'no-such-pkg');
      await lookup.lookup('packagist', 'acme/down');
    }
    assert.equal(requestsFor('npm', from) + requestsFor('packagist', from), 3, 'one request each');

    clock.now += 6_000;
    assert.equal(lookup.peek('packagist', 'acme/down'), undefined, 'unreachable: gone after 5 s');
    clock.now += 9 * 60_000;
    assert.equal(lookup.peek('npm', 'no-such-pkg')?.status, 'missing', 'missing: kept under 10 min');
    clock.now += 2 * 60_000;
    assert.equal(lookup.peek('npm', 'no-such-pkg'), undefined, 'missing: gone after 10 min');
    assert.equal(lookup.peek('npm', 'pkg-7')?.status, 'exists');
    clock.now += 23 * HOUR;
    assert.equal(lookup.peek('npm', 'pkg-7')?.status, 'exists', 'exists: kept under 24 h');
    clock.now += HOUR;
    assert.equal(lookup.peek('npm', 'pkg-7'), undefined, 'exists: gone after 24 h');
    await lookup.lookup('npm', 'pkg-7');
    assert.equal(requestsFor('npm', from, 'pkg-7'), 2, 'asked again once expired');
  });

  test('the cache is bounded: the least recently used name goes first', async (t) => {
    const { lookup } = setup(t, { maxEntries: 3 });
    for (const n of [8, 9, 10]) await lookup.lookup('npm', `pkg-${n}`);
    await lookup.lookup('npm', 'pkg-8'); // used again: pkg-9 is now the oldest
    await lookup.lookup('npm', 'pkg-11');
    assert.equal(lookup.peek('npm', 'pkg-9'), undefined);
    for (const n of [8, 10, 11]) assert.equal(lookup.peek('npm', `pkg-${n}`)?.status, 'exists');
  });

  test('callers asking for a name being looked up share its one request', async (t) => {
    const { lookup } = setup(t);
    fakes.configure('npm', { delayMs: 100 });
    const from = fakes.requests.length;
    const answers = await Promise.all(Array.from({ length: 10 }, () => lookup.lookup('npm', 'pkg-12')));
    assert.ok(answers.every((a) => a.status === 'exists'));
    assert.equal(requestsFor('npm', from), 1);
  });

  test('cached answers cannot be changed by a caller', async (t) => {
    const { lookup } = setup(t);
    const facts = await lookup.lookup('npm', 'pkg-13');
    assert.throws(() => ((facts as { status: string }).status = 'missing'));
  });
});

describe('concurrency', () => {
  test('each registry is asked at most `concurrency` requests at once; the rest wait their turn', async (t) => {
    const { lookup } = setup(t, { concurrency: 3, deadlineMs: 10_000 });
    fakes.configure('npm', { delayMs: 60 });
    const before = fakes.inFlight('npm').most;
    assert.ok(before <= 3);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => lookup.lookup('npm', `pkg-${i}`)));
    assert.ok(answers.every((a) => a.status === 'exists'));
    const { most } = fakes.inFlight('npm');
    assert.ok(most <= 3, `${most} at once`);
    assert.ok(most >= 2, 'and more than one at a time');
  });
});

describe('registries', () => {
  test('replaced at run time: answers of the old registry are forgotten, a bad address refused', async (t) => {
    const { lookup } = setup(t);
    const mirror = await startFakeRegistries({ seed: false });
    t.after(() => mirror.close());
    mirror.set('npm', 'internal-only', { created: OLD });
    await lookup.lookup('pypi', 'requests');
    assert.equal((await lookup.lookup('npm', 'internal-only')).status, 'missing');

    lookup.setRegistries({ npm: `${mirror.urls.npm}/` });
    assert.equal(lookup.registries().npm, mirror.urls.npm, 'trailing slash dropped');
    assert.equal(lookup.registries().pypi, 'https://pypi.org', 'not named: back to the default');
    assert.equal(lookup.peek('npm', 'internal-only'), undefined);
    assert.equal((await lookup.lookup('npm', 'internal-only')).status, 'exists');

    assert.throws(() => lookup.setRegistries({ npm: 'ftp://mirror.example' }), /npm/);
    assert.throws(() => lookup.setRegistries({ pypi: 'https://user:pw@mirror.example' }), /pypi/);
    assert.equal(lookup.registries().npm, mirror.urls.npm, 'a refused change changes nothing');
  });

  test('a registry under a path prefix (Artifactory, Nexus) is asked under it', async (t) => {
    const { lookup } = setup(t);
    lookup.setRegistries({ ...fakes.urls, npm: `${fakes.urls.npm}/api/npm/npm-remote` });
    const from = fakes.requests.length;
    await lookup.lookup('npm', 'pkg-14');
    assert.deepEqual(
      fakes.requests.slice(from).map((r) => r.path),
      ['/api/npm/npm-remote/pkg-14'],
    );
  });

  test('closing ends the lookups under way: their callers get unreachable at once', async (t) => {
    const { lookup } = setup(t, { requestTimeoutMs: 60_000 });
    fakes.configure('npm', { hang: true });
    const pending = lookup.lookup('npm', 'pkg-15', 60_000);
    await sleep(50);
    await lookup.close();
    assert.deepEqual(await pending, { status: 'unreachable', failure: 'aborted' });
    assert.equal((await lookup.lookup('npm', 'pkg-15')).status, 'unreachable');
  });
});
