// What the backup and restore commands share: their arguments (their own beside the settings that
// npm start takes, such as --data-dir), the printed summary, and one way out with an exit code:
// 0 done, 1 refused or failed (nothing written), 2 a usage or settings mistake.
import { ConfigError } from '../../config-source.ts';
import { BackupError, COUNTED, type StoreReport } from './sqlite-inspect.ts';
import type { SecretsReport } from './sqlite-inspect.ts';

export class UsageError extends Error {}

export interface Args {
  positionals: string[];
  own: Record<string, string | true>;
  /** Everything else: npm start's settings flags, for loadConfig. */
  settings: string[];
}

/** Splits argv into the command's own options and the settings flags (each of which takes a value). */
export function splitArgs(argv: string[], booleans: string[], strings: string[]): Args {
  const out: Args = { positionals: [], own: {}, settings: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      out.positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--')) {
      out.positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    const inline = eq < 0 ? undefined : arg.slice(eq + 1);
    if (booleans.includes(name)) {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value`);
      out.own[name] = true;
    } else if (strings.includes(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined || value === '') throw new UsageError(`--${name} needs a value`);
      out.own[name] = value;
    } else {
      out.settings.push(arg);
      if (inline === undefined && i + 1 < argv.length) out.settings.push(argv[++i]!);
    }
  }
  return out;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let v = n / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${v.toFixed(1)} ${units[u]}`;
}

export function levelOf(report: StoreReport): string {
  return `migration level ${report.migrations.at(-1) ?? 'none'} (${report.migrations.length} migrations)`;
}

export function countsLine(report: StoreReport): string {
  return COUNTED.filter(([table]) => table in report.counts)
    .map(([table, words]) => `${report.counts[table]!.toLocaleString('en')} ${words}`)
    .join(', ');
}

export function secretsLine(s: SecretsReport): string {
  if (s.providerKeys + s.mcpServers === 0) return 'the key matches (no sealed secrets stored yet)';
  return `the key opens every sealed secret (${s.providerKeys} provider keys, ${s.mcpServers} MCP servers' credentials)`;
}

/** Runs a command's body; prints a refusal as one line naming the command, never a stack trace. */
export async function runCommand(name: string, body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (err) {
    const usage = err instanceof ConfigError || err instanceof UsageError;
    const known = usage || err instanceof BackupError;
    process.stderr.write(`gatehouse ${name}: ${known ? (err as Error).message : String(err)}\n`);
    process.exitCode = usage ? 2 : 1;
  }
}
