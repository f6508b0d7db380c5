// The policy document: the version in force held in memory for the Gateway (current() is synchronous,
// never a database read), kept true on every replica by the `policy` change notification; replaced
// whole by replace(), which is an optimistic write: the caller names the version it changed (If-Match),
// and the next version number is inserted under a primary key, so of two writers that read the same
// version exactly one wins, on either engine. Each change is an audit event in the same transaction;
// lowering enforcement is audited as such and raises a risk finding, in that transaction too.
import type { Logger } from 'pino';
import type { Store } from '../store/database.ts';
import type { ChangeBus } from '../store/change-bus.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import {
  changeEvent,
  type AuditEventInput,
  type AuditParty,
  type RequestOrigin,
} from '../audit/audit-types.ts';
import { ApiError } from '../errors.ts';
import type { RiskService } from '../risk/risk-service.ts';
import type { RiskActor } from '../risk/risk-types.ts';
import { ENFORCEMENT_RANK, type PolicyDocument } from './policy-types.ts';
import { DEFAULT_POLICY } from './policy-defaults.ts';
import { validatePolicy } from './policy-validation.ts';
import type { PolicyInput } from './policy-schema.ts';
import { diffPolicy } from '../../../shared/policy-diff.ts';
import { auditedChanges, summarise } from './policy-diff.ts';
import type { ActivePolicy, PolicyVersion } from './policy-version-types.ts';
import {
  findVersionRow,
  fromRow,
  insertFirstVersion,
  insertVersion,
  latestVersionRow,
  listVersionRows,
} from './policy-store.ts';

export interface PolicyService {
  /** Reads the current version (writing version 1, the default policy, on a fresh store). */
  load(): Promise<void>;
  /** The policy in force: from memory, for the Gateway's every request. */
  current(): ActivePolicy;
  /**
   * Replaces the document. `ifMatch` is the request's If-Match: the ETag of the version the change was
   * made to (or `*`); missing → precondition_required, another version's → precondition_failed.
   * Returns the version now in force (the same one when the document is unchanged).
   */
  replace(
    document: PolicyInput | PolicyDocument,
    ifMatch: string | undefined,
    origin: RequestOrigin,
  ): Promise<ActivePolicy>;
  /** Newest first, older than `before` when given. */
  versions(before: number | undefined, limit: number): Promise<PolicyVersion[]>;
  version(n: number): Promise<PolicyVersion>;
}

const SYSTEM: AuditParty = { type: 'system', id: null, name: 'Gatehouse' };
const TARGET: AuditParty = { type: 'policy', id: 'policy', name: 'Policy' };
/** Attempts of a write with `If-Match: *`, which retries when another writer got in first. */
const ANY_VERSION_ATTEMPTS = 3;

/** The entity tags of an If-Match header (RFC 9110 §13.1.1), or `*`. Weak tags never match. */
function parseIfMatch(header: string): '*' | string[] {
  const value = header.trim();
  if (value === '*') return '*';
  // Quotes are what the standard asks for; a tag pasted without them is taken as meant.
  return value
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .map((t) => (t.startsWith('"') || t.startsWith('W/') ? t : `"${t}"`));
}

const isUniqueViolation = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

const riskActor = (actor: AuditParty): RiskActor => ({
  type: actor.type === 'credential' ? 'credential' : 'admin',
  id: actor.id ?? 'unknown',
  name: actor.name,
});

