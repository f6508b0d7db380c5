// Risk findings: the Gateway reports every detector hit here (observe), on its hot path. Hits are
// gathered in memory by fingerprint (count, last sighting) and written by the batching writer as one
// upsert per distinct finding, so a secret an agent resends on every turn costs one row and a counter,
// and the request never waits on the database. The requests that showed each finding are gathered with
// it and written in the same transaction (finding-requests.ts). A policy change that lowers enforcement raises its
// finding in its own transaction (raiseInTransaction). Resolving one is an admin's act, audited.
import { createHmac } from 'node:crypto';
import type { Selectable, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Store } from '../store/database.ts';
import type { Database, RiskFindingsTable } from '../store/schema.ts';
import type { LogPage } from '../store/event-log.ts';
import { createBatchWriter, type WriterStats } from '../store/batch-writer.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { changeEvent, type RequestOrigin } from '../audit/audit-types.ts';
import { ApiError } from '../errors.ts';
import { newId } from '../crypto/tokens.ts';
import {
  findFindingRow,
  findingView,
  markResolved,
  queryFindings,
  upsertFindings,
  type FindingQuery,
  type FindingRow,
} from './risk-store.ts';
import { GatheredRequests, latestRequestIds, writeFindingRequests } from './finding-requests.ts';
import {
  KIND_OF_DETECTOR,
  type DetectionEvidence,
  type RiskActor,
  type RiskFinding,
  type RiskObservation,
  type RiskRaise,
  type RiskReport,
  type SlopsquatEvidence,
} from './risk-types.ts';

export interface RiskService {
  /**
   * Counts a detector hit towards its finding. Never waits on the database and never throws: a failure
   * is logged. Written within `FLUSH_MS` (and at graceful stop).
   */
  observe(hit: RiskObservation): void;
  /** Tells `observer` of each hit observed (metrics): synchronous, and its fault is logged, never thrown. */
  watch(observer: (hit: RiskObservation) => void): () => void;
  /** Counts a finding about a thing (an MCP tool) as observe counts a hit: never waits, never throws. */
  report(report: RiskReport): void;
  /** Raises (or counts again) a finding in the caller's transaction; returns its id. */
  raiseInTransaction(trx: Transaction<Database>, raise: RiskRaise): Promise<string>;
  /** A page of findings as served, in order of first sighting. */
  list(q: FindingQuery): Promise<LogPage>;
  get(id: string): Promise<RiskFinding>;
  /** Marks an open finding resolved (conflict when it is not open), audited. */
  resolve(id: string, note: string | null, origin: RequestOrigin): Promise<RiskFinding>;
  /**
   * Resolves, in the caller's transaction, the open finding that `report` raised about this subject
   * under this rule, if there is one, audited like `resolve`: what an admin's action (an MCP tool
   * approved or blocked) settles. Call `drain` first, so that a sighting still gathering is written.
   */
  resolveReportInTransaction(
    trx: Transaction<Database>,
    rule: string,
    subject: string,
    note: string,
    origin: RequestOrigin,
  ): Promise<string | null>;
  /** Writes every pending sighting: graceful stop calls it, and tests. */
  drain(): Promise<void>;
  /** Distinct findings waiting to be written. */
  readonly pending: number;
  /** Its writer's backlog, for the metrics. */
  readonly writer: WriterStats;
  /** Sightings not counted because the backlog was full (the database unreachable for long). */
  readonly dropped: number;
}

/** How long sightings gather before they are written: repeats within it cost nothing more. */
const FLUSH_MS = 250;
/** Distinct findings held while the database cannot be written. */
const MAX_PENDING = 50_000;

const trunc = (s: string | null, n: number) => (s !== null && s.length > n ? s.slice(0, n) : s);

/**
 * The two keyed hashes of a finding. `key` is derived from the master key for this purpose only, so a
 * hash cannot be checked against a guessed value without the key.
 */
export function createFingerprints(key: Buffer) {
  return {
    /** What makes repeats one finding: the rule, who, and the value. */
    finding(rule: string, actor: RiskActor, subject: string): string {
      return createHmac('sha256', key)
        .update(`finding\0${rule}\0${actor.type}:${actor.id}\0`)
        .update(subject)
        .digest('base64url');
    },
    /** A finding about a thing, whoever saw it: the rule and the subject. */
    subject(rule: string, subject: string): string {
      return createHmac('sha256', key).update(`subject\0${rule}\0`).update(subject).digest('base64url');
    },
    /** The value's own, for the evidence: the same value has the same one, whoever sent it. */
    value(value: string): string {
      return createHmac('sha256', key).update('value\0').update(value).digest('hex').slice(0, 16);
    },
  };
}

