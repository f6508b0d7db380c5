// What registries said, kept for a while: a bounded map in least-recently-used order (a Map iterates
// in insertion order, so a hit is moved to the end and the first entry is the one to drop), each entry
// with its own expiry, since an existing name is worth keeping far longer than a missing one.
import type { RegistryFacts } from '../slopsquat-contract.ts';

interface Entry {
  facts: RegistryFacts;
  expires: number;
}

export class FactsCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxEntries: number) {}

  get(key: string, now: number): RegistryFacts | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    if (entry.expires <= now) return undefined;
    this.entries.set(key, entry);
    return entry.facts;
  }

  set(key: string, facts: RegistryFacts, expires: number): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { facts, expires });
  }

  /** Forgets the entries whose key starts with `prefix` (one ecosystem's, when its registry changes). */
  dropPrefix(prefix: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
