// `setup <tool> --mcp` and its undo: every stdio MCP server in the tool's configuration runs through
// `gatehouse-client mcp wrap` (settings/mcp-json.ts, settings/mcp-toml.ts), and every remote server whose
// URL is a server of the Gatehouse inventory (GET /mcp/servers, mcp-inventory.ts) goes through the
// Gateway's /mcp/{alias} with the device token in the path (settings/mcp-remote.ts); a new device token
// is written there as in the tools' other settings (`rewriteMcpRoutes`). All of a tool's files are worked
// out before any is written; the first change of a file copies it to `<file>.gatehouse-mcp-backup`; a file
// that does not exist is not created.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readIfExists, writeFileAtomic } from './atomic-file.ts';
import { CliError, EXIT } from './errors.ts';
import { displayPath, type Output } from './output.ts';
import { retokenJsonMcp, unwrapJsonMcp, wrapJsonMcp } from './settings/mcp-json.ts';
import { remoteRouting, type RoutedServer } from './settings/mcp-remote.ts';
import { retokenCodexMcp, unwrapCodexMcp, wrapCodexMcp } from './settings/mcp-toml.ts';
import { emptyReport, type McpReport } from './settings/mcp-wrapping.ts';
import { geminiDir } from './settings/tool-files.ts';
import type { McpSetup, Session, State } from './state-store.ts';
import { toolSpec } from './tools.ts';

export const MCP_BACKUP_SUFFIX = '.gatehouse-mcp-backup';

interface McpFile {
  file: string;
  format: 'json' | 'toml';
  /** JSON with comments (Gemini CLI strips them before parsing, and keeps them). */
  comments: boolean;
  /** Servers per project as well (`projects.<dir>.mcpServers` of ~/.claude.json). */
  projects: boolean;
  /** A remote server's `url` without `type` is an SSE server (Gemini CLI's; `httpUrl` is Streamable HTTP). */
  urlIsSse: boolean;
}

const json = (file: string, comments = false, projects = false, urlIsSse = false): McpFile => ({
  file,
  format: 'json',
  comments,
  projects,
  urlIsSse,
});

/** The files that hold a tool's MCP servers, from the home directory, the environment and the project. */
function mcpFiles(id: string, home = os.homedir(), env = process.env, cwd = process.cwd()): McpFile[] {
  switch (id) {
    case 'claude-code':
      return [
        json(path.join(cwd, '.mcp.json')),
        json(path.join(env.CLAUDE_CONFIG_DIR || home, '.claude.json'), false, true),
      ];
    case 'codex':
      return [
        {
          file: path.join(env.CODEX_HOME || path.join(home, '.codex'), 'config.toml'),
          format: 'toml',
          comments: false,
          projects: false,
          urlIsSse: false,
        },
      ];
    case 'gemini-cli':
      return [json(path.join(geminiDir(home, env), 'settings.json'), true, false, true)];
    default:
      throw new CliError(
        `setup --mcp knows claude-code, codex and gemini-cli; ${toolSpec(id).label} has no MCP configuration.`,
        EXIT.usage,
      );
  }
}

/** How a recorded file is read: as the tool's files are (a project's .mcp.json may be another project's). */
function formatOf(id: string, file: string): McpFile {
  return mcpFiles(id).find((f) => f.file === file) ?? { ...mcpFiles(id)[0]!, file, projects: false };
}

function write(file: string, text: string): void {
  const mode = fs.statSync(file, { throwIfNoEntry: false })?.mode;
  writeFileAtomic(file, text, mode === undefined ? 0o600 : mode & 0o777);
}

function list(names: string[]): string {
  return names.join(', ');
}

/** The inventory's routed servers, or why they could not be read (then setup routes as it did before). */
export type Inventory = { servers: RoutedServer[] } | { unreadable: string };

