// `npm run backup -- <file> [--force]`: see sqlite-backup.ts. Takes npm start's settings (the
// environment, or flags such as --data-dir) to find the store and its key.
import { loadConfig } from '../../config.ts';
import {
  countsLine,
  formatBytes,
  levelOf,
  runCommand,
  secretsLine,
  splitArgs,
  UsageError,
} from './cli-support.ts';
import { pgBackupAdvice } from './postgres-advice.ts';
import { BackupError } from './sqlite-inspect.ts';
import { backupSqliteStore } from './sqlite-backup.ts';

await runCommand('backup', async () => {
  const args = splitArgs(process.argv.slice(2), ['force'], []);
  if (args.positionals.length !== 1)
    throw new UsageError(
      'usage: npm run backup -- <file> [--force]   (the key file is written to <file>.key)',
    );
  const file = args.positionals[0]!;
  const config = loadConfig(process.env, args.settings);
  if (config.databaseUrl) throw new BackupError(pgBackupAdvice(config, process.env, file));

  const r = await backupSqliteStore({
    dataDir: config.dataDir,
    target: file,
    force: args.own.force === true,
    configuredKey: config.masterKey,
  });
  const out = [
    `Backed up ${r.source} (${formatBytes(r.sourceBytes)} with its WAL) as of one moment, while it kept serving;`,
    `  copied in ${(r.copyMs / 1000).toFixed(1)} s, checked in ${(r.checkMs / 1000).toFixed(1)} s.`,
    `  ${r.file}  ${formatBytes(r.bytes)}; checked: integrity ok, ${levelOf(r.report)}, ${secretsLine(r.secrets)}`,
    r.keyFile
      ? `  ${r.keyFile}  the master key (mode 0600)`
      : '  the master key is GATEHOUSE_MASTER_KEY and was not copied: keep it with this backup',
    `  holds: ${countsLine(r.report)}`,
    '',
    'Keep the key as safely as the backup: anyone with both can decrypt the provider keys and MCP server',
    'credentials, and a backup without its key cannot decrypt them (a restore refuses it).',
    '',
  ];
  process.stdout.write(out.join('\n'));
});
