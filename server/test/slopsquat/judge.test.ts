// Judging a name from its registry's facts: one reason at most (the strongest), which may block or
// alert; weak signals that raise the score and never give a reason; and the near-popular rule, which
// must not fire on popular names themselves nor, on spelling alone, on established packages.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { popularList } from '../../src/slopsquat/data/popular.ts';
import { DEFAULT_JUDGE_SETTINGS, judge, nearPopular, oneEditApart } from '../../src/slopsquat/judge.ts';
import type { Ecosystem, PackageRef, RegistryFacts } from '../../src/slopsquat/slopsquat-contract.ts';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW - days * 86_400_000).toISOString();

function ref(ecosystem: Ecosystem, name: string): PackageRef {
  return { ecosystem, name, source: 'tool_call', start: 0, end: name.length };
}

function verdict(ecosystem: Ecosystem, name: string, facts: RegistryFacts, youngDays = 30) {
  return judge(ref(ecosystem, name), facts, { young_days: youngDays }, NOW);
}

const OLD: RegistryFacts = { status: 'exists', createdAt: daysAgo(2_000), hasRepository: true };

describe('reasons', () => {
  test('missing blocks; near a popular name it scores higher', () => {
    const v = verdict('npm', 'flask-jwt-simple-auth', { status: 'missing' });
    assert.deepEqual(v, {
      ref: ref('npm', 'flask-jwt-simple-auth'),
      reason: 'missing',
      score: 90,
      blocking: true,
      weak: [],
    });
    const typo = verdict('npm', 'expresss', { status: 'missing' });
    assert.equal(typo.reason, 'missing');
    assert.equal(typo.score, 100);
  });

  test('unreachable is a signal of its own, never a block', () => {
    const v = verdict('pypi', 'numpy', { status: 'unreachable', failure: 'timeout' });
    assert.equal(v.reason, 'unreachable');
    assert.equal(v.blocking, false);
    assert.equal(v.score, 10);
  });

  test('a security placeholder blocks', () => {
    const v = verdict('npm', 'crossenv', {
      status: 'exists',
      createdAt: daysAgo(3_000),
      placeholder: true,
      hasRepository: true,
    });
    assert.equal(v.reason, 'placeholder');
    assert.equal(v.blocking, true);
  });

  test('young: first published within young_days blocks, with its day', () => {
    const v = verdict('pypi', 'fastapi-ratelimiter-pro', {
      status: 'exists',
      createdAt: daysAgo(3),
      hasRepository: true,
    });
    assert.equal(v.reason, 'young');
    assert.equal(v.blocking, true);
    assert.equal(v.firstPublished, daysAgo(3).slice(0, 10));
    assert.equal(
      verdict('pypi', 'x-pkg', { status: 'exists', createdAt: daysAgo(31), hasRepository: true }).reason,
      null,
    );
    assert.equal(
      verdict('pypi', 'x-pkg', { status: 'exists', createdAt: daysAgo(31), hasRepository: true }, 60).reason,
      'young',
    );
    assert.equal(
      verdict('pypi', 'x-pkg', { status: 'exists', createdAt: daysAgo(3), hasRepository: true }, 0).reason,
      null,
    );
    // A date in the future is no older.
    assert.equal(
      verdict('npm', 'x-pkg', { status: 'exists', createdAt: daysAgo(-10), hasRepository: true }).reason,
      'young',
    );
  });

  test('young and near a popular name: young, scored higher', () => {
    const v = verdict('npm', 'lodahs', { status: 'exists', createdAt: daysAgo(5), hasRepository: false });
    assert.equal(v.reason, 'young');
    assert.equal(v.score, 70 + 15 + 10);
    assert.deepEqual(v.weak, ['no_repository']);
  });

  test('deprecated with a notice naming another package alerts, naming it', () => {
    const v = verdict('pypi', 'sklearn', { ...OLD, deprecatedFor: 'scikit-learn' });
    assert.equal(v.reason, 'deprecated_for');
    assert.equal(v.nearName, 'scikit-learn');
    assert.equal(v.blocking, false);
  });

  test('a popular package’s own deprecation is not a slopsquat reason', () => {
    const popular = popularList('npm').names[0]!;
    assert.equal(verdict('npm', popular, { ...OLD, deprecatedFor: 'something-else' }).reason, null);
  });

  test('weak signals raise the score and never give a reason alone', () => {
    const v = verdict('crates', 'tiny-crate', {
      status: 'exists',
      createdAt: daysAgo(900),
      hasRepository: false,
      downloads: 3,
    });
    assert.equal(v.reason, null);
    assert.equal(v.blocking, false);
    assert.deepEqual(v.weak, ['no_repository', 'few_downloads']);
    assert.equal(v.score, 20);
    assert.deepEqual(verdict('crates', 'serde', { ...OLD, downloads: 5_000_000 }).weak, []);
  });

  test('no date known: nothing is young, nothing is established', () => {
    assert.equal(verdict('go', 'github.com/acme/tool', { status: 'exists' }).reason, null);
    assert.equal(verdict('npm', 'lodahs', { status: 'exists', hasRepository: true }).reason, 'near_popular');
  });
});

