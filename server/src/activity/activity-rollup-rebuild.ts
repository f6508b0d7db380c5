// The summary's rollups (activity_hourly, activity_busiest) computed afresh from the activity rows in
// SQL: once by migration 0014 over the activity stored before the writer kept them, and by the scale
// bench after a bulk load that bypassed the writer. The token counts are read from the record, which
// holds them for rows of every age (the columns copying them came with 0014).
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../store/database.ts';

const HOUR = 3_600_000;
const DAY = 86_400_000;

/** Adds every activity row to the rollups, which are expected empty. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- also run by migration 0014, on history's types
export async function rebuildActivityRollups(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const tokens = (field: string) =>
    dialect === 'postgres'
      ? sql.raw(`COALESCE(((record::jsonb)->>'${field}')::bigint, 0)`)
      : sql.raw(`COALESCE(CAST(json_extract(record, '$.${field}') AS INTEGER), 0)`);
  await sql`
    INSERT INTO activity_hourly (hour, outcome, requests, tokens_in, tokens_out)
    SELECT (time / ${sql.lit(HOUR)}) * ${sql.lit(HOUR)}, outcome, COUNT(*), SUM(${tokens('input_tokens')}),
           SUM(${tokens('output_tokens')})
    FROM activity GROUP BY (time / ${sql.lit(HOUR)}) * ${sql.lit(HOUR)}, outcome`.execute(db);
  for (const span of [HOUR, DAY])
    for (const [dim, column] of [
      ['actor', 'actor_id'],
      ['tool', 'tool'],
      ['model', 'model'],
      ['provider', 'provider'],
    ] as const)
      await sql`
        INSERT INTO activity_busiest (span, start, dim, key, requests, blocked)
        SELECT ${sql.lit(span)}, (time / ${sql.lit(span)}) * ${sql.lit(span)}, ${sql.lit(dim)}, ${sql.ref(column)},
               COUNT(*), SUM(CASE WHEN outcome = 'blocked' THEN 1 ELSE 0 END)
        FROM activity WHERE ${sql.ref(column)} IS NOT NULL
        GROUP BY (time / ${sql.lit(span)}) * ${sql.lit(span)}, ${sql.ref(column)}`.execute(db);
}
