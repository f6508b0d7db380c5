// Runs the migrations: at every start, and from `npm run migrate`. The same migrations serve both
// engines; a migration that must differ asks for the dialect. Kysely's migrator holds a lock, so
// replicas starting together on one PostgreSQL migrate once.
import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Store } from './database.ts';
import * as foundation from './migrations/0001-foundation.ts';
import * as gateway from './migrations/0002-gateway.ts';
import * as policy from './migrations/0003-policy.ts';
import * as people from './migrations/0004-people.ts';
import * as deviceSignIn from './migrations/0005-device-sign-in.ts';
import * as deviceActivity from './migrations/0006-device-activity.ts';
import * as failureLimits from './migrations/0007-failure-limits.ts';
import * as providerKeyOptions from './migrations/0008-provider-key-options.ts';
import * as answerKeys from './migrations/0009-answer-keys.ts';
import * as mcp from './migrations/0010-mcp.ts';
import * as mcpActivity from './migrations/0011-mcp-activity.ts';
import * as mcpLocal from './migrations/0012-mcp-local.ts';
import * as slopsquat from './migrations/0013-slopsquat.ts';
import * as activityRollups from './migrations/0014-activity-rollups.ts';
import * as retention from './migrations/0015-retention.ts';
import * as slopsquatRegistration from './migrations/0016-slopsquat-registration.ts';
import * as siemExport from './migrations/0017-siem-export.ts';
import * as timePartitions from './migrations/0018-time-partitions.ts';
import * as findingRequests from './migrations/0020-finding-requests.ts';
import * as timeSeqIndex from './migrations/0021-time-seq-index.ts';

export const MIGRATIONS = {
  '0001-foundation': foundation,
  '0002-gateway': gateway,
  '0003-policy': policy,
  '0004-people': people,
  '0005-device-sign-in': deviceSignIn,
  '0006-device-activity': deviceActivity,
  '0007-failure-limits': failureLimits,
  '0008-provider-key-options': providerKeyOptions,
  '0009-answer-keys': answerKeys,
  '0010-mcp': mcp,
  '0011-mcp-activity': mcpActivity,
  '0012-mcp-local': mcpLocal,
  '0013-slopsquat': slopsquat,
  '0014-activity-rollups': activityRollups,
  '0015-retention': retention,
  '0016-slopsquat-registration': slopsquatRegistration,
  '0017-siem-export': siemExport,
  '0018-time-partitions': timePartitions,
  '0020-finding-requests': findingRequests,
  '0021-time-seq-index': timeSeqIndex,
};

/** Applies the migrations not yet applied, all of them or (`to`, for a test of one on older data) up to one. */
export async function migrate(store: Store, to?: keyof typeof MIGRATIONS): Promise<string[]> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(MIGRATIONS)) out[name] = { up: (db) => m.up(db, store.dialect) };
      return out;
    },
  };
  // Unless told the schema, Kysely takes a migration table in any schema of the database for its own
  // (another application's, another test run's): name the schema in use.
  const schema =
    store.dialect === 'postgres'
      ? (await sql<{ schema: string | null }>`select current_schema() as schema`.execute(store.db)).rows[0]
          ?.schema
      : null;
  const migrator = new Migrator({
    db: store.db,
    provider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await (to ? migrator.migrateTo(to) : migrator.migrateToLatest());
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
