// Writing the rows of answer-keys.ts in a batch writer's transaction. An id is written once: the same
// response named again (by a follow-up's answer, or by another replica) keeps its first row.
import { CompiledQuery } from 'kysely';
import type { LogAppender } from '../store/event-log.ts';
import type { AnswerKeysTable } from '../store/schema.ts';

export type AnswerKeyRow = AnswerKeysTable;

const COLUMNS = ['answer_id', 'family', 'provider_key_id', 'actor_id', 'model', 'created_at'] as const;
// ON CONFLICT … DO NOTHING is the same in SQLite (3.24 on) and PostgreSQL.
const insertOne = `INSERT INTO answer_keys (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')}) ON CONFLICT (answer_id) DO NOTHING`;
const values = (row: AnswerKeyRow) => COLUMNS.map((c) => row[c]);

export const answerKeyRows: LogAppender<AnswerKeyRow> = Object.assign(
  async (
    trx: Parameters<LogAppender<AnswerKeyRow>>[0],
    dialect: Parameters<LogAppender<AnswerKeyRow>>[1],
    rows: AnswerKeyRow[],
  ) => {
    if (dialect === 'sqlite') {
      for (const row of rows) await trx.executeQuery(CompiledQuery.raw(insertOne, values(row)));
      return;
    }
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto('answer_keys')
        .values(rows.slice(i, i + 500))
        .onConflict((oc) => oc.column('answer_id').doNothing())
        .execute();
  },
  { insertOne, values },
);
