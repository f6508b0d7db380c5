// What the Gateway hands the observatory (record(), on its hot path): checked, reduced to what may be
// kept (the UTC day, a keyed hash of developer and name, a known model family), and pushed to the
// batching writer, which adds up repeats and writes one upsert per distinct row. record() never waits
// and never throws: a sighting it cannot read is dropped and counted in the log.
import { createHmac } from 'node:crypto';
import type { Logger } from 'pino';
import type { Store } from '../../store/database.ts';
import { createBatchWriter, type BatchWriter } from '../../store/batch-writer.ts';
import {
  ECOSYSTEMS,
  SLOPSQUAT_REASONS,
  type HallucinationSighting,
  type SlopsquatReason,
} from '../slopsquat-contract.ts';
import { noteRegistered, sightingKey, upsertSightings, type SightingRow } from './observatory-store.ts';

export const DAY_MS = 86_400_000;
/** Longer than any registry allows (npm 214, go module paths a little more): a longer "name" is noise. */
export const MAX_NAME_LENGTH = 300;

/**
 * The model families the observatory names. Anything else (an organisation's own fine-tune, a
 * deployment name) is `other`: a family must never tell whose models these are.
 */
export const MODEL_FAMILIES = [
  'claude',
  'gpt',
  'o-series',
  'gemini',
  'gemma',
  'llama',
  'mistral',
  'codestral',
  'deepseek',
  'qwen',
  'grok',
  'command',
  'phi',
  'kimi',
  'glm',
  'other',
] as const;
const FAMILIES: ReadonlySet<string> = new Set(MODEL_FAMILIES);

export function modelFamilyOf(family: string | null): string {
  if (family === null || family === '') return '';
  const f = family.trim().toLowerCase();
  if (FAMILIES.has(f)) return f;
  return /^o\d/.test(f) ? 'o-series' : 'other';
}

export const dayOf = (t: number) => Math.floor(t / DAY_MS) * DAY_MS;

type Write =
  | { kind: 'sighting'; row: SightingRow }
  | { kind: 'registered'; ecosystem: string; name: string; day: number };

export interface SightingWriter {
  record(sighting: HallucinationSighting): void;
  drain(): Promise<void>;
  readonly pending: number;
}

export function createSightingWriter(deps: {
  store: Store;
  log: Logger;
  /** Keys the developer hashes (derived from the master key for this purpose only). */
  developerKey: Buffer;
  /** After a batch has committed: the snapshot is stale. */
  committed: () => Promise<void>;
}): SightingWriter {
  let refused = 0;
  const writer: BatchWriter<Write> = createBatchWriter<Write>({
    name: 'slopsquat sightings',
    log: deps.log,
    // Hallucinations are rare beside requests; a second of gathering makes repeats (an agent retrying
    // the install) one upsert.
    maxDelayMs: 1000,
    maxPending: 100_000,
    async write(batch) {
      const sightings = new Map<string, SightingRow>();
      const registered = new Map<string, { ecosystem: string; name: string; day: number }>();
      for (const w of batch) {
        if (w.kind === 'registered') {
          const k = `${w.ecosystem}\0${w.name}`;
          const known = registered.get(k);
          if (!known || w.day < known.day) registered.set(k, w);
          continue;
        }
        const k = sightingKey(w.row);
        const known = sightings.get(k);
        if (!known) sightings.set(k, { ...w.row });
        else {
          known.count += w.row.count;
          known.blocked += w.row.blocked;
          known.first_seen = Math.min(known.first_seen, w.row.first_seen);
          known.last_seen = Math.max(known.last_seen, w.row.last_seen);
        }
      }
      const inOrder = <T>(m: Map<string, T>) =>
        [...m.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, v]) => v);
      await deps.store.db.transaction().execute(async (trx) => {
        await upsertSightings(trx, inOrder(sightings));
        for (const r of inOrder(registered)) await noteRegistered(trx, r.ecosystem, r.name, r.day);
      });
      // Written: a failure to tell the snapshot (or other replicas) must not write the batch again.
      await deps
        .committed()
        .catch((err: unknown) =>
          deps.log.error({ err }, 'slopsquat sightings were written but the observatory was not told'),
        );
    },
  });

  function read(s: HallucinationSighting): Write[] | null {
    if (typeof s !== 'object' || s === null) return null;
    const { ecosystem, name, developerKey } = s;
    if (!(ECOSYSTEMS as readonly string[]).includes(ecosystem)) return null;
    if (typeof name !== 'string' || name.length === 0 || name.length > MAX_NAME_LENGTH) return null;
    if (typeof developerKey !== 'string' || developerKey.length === 0) return null;
    const reason: SlopsquatReason = s.reason ?? 'missing';
    if (!(SLOPSQUAT_REASONS as readonly string[]).includes(reason)) return null;
    const at = typeof s.at === 'number' && Number.isFinite(s.at) ? s.at : Date.now();
    const day = dayOf(at);
    const developer = createHmac('sha256', deps.developerKey)
      .update(`${ecosystem}\0${name}\0${developerKey}`)
      .digest('base64url')
      .slice(0, 22);
    const writes: Write[] = [
      {
        kind: 'sighting',
        row: {
          ecosystem,
          name,
          developer,
          model_family: modelFamilyOf(typeof s.modelFamily === 'string' ? s.modelFamily : null),
          reason,
          first_seen: day,
          last_seen: day,
          count: 1,
          blocked: s.blocked === true ? 1 : 0,
        },
      },
    ];
    const published = typeof s.firstPublished === 'string' ? Date.parse(s.firstPublished) : NaN;
    if (reason !== 'missing' && Number.isFinite(published))
      writes.push({ kind: 'registered', ecosystem, name, day: dayOf(published) });
    return writes;
  }

  return {
    record(sighting) {
      try {
        const writes = read(sighting);
        if (!writes) {
          if (refused++ % 1000 === 0)
            deps.log.warn({ refused }, 'the observatory dropped sightings it could not read');
          return;
        }
        for (const w of writes) writer.push(w);
      } catch (err) {
        deps.log.error({ err }, 'the observatory could not record a sighting');
      }
    },
    drain: () => writer.drain(),
    get pending() {
      return writer.pending;
    },
  };
}