export function createPolicyService(deps: {
  store: Store;
  changes: ChangeBus;
  audit: AuditLog;
  risk: RiskService;
  log: Logger;
}): PolicyService {
  const { store, changes, audit, risk } = deps;
  let active: ActivePolicy | undefined;

  /** Moves forward only: a notification that arrives after a newer one changes nothing. */
  function adopt(v: ActivePolicy) {
    if (!active || v.version > active.version) active = v;
  }

  async function reload() {
    const row = await latestVersionRow(store.db);
    if (row) adopt(fromRow(row));
  }

  async function load() {
    if (!(await latestVersionRow(store.db))) {
      const document = JSON.stringify(validatePolicy(DEFAULT_POLICY));
      await insertFirstVersion(store.db, {
        version: 1,
        document,
        created_at: Date.now(),
        created_by: JSON.stringify(SYSTEM),
        summary: 'The default policy of a new installation',
        changes: '[]',
      });
    }
    // A restore to an older backup moves the version back: load() believes the store.
    active = undefined;
    await reload();
  }

  changes.subscribe('policy', () => reload());
  changes.onResync(() => reload());

  function stale(now: ActivePolicy) {
    return new ApiError(
      'precondition_failed',
      `The policy has changed since you read it: version ${now.version} is in force now. ` +
        'GET /api/v1/policy again, make your change to that document and send its ETag in If-Match.',
      { etag: now.etag },
    );
  }

  /** One attempt: compare the version read in the transaction, then insert the next one. */
  async function write(
    doc: PolicyDocument,
    json: string,
    tags: '*' | string[],
    origin: RequestOrigin,
  ): Promise<{ policy: ActivePolicy; written: boolean }> {
    return store.db.transaction().execute(async (trx) => {
      const row = await latestVersionRow(trx);
      if (!row) throw new Error('the policy has no version; the store was not loaded');
      const previous = fromRow(row);
      if (tags !== '*' && !tags.includes(previous.etag)) throw stale(previous);
      // The same document again (an infrastructure-as-code run with nothing to do) is no new version;
      // compared as read back, so that a detector's default filled in on reading is no change either.
      if (JSON.stringify(previous.document) === json) return { policy: previous, written: false };

      const changes = diffPolicy(previous.document, doc);
      const version = previous.version + 1;
      const summary = summarise(changes).slice(0, 500);
      const next = {
        version,
        document: json,
        created_at: Date.now(),
        created_by: JSON.stringify({ type: origin.actor.type, id: origin.actor.id, name: origin.actor.name }),
        summary,
        changes: JSON.stringify(changes),
      };
      await insertVersion(trx, next);

      const events: AuditEventInput[] = [
        changeEvent('policy.changed', TARGET, origin, {
          version,
          previous_version: previous.version,
          summary,
          changes: auditedChanges(changes),
        }),
      ];
      const from = previous.document.enforcement;
      const to = doc.enforcement;
      if (ENFORCEMENT_RANK[to] < ENFORCEMENT_RANK[from]) {
        const findingId = await risk.raiseInTransaction(trx, {
          kind: 'policy_change',
          rule: 'enforcement-lowered',
          severity: 'high',
          actor: riskActor(origin.actor),
          subject: `${from}>${to}`,
          evidence: { kind: 'enforcement', from, to, version },
        });
        events.push(
          changeEvent('policy.enforcement_lowered', TARGET, origin, {
            version,
            from,
            to,
            risk_finding_id: findingId,
          }),
        );
      }
      await audit.inTransaction(trx, ...events);
      return { policy: fromRow(next), written: true };
    });
  }

  function mustBeLoaded(): ActivePolicy {
    if (!active) throw new Error('the policy service was used before load()');
    return active;
  }

  return {
    load,
    current: mustBeLoaded,
    async replace(document, ifMatch, origin) {
      if (ifMatch === undefined || ifMatch.trim() === '')
        throw new ApiError(
          'precondition_required',
          'Send If-Match with the ETag from GET /api/v1/policy, so that a change made meanwhile is not ' +
            'overwritten (or If-Match: * to replace whatever version is in force).',
        );
      const tags = parseIfMatch(ifMatch);
      const doc = validatePolicy(document);
      const json = JSON.stringify(doc);
      for (let attempt = 1; ; attempt++) {
        try {
          const { policy, written } = await write(doc, json, tags, origin);
          if (written) {
            adopt(policy);
            await changes.publish('policy', String(policy.version));
          }
          return policy;
        } catch (err) {
          if (!isUniqueViolation(err)) throw err;
          // Another writer inserted this version number first.
          if (tags === '*' && attempt < ANY_VERSION_ATTEMPTS) continue;
          await reload();
          throw stale(mustBeLoaded());
        }
      }
    },
    async versions(before, limit) {
      return (await listVersionRows(store.db, before, limit)).map(fromRow);
    },
    async version(n) {
      const row = await findVersionRow(store.db, n);
      if (!row) throw new ApiError('not_found', `The policy has no version ${n}.`);
      return fromRow(row);
    },
  };
}
