// Claude Code's settings.json: the client sets keys in its `env` object and nothing else, editing the text
// in place (json-edit.ts) so the rest of the file keeps its exact form. JSON has no comments to mark the
// keys with, so the value each key had before (or its absence) is kept in the client's own state, and undo
// puts exactly that back.
import { CliError, EXIT } from '../errors.ts';
import type { ToolSetup } from '../state-store.ts';
import type { EnvVar } from '../tools.ts';
import { deleteMember, jsonObjectFile, memberValue, memberValueStart, setMember } from './json-edit.ts';

/** Checks the document (json-edit.ts) and its `env` object. */
function check(text: string | null, file: string): { text: string; unit: string; root: number } {
  const { doc, ...checked } = jsonObjectFile(text, file);
  const env = doc.env;
  if (env !== undefined && (!env || typeof env !== 'object' || Array.isArray(env)))
    throw new CliError(`The "env" in ${file} is not an object; the client leaves it alone.`, EXIT.failed);
  return checked;
}

/** Puts back what the record says each key held before setup. */
function restore(text: string, root: number, record: Pick<ToolSetup, 'previous' | 'created_env'>): string {
  let envAt = memberValueStart(text, root, 'env');
  if (envAt === undefined) return text;
  for (const [key, before] of Object.entries(record.previous ?? {})) {
    text =
      before === null
        ? deleteMember(text, envAt, key)
        : setMember(text, envAt, key, JSON.stringify(before), '  ');
    envAt = memberValueStart(text, root, 'env')!;
  }
  const env = memberValue(text, root, 'env') as Record<string, unknown>;
  if (record.created_env && Object.keys(env).length === 0) text = deleteMember(text, root, 'env');
  return text;
}

export function applyJsonEnv(
  current: string | null,
  vars: EnvVar[],
  record: ToolSetup | undefined,
  file: string,
): { text: string; previous: Record<string, string | null>; created_env: boolean } {
  const checked = check(current, file);
  const { unit, root } = checked;
  let text = record ? restore(checked.text, root, record) : checked.text;
  const created_env = memberValueStart(text, root, 'env') === undefined;
  if (created_env) text = setMember(text, root, 'env', '{}', unit);
  const before = memberValue(text, root, 'env') as Record<string, unknown>;
  const previous: Record<string, string | null> = {};
  for (const { name, value } of vars) {
    previous[name] = typeof before[name] === 'string' ? (before[name] as string) : null;
    text = setMember(text, memberValueStart(text, root, 'env')!, name, JSON.stringify(value), unit);
  }
  return { text, previous, created_env };
}

export function undoJsonEnv(current: string, record: ToolSetup, file: string): string {
  const { text, root } = check(current, file);
  return restore(text, root, record);
}
