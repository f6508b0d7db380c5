// `npm run restore -- <file> [--key <key file>]`: see sqlite-restore.ts. The data directory is
// GATEHOUSE_DATA_DIR (or --data-dir), as for npm start.
import { loadConfig } from '../../config.ts';
import { MIGRATIONS } from '../migrate.ts';
import {
  countsLine,
  formatBytes,
  levelOf,
  runCommand,
  secretsLine,
  splitArgs,
  UsageError,
} from './cli-support.ts';
import { pgRestoreAdvice } from './postgres-advice.ts';
import { BackupError } from './sqlite-inspect.ts';
import { restoreSqliteStore } from './sqlite-restore.ts';

await runCommand('restore', async () => {
  const args = splitArgs(process.argv.slice(2), [], ['key']);
  if (args.positionals.length !== 1)
    throw new UsageError(
      'usage: npm run restore -- <file> [--key <key file>]   (the key defaults to <file>.key)',
    );
  const file = args.positionals[0]!;
  const config = loadConfig(process.env, args.settings);
  if (config.databaseUrl) throw new BackupError(pgRestoreAdvice(config, process.env, file));

  const key = args.own.key;
  const r = restoreSqliteStore({
    backup: file,
    keyFile: typeof key === 'string' ? key : undefined,
    dataDir: config.dataDir,
    configuredKey: config.masterKey,
  });
  const latest = Object.keys(MIGRATIONS).at(-1)!;
  const out = [
    `Restored ${file} into ${config.dataDir}; checked: integrity ok, ${levelOf(r.report)}, ${secretsLine(r.secrets)}.`,
    `  ${r.file}  ${formatBytes(r.bytes)}`,
    r.keyFile
      ? `  ${r.keyFile}  the master key (mode 0600)`
      : '  the key is GATEHOUSE_MASTER_KEY: start Gatehouse with the same value',
    `  holds: ${countsLine(r.report)}`,
    r.report.migrations.at(-1) === latest ? '' : `  this version migrates it to ${latest} when it starts`,
    `Start Gatehouse on it with GATEHOUSE_DATA_DIR=${config.dataDir} (npm start).`,
    '',
  ];
  process.stdout.write(out.filter((l, i) => l !== '' || i === out.length - 1).join('\n'));
});
