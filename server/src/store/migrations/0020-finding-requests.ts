// Findings and requests linked exactly (issues 18 and 19): which Gateway requests raised or repeated
// each risk finding, by the activity's request_id, so that a finding lists its requests and a request
// its findings. Bounded per finding (risk/finding-requests.ts keeps the first and the latest ones);
// requests_count counts them all, kept or not.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe history, not today's types
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('risk_finding_requests')
    .addColumn('finding_id', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('risk_finding_requests_pk', ['finding_id', 'request_id'])
    .execute();
  // A finding's requests, latest first (its page, and the trim to the kept ones).
  await db.schema
    .createIndex('risk_finding_requests_time')
    .on('risk_finding_requests')
    .columns(['finding_id', 'time'])
    .execute();
  // A page of activity's findings (one lookup per page by its requests' ids).
  await db.schema
    .createIndex('risk_finding_requests_request')
    .on('risk_finding_requests')
    .column('request_id')
    .execute();
  await db.schema
    .alterTable('risk_findings')
    .addColumn('requests_count', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
  // Activity filtered by a finding reads its kept requests' records by request id: the index
  // `activity_request` that 0018 made serves it.
}
