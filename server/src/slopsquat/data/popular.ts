// The popular packages of the ecosystems that have a ranking to take them from (README.md beside this
// file says where each list comes from and what its dates are): the near-popular rule compares names
// against them (judge.ts), and the false-positive audit installs each of them (the tests).
import fs from 'node:fs';
import type { Ecosystem } from '../slopsquat-contract.ts';

export interface PopularList {
  ecosystem: Ecosystem;
  /** Where the names and their order come from. */
  source: string;
  /** Every name was published on or before this day (ISO): the day the ranking listed it. */
  listedBy: string;
  /** First publication (ISO 8601) as read from the registry, for the names it was read for. */
  firstPublished: Record<string, string>;
  /** Most popular first. */
  names: string[];
}

const FILES: Partial<Record<Ecosystem, string>> = { npm: 'popular-npm.json', pypi: 'popular-pypi.json' };
const loaded = new Map<Ecosystem, PopularList>();

/** The ecosystem's popular list; an ecosystem without one has none (an empty list). */
export function popularList(ecosystem: Ecosystem): PopularList {
  let list = loaded.get(ecosystem);
  if (list === undefined) {
    const file = FILES[ecosystem];
    list = file
      ? (JSON.parse(fs.readFileSync(new URL(file, import.meta.url), 'utf8')) as PopularList)
      : { ecosystem, source: 'none', listedBy: '', firstPublished: {}, names: [] };
    loaded.set(ecosystem, list);
  }
  return list;
}

/** A popular name's first publication: the registry's date when it was read, else the listing day. */
export function firstPublishedBy(list: PopularList, name: string): string {
  return list.firstPublished[name] ?? `${list.listedBy}T00:00:00.000Z`;
}
