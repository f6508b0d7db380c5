// The one form `setup <tool> --mcp` gives a stdio MCP server, in every tool's configuration:
// `gatehouse-client mcp wrap --name <name> -- <command> [args…]`. The form is recognised as well as
// written, so that wrapping twice does not wrap twice, and so that undo can unwrap a server from its
// values alone after the tool has re-serialised the file (Claude Code rewrites ~/.claude.json whole).
import path from 'node:path';

/** The command written: `gatehouse-client` as the tools find it on their PATH. */
export const WRAPPER = 'gatehouse-client';

export function wrapArgs(name: string, command: string, args: string[]): string[] {
  return ['mcp', 'wrap', '--name', name, '--', command, ...args];
}

/** The original command and arguments of a wrapped server, or undefined when it is not wrapped. */
export function unwrap(command: unknown, args: unknown): { command: string; args: string[] } | undefined {
  if (typeof command !== 'string' || !Array.isArray(args)) return undefined;
  if (path.basename(command).replace(/\.js$/, '') !== WRAPPER) return undefined;
  if (args[0] !== 'mcp' || args[1] !== 'wrap') return undefined;
  const dash = args.indexOf('--');
  if (dash < 0 || dash + 1 >= args.length || !args.every((a) => typeof a === 'string')) return undefined;
  return { command: args[dash + 1] as string, args: args.slice(dash + 2) as string[] };
}

/** What setup did to one tool's MCP servers, for the person: wrapped, already wrapped, and left alone. */
export interface McpReport {
  wrapped: string[];
  already: string[];
  /** Remote servers (a URL) now sent through the Gateway's /mcp/{alias}, as `<name> → <alias>`. */
  routed: string[];
  /** Remote servers that already went through the Gateway. */
  alreadyRouted: string[];
  /** Remote servers whose URL is not a registered server's: left as they are. */
  remote: string[];
  /** Entries the client could not read as a server, with why. */
  skipped: string[];
}

export const emptyReport = (): McpReport => ({
  wrapped: [],
  already: [],
  routed: [],
  alreadyRouted: [],
  remote: [],
  skipped: [],
});
