// Database access for the policy's versions: rows in, PolicyVersion records out.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, PolicyVersionsTable } from '../store/schema.ts';
import type { AuditParty } from '../audit/audit-types.ts';
import type { PolicyChange } from '../../../shared/policy-diff.ts';
import { makePolicyVersion, type PolicyVersion } from './policy-version-types.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function fromRow(r: Selectable<PolicyVersionsTable>): PolicyVersion {
  return makePolicyVersion({
    version: r.version,
    documentJson: r.document,
    createdAt: r.created_at,
    createdBy: JSON.parse(r.created_by) as AuditParty,
    summary: r.summary,
    changes: JSON.parse(r.changes) as PolicyChange[],
  });
}

export async function latestVersionRow(db: Db) {
  return db.selectFrom('policy_versions').selectAll().orderBy('version', 'desc').limit(1).executeTakeFirst();
}

export async function findVersionRow(db: Db, version: number) {
  return db.selectFrom('policy_versions').selectAll().where('version', '=', version).executeTakeFirst();
}

/** Newest first, older than `before` when given. */
export async function listVersionRows(db: Db, before: number | undefined, limit: number) {
  let q = db.selectFrom('policy_versions').selectAll();
  if (before !== undefined) q = q.where('version', '<', before);
  return q.orderBy('version', 'desc').limit(limit).execute();
}

/** Fails on the primary key when the version exists: that is how one of two racing writers loses. */
export async function insertVersion(db: Db, row: PolicyVersionsTable) {
  await db.insertInto('policy_versions').values(row).execute();
}

/** Writes version 1 unless some version exists (or another replica writes it at the same moment). */
export async function insertFirstVersion(db: Db, row: PolicyVersionsTable) {
  await db
    .insertInto('policy_versions')
    .values(row)
    .onConflict((oc) => oc.column('version').doNothing())
    .execute();
}