export function setupMcp(state: State, id: string, session: Session, inventory: Inventory, io: Output): void {
  const label = toolSpec(id).label;
  const previous = state.mcp_setups?.[id];
  const servers = 'servers' in inventory ? inventory.servers : (previous?.routes ?? []);
  const routing = remoteRouting(servers, session);
  const changes: { file: string; before: string; after: string; setup: McpSetup['files'][number] }[] = [];
  const reports: [string, McpReport][] = [];
  for (const f of mcpFiles(id)) {
    const before = readIfExists(f.file);
    if (before === null) continue;
    const report = emptyReport();
    const earlier = previous?.files.find((p) => p.file === f.file);
    let after: string;
    let setup: McpSetup['files'][number];
    if (f.format === 'toml') {
      after = wrapCodexMcp(before, f.file, report, routing);
      setup = { file: f.file };
    } else {
      const wrapped = wrapJsonMcp(before, f.file, f.comments, f.projects, report, {
        routing,
        earlier: earlier?.routed ?? [],
        urlIsSse: f.urlIsSse,
      });
      after = wrapped.text;
      setup = {
        file: f.file,
        servers: [...(earlier?.servers ?? []), ...wrapped.servers],
        ...(wrapped.routed.length ? { routed: wrapped.routed } : {}),
      };
    }
    reports.push([f.file, report]);
    changes.push({ file: f.file, before, after, setup });
  }
  for (const c of changes) {
    if (c.after === c.before) continue;
    const recorded = previous?.files.some((p) => p.file === c.file);
    if (!recorded && !fs.existsSync(c.file + MCP_BACKUP_SUFFIX)) write(c.file + MCP_BACKUP_SUFFIX, c.before);
    write(c.file, c.after);
  }
  // Recorded: every file changed now or before (a JSON file's servers, the earlier ones kept).
  const touched = changes.filter(
    (c) => c.after !== c.before || previous?.files.some((p) => p.file === c.file),
  );
  const files = [
    ...(previous?.files.filter((p) => !touched.some((c) => c.file === p.file)) ?? []),
    ...touched.map((c) => c.setup),
  ];
  if (files.length) (state.mcp_setups ??= {})[id] = { files, ...(servers.length ? { routes: servers } : {}) };
  if (!reports.length) {
    io.out(
      `${label} has no MCP configuration here (${mcpFiles(id)
        .map((f) => displayPath(f.file))
        .join(', ')}); nothing to wrap.`,
    );
    return;
  }
  io.out(
    `${label}'s local MCP servers now run through \`gatehouse-client mcp wrap\`, and its remote ones registered in Gatehouse through the Gateway:`,
  );
  for (const [file, r] of reports) {
    const parts = [
      r.wrapped.length ? `wrapped ${list(r.wrapped)}` : '',
      r.already.length ? `already wrapped ${list(r.already)}` : '',
      r.routed.length ? `routed ${list(r.routed)}` : '',
      r.alreadyRouted.length ? `already through the Gateway ${list(r.alreadyRouted)}` : '',
      r.wrapped.length + r.already.length + r.routed.length + r.alreadyRouted.length === 0
        ? 'no servers to change'
        : '',
    ].filter(Boolean);
    io.out(`  ${displayPath(file)}: ${parts.join('; ')}`);
    if (r.remote.length)
      io.out(
        'servers' in inventory
          ? `    not in the Gatehouse inventory (ask an admin to register it): ${list(r.remote)}`
          : `    left as they are (the Gatehouse inventory could not be read): ${list(r.remote)}`,
      );
    for (const s of r.skipped) io.err(`Note: ${displayPath(file)}: left ${s}.`);
  }
  const remote = reports.some(([, r]) => r.remote.length + r.routed.length + r.alreadyRouted.length > 0);
  if ('unreadable' in inventory && remote)
    io.err(
      `Note: ${inventory.unreadable} Remote MCP servers were routed as the last setup found them; run ` +
        `\`gatehouse-client setup ${id} --mcp\` again once the Gateway answers.`,
    );
  io.out(`Restart ${label} to pick it up. \`gatehouse-client setup --undo ${id}\` takes it out again.`);
}

export function undoMcp(state: State, id: string, io: Output): void {
  const label = toolSpec(id).label;
  const record = state.mcp_setups?.[id];
  const files: McpSetup['files'] = record?.files ?? mcpFiles(id).map((f) => ({ file: f.file }));
  const changed: string[] = [];
  const outs = files.flatMap((entry) => {
    const text = readIfExists(entry.file);
    if (text === null) return [];
    const f = formatOf(id, entry.file);
    const after =
      f.format === 'toml'
        ? unwrapCodexMcp(text, entry.file)
        : unwrapJsonMcp(text, entry.file, f.comments, f.projects, entry.servers ?? [], entry.routed ?? []);
    return after === text ? [] : [{ file: entry.file, after }];
  });
  for (const o of outs) {
    write(o.file, o.after);
    changed.push(displayPath(o.file));
  }
  if (state.mcp_setups) delete state.mcp_setups[id];
  io.out(
    changed.length
      ? `${label}'s MCP servers no longer run through the shim: restored ${changed.join(' and ')}.`
      : `${label}'s MCP servers were not wrapped by gatehouse-client; nothing to undo.`,
  );
}

/**
 * After the device token changed (refresh, a new sign-in): every remote server setup routed through the
 * Gateway gets the new one in its URL. A file that cannot be rewritten is reported and skipped, not fatal.
 */
export function rewriteMcpRoutes(state: State, session: Session, io: Output): void {
  for (const [id, setup] of Object.entries(state.mcp_setups ?? {})) {
    const routing = remoteRouting(setup.routes ?? [], session);
    for (const entry of setup.files) {
      try {
        const text = readIfExists(entry.file);
        if (text === null) continue;
        const f = formatOf(id, entry.file);
        let after: string;
        if (f.format === 'toml') after = retokenCodexMcp(text, routing);
        else {
          if (!entry.routed?.length) continue;
          const out = retokenJsonMcp(text, entry.file, f.comments, entry.routed, routing);
          after = out.text;
          entry.routed = out.routed;
        }
        if (after !== text) write(entry.file, after);
      } catch (err) {
        io.err(
          `Could not update ${displayPath(entry.file)} with the new device token: ${(err as Error).message} ` +
            `Run \`gatehouse-client setup ${id} --mcp\` once it is fixed.`,
        );
      }
    }
  }
}
