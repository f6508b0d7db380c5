// Reads the popular npm packages' first publication dates from the npm registry into the fixture
// (server/src/slopsquat/data/popular-npm.json, `firstPublished`), through Gatehouse's own registry
// lookup: the packument's `time.created`. Not a benchmark and not run by any test; run by hand when the
// fixture is renewed, where asking the registry for 1,500 packuments is allowed:
//
//   node --import tsx bench/slopsquat-popular-dates.ts            every name without a date yet
//   node --import tsx bench/slopsquat-popular-dates.ts react vue  these names only
//   SLOPSQUAT_DATES_LIMIT=50 node --import tsx bench/slopsquat-popular-dates.ts   at most 50 names
//
// Two requests at a time, a pause between them: the registry is a shared service. A name whose date
// cannot be read keeps none (the fixture's `listedBy` day stands for it) and is reported.
//
// The dates are only as real as the registry's `time`: ask registry.npmjs.org itself
// (SLOPSQUAT_DATES_REGISTRY names another). A mirror that stamps versions with the day it copied them
// gives those days instead; the npm mirror reachable from this project's build machines does (express
// read there as first published in 2024, not 2010), which is why the fixture holds no dates from it.
import fs from 'node:fs';
import type { PopularList } from '../server/src/slopsquat/data/popular.ts';
import { createPackageLookup } from '../server/src/slopsquat/registry/lookup.ts';
import { DEFAULT_REGISTRIES, withDefaults } from '../server/src/slopsquat/registry/registry-urls.ts';

const FILE = new URL('../server/src/slopsquat/data/popular-npm.json', import.meta.url);
const PAUSE_MS = 250;

const list = JSON.parse(fs.readFileSync(FILE, 'utf8')) as PopularList;
const named = process.argv.slice(2);
const limit = Number(process.env.SLOPSQUAT_DATES_LIMIT ?? Infinity);
const todo = (named.length ? named : list.names.filter((n) => !list.firstPublished[n])).slice(0, limit);
const unknown = named.filter((n) => !list.names.includes(n));
if (unknown.length) {
  process.stderr.write(`not in the fixture: ${unknown.join(', ')}\n`);
  process.exit(2);
}

const registries = withDefaults({ npm: process.env.SLOPSQUAT_DATES_REGISTRY ?? DEFAULT_REGISTRIES.npm });
const lookup = createPackageLookup({
  registries,
  concurrency: 2,
  deadlineMs: 60_000,
  requestTimeoutMs: 60_000,
});
const failed: string[] = [];
for (let i = 0; i < todo.length; i += 2) {
  await Promise.all(
    todo.slice(i, i + 2).map(async (name) => {
      const facts = await lookup.lookup('npm', name);
      if (facts.status === 'exists' && facts.createdAt) list.firstPublished[name] = facts.createdAt;
      else failed.push(`${name} (${facts.status}${facts.failure ? `: ${facts.failure}` : ''})`);
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
}
await lookup.close();

// Keep the names' order for the dates too, so that a renewal's diff reads name by name.
list.firstPublished = Object.fromEntries(
  list.names.filter((n) => list.firstPublished[n]).map((n) => [n, list.firstPublished[n]!]),
);
fs.writeFileSync(FILE, `${JSON.stringify(list, null, 1)}\n`);
process.stdout.write(
  `${todo.length - failed.length} dates read, ${Object.keys(list.firstPublished).length} in the fixture\n`,
);
if (failed.length) process.stdout.write(`no date for: ${failed.join(', ')}\n`);
