// `setup <tool>` and `setup --undo <tool>`: the tool's own settings file points at the Gateway, and a tool
// that needs more than that gets a few values in a second settings file of its own (`extra` in
// tool-files.ts). Before the first change a file is copied to `<file>.gatehouse-backup`; each write
// replaces the file atomically, keeps its mode (minus group and world access for the one that holds the
// token), and leaves every other setting as it was.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readIfExists, writeFileAtomic } from './atomic-file.ts';
import { CliError, EXIT } from './errors.ts';
import { rewriteMcpRoutes } from './mcp-setup.ts';
import { displayPath, type Output } from './output.ts';
import { applyJsonDefaults, undoJsonDefaults } from './settings/json-defaults.ts';
import { hasManagedBlock } from './settings/managed-lines.ts';
import { TOOL_FILES, SETUP_TOOLS, type ExtraSettings } from './settings/tool-files.ts';
import type { ExtraSetup, Session, State, ToolMode } from './state-store.ts';
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

/** A settings file's new text, written only when it changed; the first change backs the file up. */
interface Change {
  file: string;
  before: string | null;
  after: string;
  /** The client touched this file before (its backup holds the original). */
  touched: boolean;
  /** The file holds the device token: group and world access are taken away. */
  secret: boolean;
}

function commit({ file, before, after, touched, secret }: Change): void {
  // The file with the token is rewritten even unchanged, which takes away access someone gave it since.
  if (after === before && !secret) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // The backup holds the file as it was before the client first touched it.
  if (!touched && before !== null) writeFileAtomic(file + BACKUP_SUFFIX, before, currentMode(file) ?? 0o600);
  const mode = currentMode(file);
  writeFileAtomic(file, after, secret ? modeFor(mode) : (mode ?? 0o600));
}

/** The extra settings file's change and record, and notes for the person (tool-files.ts `extra`). */
function extraChange(extra: ExtraSettings, earlier: ExtraSetup | undefined, mode: ToolMode) {
  const file = earlier?.file ?? extra.file(os.homedir(), process.env);
  const before = readIfExists(file);
  const applied = applyJsonDefaults(before, extra.defaults(mode), earlier?.set ?? [], file, extra.comments);
  const record: ExtraSetup | undefined = applied.set.length
    ? { file, created: earlier ? earlier.created : before === null, set: applied.set }
    : undefined;
  // Nothing to set in a file that does not exist: it is not created.
  const change: Change | undefined =
    before === null && !record
      ? undefined
      : { file, before, after: applied.text, touched: !!earlier, secret: false };
  return { change, record, notes: applied.notes };
}

/**
 * Writes the tool's settings for `session`; returns the file written, the extra file's record and notes.
 * Both files are worked out before either is written, so that one the client cannot understand stops both.
 * `withExtra` false (a new token) leaves the extra file as it is: it holds no token.
 */
function write(state: State, id: string, session: Session, mode: ToolMode, withExtra = true) {
  const { writer } = toolFile(id);
  const previous = state.setups[id];
  const file = previous?.file ?? writer.file(os.homedir(), process.env);
  const text = readIfExists(file);
  const applied = writer.apply(text, toolEnv(id, session, mode), mode, previous, file);
  const extra = withExtra && writer.extra ? extraChange(writer.extra, previous?.extra, mode) : undefined;
  commit({ file, before: text, after: applied.text, touched: !!previous, secret: true });
  if (extra?.change) commit(extra.change);
  const extraRecord = withExtra ? extra?.record : previous?.extra;
  state.setups[id] = {
    file,
    mode,
    created: previous ? previous.created : text === null,
    ...applied.record,
    ...(extraRecord ? { extra: extraRecord } : {}),
  };
  return { file, extra: extra?.record, notes: extra?.notes ?? [] };
}

export function setupTool(state: State, session: Session, id: string, mode: ToolMode, io: Output): void {
  const { spec } = toolFile(id);
  const first = !state.setups[id];
  const { file, extra, notes } = write(state, id, session, mode);
  const names = toolEnv(id, session, mode).map((v) => v.name);
  io.out(
    `${spec.label} now goes through the Gatehouse Gateway (${mode === 'subscription' ? 'subscription mode' : 'provider-key mode'}).`,
  );
  io.out(
    `  wrote ${id === 'codex' ? 'model_provider and [model_providers.gatehouse]' : names.join(', ')} in ${displayPath(file)}`,
  );
  if (extra)
    io.out(
      `  set ${extra.set.map((s) => `${s.path.join('.')} = ${JSON.stringify(s.value)}`).join(', ')} in ${displayPath(extra.file)}`,
    );
  if (first && fs.existsSync(file + BACKUP_SUFFIX))
    io.out(`  the file as it was is in ${displayPath(file + BACKUP_SUFFIX)}`);
  for (const note of notes) io.err(`Note: ${note}`);
  io.out(`Restart ${spec.label} to pick it up. \`gatehouse-client setup --undo ${id}\` takes it out again.`);
}

/** The file's text after undo, or null when the client created it and it is empty again (then deleted). */
function undone(after: string, created: boolean | undefined, empty: string): string | null {
  return created && after.trim() === empty ? null : after;
}

function restore(file: string, before: string, after: string | null): void {
  if (after === null) fs.rmSync(file);
  else if (after !== before) writeFileAtomic(file, after, currentMode(file) ?? 0o600);
}

export function undoTool(state: State, id: string, io: Output): void {
  const { spec, writer } = toolFile(id);
  const record = state.setups[id];
  const file = record?.file ?? writer.file(os.homedir(), process.env);
  const text = readIfExists(file);
  if (!record && (writer.needsRecord || text === null || !hasManagedBlock(text, id))) {
    io.out(`${spec.label} was not set up by gatehouse-client on this machine; nothing to undo.`);
    return;
  }
  // Both files are worked out before either is written, as in `write`.
  const empty = id === 'claude-code' ? '{}' : '';
  const out = text === null ? null : undone(writer.undo(text, record, file), record?.created, empty);
  const extra = record?.extra;
  const extraText = extra ? readIfExists(extra.file) : null;
  const extraOut =
    extra && extraText !== null
      ? undone(
          undoJsonDefaults(extraText, extra.set, extra.file, !!writer.extra?.comments),
          extra.created,
          '{}',
        )
      : null;
  if (text !== null) restore(file, text, out);
  if (extra && extraText !== null) restore(extra.file, extraText, extraOut);
  delete state.setups[id];
  const files = [file, ...(extra ? [extra.file] : [])].map((f) => displayPath(f)).join(' and ');
  io.out(
    `${spec.label} no longer goes through the Gatehouse Gateway: removed the client's settings from ${files}.`,
  );
}

/**
 * After the device token changed (refresh, a new sign-in): every tool set up gets the new one, so that no
 * tool keeps a stale token, its remote MCP servers routed through the Gateway too. A file that cannot be
 * written is reported and skipped, not fatal.
 */
export function rewriteSetups(state: State, session: Session, io: Output): void {
  for (const [id, setup] of Object.entries(state.setups)) {
    try {
      write(state, id, session, setup.mode, false);
    } catch (err) {
      io.err(
        `Could not update ${displayPath(setup.file)} with the new device token: ${(err as Error).message} ` +
          `Run \`gatehouse-client setup ${id}\` once it is fixed.`,
      );
    }
  }
  rewriteMcpRoutes(state, session, io);
}
