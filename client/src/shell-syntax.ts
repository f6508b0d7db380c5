// Environment assignments in the syntax of the shell that will evaluate them. Values are single-quoted,
// so nothing in them is expanded.
import path from 'node:path';
import { CliError, EXIT } from './errors.ts';
import type { EnvVar } from './tools.ts';

export const SHELLS = ['sh', 'bash', 'zsh', 'fish', 'powershell'] as const;
export type Shell = (typeof SHELLS)[number];

/** The shell named by --shell, or the one this process runs under. */
export function pickShell(flag: string | undefined, env = process.env, platform = process.platform): Shell {
  if (flag !== undefined) {
    const name = flag === 'pwsh' ? 'powershell' : flag;
    if (!(SHELLS as readonly string[]).includes(name))
      throw new CliError(`Unknown shell "${flag}". Shells: ${SHELLS.join(', ')}.`, EXIT.usage);
    return name as Shell;
  }
  if (env.SHELL && path.basename(env.SHELL) === 'fish') return 'fish';
  if (platform === 'win32' && !env.SHELL) return 'powershell';
  return 'sh';
}

export function renderEnv(vars: EnvVar[], shell: Shell): string[] {
  return vars.map(({ name, value }) => {
    if (shell === 'fish') return `set -gx ${name} '${value.replace(/[\\']/g, '\\$&')}'`;
    if (shell === 'powershell') return `$env:${name} = '${value.replace(/'/g, "''")}'`;
    return `export ${name}='${value.replace(/'/g, `'\\''`)}'`;
  });
}
