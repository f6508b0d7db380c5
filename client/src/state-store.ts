// The client's one settings file: the signed-in session (tokens, console and Gateway addresses) and
// which tool settings `setup` wrote. It holds secrets, so its directory is 0700 and the file 0600,
// written atomically. Refresh tokens are the keys to the session; nothing else on disk needs them.
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomic, readIfExists } from './atomic-file.ts';
import { configDir } from './config-dir.ts';
import { CliError, EXIT } from './errors.ts';
import { displayPath } from './output.ts';

export interface Session {
  console_url: string;
  gateway_url: string;
  device_id: string;
  device_name: string;
  developer: { id: string; email: string };
  access_token: string;
  refresh_token: string;
  scope: string;
  /** When the device token was issued and when it expires (epoch ms). */
  issued_at: number;
  expires_at: number;
}

export type ToolMode = 'provider_key' | 'subscription';

/** What `setup` wrote for one tool, so that a refresh can rewrite it and `setup --undo` remove it. */
export interface ToolSetup {
  file: string;
  mode: ToolMode;
  /** The tool's settings file did not exist before setup. */
  created: boolean;
  /** For settings formats without comments (JSON): each key's value before setup, null = absent. */
  previous?: Record<string, string | null>;
  /** The JSON settings had no `env` object before setup. */
  created_env?: boolean;
  /** The tool's second settings file (tool-files.ts `extra`), when the client set something there. */
  extra?: ExtraSetup;
}

/** What `setup` set in a tool's extra settings file: only values the person had not set themselves. */
export interface ExtraSetup {
  file: string;
  /** The file did not exist before setup. */
  created: boolean;
  set: JsonSetting[];
}

/** One value the client set in a JSON settings file, where there was none. */
export interface JsonSetting {
  /** The keys from the root object to the value, e.g. ["security", "auth", "selectedType"]. */
  path: string[];
  value: string;
  /** How many of the objects holding it (innermost first) the client created for it. */
  created: number;
}

/** One stdio MCP server `setup --mcp` wrapped in a JSON configuration, for an exact undo. */
export interface WrappedJsonServer {
  /** The keys from the root object to the server, e.g. ["mcpServers", "files"]. */
  path: string[];
  /** The text its `command` and `args` held before (args null: absent), and the text setup wrote. */
  command: string;
  args: string | null;
  wrote_command: string;
  wrote_args: string;
}

/**
 * One remote MCP server `setup --mcp` sent through the Gateway's /mcp/{alias} in a JSON configuration: the
 * text each member it changed held before and the text it wrote (null: absent), for an exact undo and for
 * a new device token.
 */
export interface RoutedJsonServer {
  path: string[];
  alias: string;
  /** The member that held the URL (`url` or Gemini CLI's `httpUrl`), and the one that holds it now. */
  key: string;
  wrote_key: string;
  url: string;
  wrote_url: string;
  /** Claude Code's `type`, when an SSE server became `http`. */
  type?: { was: string; wrote: string };
  /** The `headers` object, when credential headers were taken out of it. */
  headers?: { was: string; wrote: string };
}

/** What `setup <tool> --mcp` changed: each configuration file, and in JSON ones the servers it wrapped or routed. */
export interface McpSetup {
  files: { file: string; servers?: WrappedJsonServer[]; routed?: RoutedJsonServer[] }[];
  /** The inventory's servers as setup last read them (GET /mcp/servers), used when it cannot be read. */
  routes?: { alias: string; url: string }[];
}

export interface State {
  version: 1;
  session?: Session;
  setups: Record<string, ToolSetup>;
  /** `setup <tool> --mcp`, per tool. */
  mcp_setups?: Record<string, McpSetup>;
}

export const STATE_FILE = 'config.json';

export function stateFile(dir = configDir()): string {
  return path.join(dir, STATE_FILE);
}

export function loadState(file = stateFile()): State {
  const text = readIfExists(file);
  if (text === null) return { version: 1, setups: {} };
  try {
    const parsed = JSON.parse(text) as State;
    if (parsed?.version !== 1 || typeof parsed.setups !== 'object') throw new Error('unknown shape');
    return parsed;
  } catch {
    throw new CliError(
      `The client's settings file ${displayPath(file)} is damaged. Delete it and run ` +
        '`gatehouse-client login` again.',
      EXIT.failed,
    );
  }
}

export function saveState(state: State, file = stateFile()): void {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  // mkdir's mode applies only to a directory it creates (and is masked by the umask): make sure.
  if (process.platform !== 'win32') fs.chmodSync(dir, 0o700);
  writeFileAtomic(file, `${JSON.stringify(state, null, 2)}\n`, 0o600);
}
