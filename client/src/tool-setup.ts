// `setup <tool>` and `setup --undo <tool>`: the tool's own settings file points at the Gateway. Before
// the first change the file is copied to `<file>.gatehouse-backup`; each write replaces the file
// atomically, keeps its mode minus group and world access (it holds a token), and leaves every other
// setting as it was.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readIfExists, writeFileAtomic } from './atomic-file.ts';
import { CliError, EXIT } from './errors.ts';
import { displayPath, type Output } from './output.ts';
import { hasManagedBlock } from './settings/managed-lines.ts';
import { TOOL_FILES, SETUP_TOOLS } from './settings/tool-files.ts';
import type { Session, State, ToolMode } from './state-store.ts';
import { toolEnv, toolSpec } from './tools.ts';

export const BACKUP_SUFFIX = '.gatehouse-backup';

function toolFile(id: string | undefined) {
  const spec = toolSpec(id);
  const writer = TOOL_FILES[spec.id];
  if (!writer)
    throw new CliError(
      `setup knows ${SETUP_TOOLS.join(', ')}; for ${spec.label} use \`gatehouse-client env ${spec.id}\`.`,
      EXIT.usage,
    );
  return { spec, writer };
}

function modeFor(existing: number | undefined): number {
  return existing === undefined ? 0o600 : existing & 0o700;
}

function currentMode(file: string): number | undefined {
  try {
    return fs.statSync(file).mode & 0o777;
  } catch {
    return undefined;
  }
}

/** Writes the tool's settings for `session`; returns the file written. */
function write(state: State, id: string, session: Session, mode: ToolMode): string {
  const { writer } = toolFile(id);
  const previous = state.setups[id];
  const file = previous?.file ?? writer.file(os.homedir(), process.env);
  const text = readIfExists(file);
  const applied = writer.apply(text, toolEnv(id, session, mode), mode, previous, file);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // The backup holds the file as it was before the client first touched it.
  if (!previous && text !== null) writeFileAtomic(file + BACKUP_SUFFIX, text, currentMode(file) ?? 0o600);
  writeFileAtomic(file, applied.text, modeFor(currentMode(file)));
  state.setups[id] = {
    file,
    mode,
    created: previous ? previous.created : text === null,
    ...applied.record,
  };
  return file;
}

export function setupTool(state: State, session: Session, id: string, mode: ToolMode, io: Output): void {
  const { spec } = toolFile(id);
  const first = !state.setups[id];
  const file = write(state, id, session, mode);
  const names = toolEnv(id, session, mode).map((v) => v.name);
  io.out(
    `${spec.label} now goes through the Gatehouse Gateway (${mode === 'subscription' ? 'subscription mode' : 'provider-key mode'}).`,
  );
  io.out(
    `  wrote ${id === 'codex' ? 'model_provider and [model_providers.gatehouse]' : names.join(', ')} in ${displayPath(file)}`,
  );
  if (first && fs.existsSync(file + BACKUP_SUFFIX))
    io.out(`  the file as it was is in ${displayPath(file + BACKUP_SUFFIX)}`);
  io.out(`Restart ${spec.label} to pick it up. \`gatehouse-client setup --undo ${id}\` takes it out again.`);
}

export function undoTool(state: State, id: string, io: Output): void {
  const { spec, writer } = toolFile(id);
  const record = state.setups[id];
  const file = record?.file ?? writer.file(os.homedir(), process.env);
  const text = readIfExists(file);
  if (!record && (writer.needsRecord || text === null || !hasManagedBlock(text))) {
    io.out(`${spec.label} was not set up by gatehouse-client on this machine; nothing to undo.`);
    return;
  }
  if (text !== null) {
    const out = writer.undo(text, record, file);
    if (record?.created && out.trim() === (id === 'claude-code' ? '{}' : '')) fs.rmSync(file);
    else writeFileAtomic(file, out, currentMode(file) ?? 0o600);
  }
  delete state.setups[id];
  io.out(
    `${spec.label} no longer goes through the Gatehouse Gateway: removed the client's settings from ${displayPath(file)}.`,
  );
}

/**
 * After the device token changed (refresh, a new sign-in): every tool set up gets the new one, so that no
 * tool keeps a stale token. A file that cannot be written is reported and skipped, not fatal.
 */
export function rewriteSetups(state: State, session: Session, io: Output): void {
  for (const [id, setup] of Object.entries(state.setups)) {
    try {
      write(state, id, session, setup.mode);
    } catch (err) {
      io.err(
        `Could not update ${displayPath(setup.file)} with the new device token: ${(err as Error).message} ` +
          `Run \`gatehouse-client setup ${id}\` once it is fixed.`,
      );
    }
  }
}
