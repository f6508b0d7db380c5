// A case-insensitive "contains" across a few text columns, the same on SQLite and PostgreSQL: the
// suggestions of the console's filters (developers by name or e-mail, devices by name). LIKE's own
// wildcards in what was typed are matched literally, so that "a_b" finds "a_b" and not "axb".
import { sql, type Expression, type SqlBool } from 'kysely';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `lower(column) LIKE %text%` for any of the columns, or the exact id. */
export function containsText(
  columns: readonly string[],
  idColumn: string,
  text: string,
): Expression<SqlBool> {
  const pattern = `%${escapeLike(text.toLowerCase())}%`;
  const likes = columns.map((c) => sql<SqlBool>`lower(${sql.ref(c)}) like ${pattern} escape '\\'`);
  return sql<SqlBool>`(${sql.join([...likes, sql<SqlBool>`${sql.ref(idColumn)} = ${text}`], sql` or `)})`;
}
