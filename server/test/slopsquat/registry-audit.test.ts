// The false-positive audit: every popular npm package and PyPI project of the fixture
// (src/slopsquat/data), looked up through the real lookup against the fake registries serving them
// with their first-publication dates, judges to no reason at all: no block, no alert. Whatever the
// near-popular rule makes of popular names one edit apart (react-dom and react, urllib3 and urllib).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startFakeRegistries, type FakeRegistries } from '../helpers/fake-registries.ts';
import { firstPublishedBy, popularList } from '../../src/slopsquat/data/popular.ts';
import { DEFAULT_JUDGE_SETTINGS, judge } from '../../src/slopsquat/judge.ts';
import { createPackageLookup, type RegistryLookup } from '../../src/slopsquat/registry/lookup.ts';

let fakes: FakeRegistries;
let lookup: RegistryLookup;

before(async () => {
  fakes = await startFakeRegistries();
  lookup = createPackageLookup({ registries: fakes.urls, deadlineMs: 30_000 });
});
after(async () => {
  await lookup.close();
  await fakes.close();
});

for (const ecosystem of ['npm', 'pypi'] as const) {
  const list = popularList(ecosystem);
  test(`${ecosystem}: the ${list.names.length} most-downloaded names raise nothing`, async () => {
    assert.equal(list.names.length, ecosystem === 'npm' ? 1_500 : 500);
    const now = Date.now();
    const flagged: string[] = [];
    // In batches, as a busy Gateway would ask (the lookup keeps each registry to its concurrency).
    for (let i = 0; i < list.names.length; i += 100) {
      await Promise.all(
        list.names.slice(i, i + 100).map(async (name) => {
          const facts = await lookup.lookup(ecosystem, name);
          const verdict = judge(
            { ecosystem, name, source: 'tool_call', start: 0, end: name.length },
            facts,
            DEFAULT_JUDGE_SETTINGS,
            now,
          );
          if (
            facts.status !== 'exists' ||
            facts.createdAt !== new Date(firstPublishedBy(list, name)).toISOString()
          )
            flagged.push(`${name}: read as ${JSON.stringify(facts)}`);
          else if (verdict.reason !== null || verdict.blocking) flagged.push(`${name}: ${verdict.reason}`);
        }),
      );
    }
    assert.deepEqual(flagged.slice(0, 20), [], `${flagged.length} of ${list.names.length} flagged`);
  });
}