describe('near a popular name', () => {
  test('one edit from a popular package it is not: an alert naming that package', () => {
    const v = verdict('npm', 'lodahs', { status: 'exists', createdAt: daysAgo(90), hasRepository: true });
    assert.equal(v.reason, 'near_popular');
    assert.equal(v.nearName, 'lodash');
    assert.equal(v.blocking, false);
    assert.equal(v.score, 40);
    assert.equal(
      verdict('pypi', 'reqeusts', { status: 'exists', createdAt: daysAgo(200), hasRepository: false })
        .nearName,
      'requests',
    );
  });

  test('an established package (a year old, with a repository) is not flagged on spelling alone', () => {
    // preact is one insertion from react, and its own package.
    assert.equal(nearPopular('npm', 'preact'), 'react');
    assert.equal(
      verdict('npm', 'preact', {
        status: 'exists',
        createdAt: '2015-09-11T00:00:00.000Z',
        hasRepository: true,
      }).reason,
      null,
    );
    // The same spelling, new or without a repository, is flagged.
    assert.equal(
      verdict('npm', 'preact', { status: 'exists', createdAt: daysAgo(100), hasRepository: true }).reason,
      'near_popular',
    );
    assert.equal(
      verdict('npm', 'preact', { status: 'exists', createdAt: daysAgo(3_000), hasRepository: false }).reason,
      'near_popular',
    );
  });

  test('a popular name is never near another (react-dom, react; urllib3, …)', () => {
    for (const ecosystem of ['npm', 'pypi'] as const)
      for (const name of popularList(ecosystem).names)
        assert.equal(nearPopular(ecosystem, name), undefined, `${ecosystem} ${name}`);
  });

  test('names of three characters or fewer are not compared by edit distance (vue, vuex; ms, qs)', () => {
    assert.equal(nearPopular('npm', 'mz'), undefined);
    assert.equal(nearPopular('npm', 'vue'), undefined);
    assert.equal(nearPopular('npm', 'qs2'), undefined);
  });

  test('separators read alike, and an unscoped spelling of a scoped name is near it', () => {
    assert.equal(nearPopular('npm', 'lodash_merge'), 'lodash.merge');
    assert.equal(nearPopular('npm', 'Lodash'), 'lodash');
    assert.equal(nearPopular('npm', 'types-node'), '@types/node');
    assert.equal(nearPopular('npm', '@type/node'), '@types/node');
    assert.equal(nearPopular('npm', '@babel/cores'), '@babel/core');
    assert.equal(nearPopular('pypi', 'python-dateutils'), 'python-dateutil');
  });

  test('names far from every popular one, and other ecosystems, are not near', () => {
    assert.equal(nearPopular('npm', 'react-native-secure-vault'), undefined);
    assert.equal(nearPopular('crates', 'serdee'), undefined);
    assert.equal(verdict('rubygems', 'raills', OLD).reason, null);
  });

  test('one edit: insertion, deletion, substitution, or two neighbours swapped', () => {
    assert.ok(oneEditApart('lodash', 'lodahs'));
    assert.ok(oneEditApart('lodash', 'lodas'));
    assert.ok(oneEditApart('lodash', 'lodashh'));
    assert.ok(oneEditApart('lodash', 'lodesh'));
    assert.ok(!oneEditApart('lodash', 'lodash'));
    assert.ok(!oneEditApart('lodash', 'ldoahs'));
    assert.ok(!oneEditApart('lodash', 'lodash-es'));
  });
});

test('the default young window is 30 days', () => {
  assert.equal(DEFAULT_JUDGE_SETTINGS.young_days, 30);
});