export function createRiskService(deps: {
  store: Store;
  audit: AuditLog;
  /** The master key's derivation for `risk-fingerprint`. */
  fingerprintKey: Buffer;
  log: Logger;
}): RiskService {
  const { store, audit, log } = deps;
  const fingerprints = createFingerprints(deps.fingerprintKey);
  // Each finding's sightings since its last write began, by fingerprint: a row that a sighting adds to
  // until the writer takes it, and never changes after.
  const gathering = new Map<string, FindingRow>();
  // Each gathering's requests, beside it (a row is written as it is, so they cannot be in it).
  const requestsOf = new WeakMap<FindingRow, GatheredRequests>();
  let dropped = 0;
  const watchers = new Set<(hit: RiskObservation) => void>();

  const writer = createBatchWriter<FindingRow>({
    name: 'risk findings',
    log,
    maxDelayMs: FLUSH_MS,
    maxPending: MAX_PENDING,
    write(batch) {
      // From here on these are being written: new sightings gather afresh (synchronously, before the
      // first await, so none is lost between the two). A retried batch may meet a newer gathering of
      // the same finding in one batch; they are added together, one upsert per finding.
      const merged = new Map<string, FindingRow>();
      const requests = new Map<string, GatheredRequests>();
      for (const row of batch) {
        if (gathering.get(row.fingerprint) === row) gathering.delete(row.fingerprint);
        const seen = merged.get(row.fingerprint);
        merged.set(
          row.fingerprint,
          !seen
            ? row
            : {
                ...(row.last_seen >= seen.last_seen ? row : seen),
                first_seen: Math.min(seen.first_seen, row.first_seen),
                last_seen: Math.max(seen.last_seen, row.last_seen),
                count: seen.count + row.count,
              },
        );
        const its = requestsOf.get(row);
        if (!its) continue;
        const gathered = requests.get(row.fingerprint);
        if (gathered) gathered.merge(its);
        else requests.set(row.fingerprint, its);
      }
      const rows = [...merged.values()];
      return store.db
        .transaction()
        .execute(async (trx) => {
          const ids = await upsertFindings(trx, store.dialect, rows);
          for (let i = 0; i < rows.length; i++) {
            const gathered = requests.get(rows[i]!.fingerprint);
            if (gathered) await writeFindingRequests(trx, ids[i]!, gathered);
          }
        })
        .then(() => undefined);
    },
  });

  type Sighting = Pick<FindingRow, 'severity' | 'actor_name' | 'provider' | 'model' | 'tool' | 'evidence'>;

  /** Notes the request that showed a gathering's finding, when there was one. */
  function noteRequest(row: FindingRow, requestId: string | null | undefined, time: number): void {
    if (!requestId) return;
    let gathered = requestsOf.get(row);
    if (!gathered) requestsOf.set(row, (gathered = new GatheredRequests()));
    gathered.add(trunc(requestId, 64)!, time);
  }

  /** Adds a sighting to its finding's gathering, or starts one (`fresh`) unless the backlog is full. */
  function accumulate(
    fingerprint: string,
    time: number,
    sighting: Sighting,
    requestId: string | null | undefined,
    fresh: () => FindingRow,
  ): void {
    const r = gathering.get(fingerprint);
    if (r) {
      r.count++;
      if (time >= r.last_seen) Object.assign(r, sighting, { last_seen: time });
      else r.first_seen = Math.min(r.first_seen, time);
      noteRequest(r, requestId, time);
      return;
    }
    if (writer.pending >= MAX_PENDING) {
      if (dropped++ % 10_000 === 0) log.error({ dropped }, 'risk findings backlog full; sightings dropped');
      return;
    }
    const row = fresh();
    noteRequest(row, requestId, time);
    gathering.set(fingerprint, row);
    writer.push(row);
  }

  const firstRow = (
    fingerprint: string,
    time: number,
    sighting: Sighting,
    f: Pick<FindingRow, 'kind' | 'rule' | 'detector'>,
    actor: RiskActor,
  ): FindingRow => ({
    id: newId('rf'),
    fingerprint,
    ...f,
    actor_type: actor.type,
    actor_id: trunc(actor.id, 64)!,
    first_seen: time,
    last_seen: time,
    count: 1,
    status: 'open',
    resolved_at: null,
    resolved_by: null,
    resolution_note: null,
    ...sighting,
  });

  function gather(hit: RiskObservation): void {
    const time = hit.time ?? Date.now();
    const fingerprint = fingerprints.finding(hit.rule, hit.actor, hit.value);
    const evidence: DetectionEvidence | SlopsquatEvidence = hit.evidence ?? {
      kind: trunc(hit.label, 100)!,
      fingerprint: fingerprints.value(hit.value),
      where: hit.where,
      location: trunc(hit.location, 300)!,
    };
    const sighting = {
      severity: hit.severity,
      actor_name: trunc(hit.actor.name, 200),
      provider: trunc(hit.provider, 64),
      model: trunc(hit.model, 200),
      tool: trunc(hit.tool, 64),
      evidence: JSON.stringify(evidence),
    };
    accumulate(fingerprint, time, sighting, hit.requestId, () =>
      firstRow(
        fingerprint,
        time,
        sighting,
        {
          kind: KIND_OF_DETECTOR.get(hit.detector) ?? 'custom',
          rule: trunc(hit.rule, 100)!,
          detector: hit.detector,
        },
        hit.actor,
      ),
    );
  }

  function gatherReport(r: RiskReport): void {
    const time = r.time ?? Date.now();
    const fingerprint = fingerprints.subject(r.rule, r.subject);
    const sighting = {
      severity: r.severity,
      actor_name: trunc(r.actor.name, 200),
      provider: null,
      model: null,
      tool: trunc(r.tool ?? null, 64),
      evidence: JSON.stringify(r.evidence),
    };
    accumulate(fingerprint, time, sighting, r.requestId, () =>
      firstRow(
        fingerprint,
        time,
        sighting,
        { kind: r.kind, rule: trunc(r.rule, 100)!, detector: null },
        r.actor,
      ),
    );
  }

  async function get(id: string): Promise<RiskFinding> {
    const row = await findFindingRow(store.db, id);
    if (!row) throw new ApiError('not_found', `No risk finding has the id "${id.slice(0, 64)}".`);
    return findingView(row, (await latestRequestIds(store.db, [row.id])).get(row.id));
  }

  /** Marks an open row resolved and audits it; false when it was no longer open. */
  async function resolveRow(
    trx: Transaction<Database>,
    row: Selectable<RiskFindingsTable>,
    note: string | null,
    origin: RequestOrigin,
  ): Promise<boolean> {
    if (!(await markResolved(trx, row.id, Date.now(), origin.actor, note))) return false;
    await audit.inTransaction(
      trx,
      changeEvent('risk_finding.resolved', { type: 'risk_finding', id: row.id, name: row.rule }, origin, {
        kind: row.kind,
        rule: row.rule,
        severity: row.severity,
        count: row.count,
        note,
      }),
    );
    return true;
  }

  return {
    observe(hit) {
      try {
        for (const watch of watchers) watch(hit);
        gather(hit);
      } catch (err) {
        log.error({ err, rule: hit?.rule }, 'a risk finding could not be counted');
      }
    },
    watch(observer) {
      watchers.add(observer);
      return () => watchers.delete(observer);
    },
    report(report) {
      try {
        gatherReport(report);
      } catch (err) {
        log.error({ err, rule: report?.rule }, 'a risk finding could not be counted');
      }
    },
    async raiseInTransaction(trx, raise) {
      const now = Date.now();
      const [id] = await upsertFindings(trx, store.dialect, [
        {
          id: newId('rf'),
          fingerprint: fingerprints.finding(raise.rule, raise.actor, raise.subject),
          kind: raise.kind,
          severity: raise.severity,
          rule: raise.rule,
          detector: null,
          actor_type: raise.actor.type,
          actor_id: raise.actor.id,
          actor_name: trunc(raise.actor.name, 200),
          provider: null,
          model: null,
          tool: null,
          first_seen: now,
          last_seen: now,
          count: 1,
          status: 'open',
          resolved_at: null,
          resolved_by: null,
          resolution_note: null,
          evidence: JSON.stringify(raise.evidence),
        },
      ]);
      return id!;
    },
    list: (q) => queryFindings(store.db, q),
    get,
    async resolve(id, note, origin) {
      await store.db.transaction().execute(async (trx) => {
        const row = await findFindingRow(trx, id);
        if (!row) throw new ApiError('not_found', `No risk finding has the id "${id.slice(0, 64)}".`);
        const notOpen = () =>
          new ApiError(
            'conflict',
            `Risk finding ${id} is resolved already; it opens again if it is seen again.`,
          );
        if (row.status !== 'open' || !(await resolveRow(trx, row, note, origin))) throw notOpen();
      });
      return get(id);
    },
    async resolveReportInTransaction(trx, rule, subject, note, origin) {
      const row = await trx
        .selectFrom('risk_findings')
        .selectAll()
        .where('fingerprint', '=', fingerprints.subject(rule, subject))
        .where('status', '=', 'open')
        .executeTakeFirst();
      return row && (await resolveRow(trx, row, note, origin)) ? row.id : null;
    },
    drain: () => writer.drain(),
    get pending() {
      return writer.pending;
    },
    get dropped() {
      return dropped;
    },
    writer,
  };
}
