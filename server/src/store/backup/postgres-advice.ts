// The backup and restore commands copy the embedded store only. On PostgreSQL the database's own tools
// are the right ones (consistent, parallel, known to every DBA); the commands say which to run instead.
import path from 'node:path';
import type { Config } from '../../config.ts';
import { KEY_FILE } from '../../crypto/master-key.ts';

/** The database URL as a shell word that holds no password: the variable when it is set, else masked. */
function urlWord(config: Config, env: NodeJS.ProcessEnv): string {
  if (env.GATEHOUSE_DATABASE_URL) return '"$GATEHOUSE_DATABASE_URL"';
  const url = new URL(config.databaseUrl!);
  if (url.password) url.password = 'PASSWORD';
  return `'${url.toString()}'`;
}

/** The schema named by the URL's `options=-c search_path=…`, when it names one. */
function schemaOf(config: Config): string | undefined {
  const options = new URL(config.databaseUrl!).searchParams.get('options') ?? '';
  return /search_path=([A-Za-z_][A-Za-z0-9_]*)/.exec(options)?.[1];
}

function keyWhere(config: Config): string {
  return config.masterKey ? 'GATEHOUSE_MASTER_KEY' : path.join(config.dataDir, KEY_FILE);
}

export function pgBackupAdvice(config: Config, env: NodeJS.ProcessEnv, file: string): string {
  const schema = schemaOf(config);
  return [
    'the store is PostgreSQL (GATEHOUSE_DATABASE_URL); this command copies the embedded SQLite store only.',
    "Back it up with PostgreSQL's own tool, while Gatehouse runs:",
    '',
    `  pg_dump --format=custom${schema ? ` --schema=${schema}` : ''} --file=${file} ${urlWord(config, env)}`,
    '',
    `and keep the master key (${keyWhere(config)}) with it, as safely: without it the provider keys and`,
    'MCP server credentials in the dump cannot be decrypted. docs/operations.md, "Backup and restore".',
  ].join('\n');
}

export function pgRestoreAdvice(config: Config, env: NodeJS.ProcessEnv, file: string): string {
  return [
    'the store is PostgreSQL (GATEHOUSE_DATABASE_URL); this command restores the embedded SQLite store only.',
    "Restore a pg_dump into a new, empty database with PostgreSQL's own tool:",
    '',
    `  pg_restore --no-owner --exit-on-error --dbname=${urlWord(config, env)} ${file}`,
    '',
    `then start Gatehouse on it with the master key the dump was made with (${keyWhere(config)}).`,
    'docs/operations.md, "Backup and restore".',
  ].join('\n');
}
