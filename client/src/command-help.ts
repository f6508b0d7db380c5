// What `gatehouse-client --help` and `gatehouse-client <command> --help` print: one synopsis and a few
// lines per command, kept beside each other so that the overview and the detail cannot drift apart.
import { SETUP_TOOLS } from './settings/tool-files.ts';
import { TOOL_ALIASES, TOOLS } from './tools.ts';
import { CLIENT_VERSION } from './version.ts';

const SETUP_LIST = SETUP_TOOLS.join(', ');
const ALIASES = Object.entries(TOOL_ALIASES)
  .map(([alias, id]) => `${alias} for ${id}`)
  .join(', ');
const TOOL_LINE = `Tools: ${Object.keys(TOOLS).join(', ')} (also ${ALIASES}).`;

interface CommandHelp {
  synopsis: string[];
  detail: string;
}

export const COMMAND_HELP: Record<string, CommandHelp> = {
  login: {
    synopsis: ['login --console <url> [--no-browser] [--device-name <name>]'],
    detail: `Signs this machine in: prints a code and a link, opens the browser where there is one, and waits
until the sign-in is approved on the console, denied or expired.
  --console <url>       the Gatehouse console (left out: the one already stored)
  --no-browser          only print the link
  --device-name <name>  how the console lists this machine (default: its host name)`,
  },
  status: {
    synopsis: ['status'],
    detail: `Who this machine is signed in as, which device, the console and Gateway, when the token expires,
which tools are set up, and whether the Gateway accepts the session now.`,
  },
  logout: {
    synopsis: ['logout'],
    detail: `Ends the session on the console and deletes the tokens here. Offline, it deletes them here and
says the console could not be told.`,
  },
  env: {
    synopsis: ['env <tool> [--shell sh|bash|zsh|fish|powershell] [--subscription]'],
    detail: `Prints the lines that point a tool at the Gateway, for eval "$(gatehouse-client env <tool>)".
  --shell <shell>   the syntax (default: fish when $SHELL is fish, PowerShell on Windows, else sh)
  --subscription    the tool keeps its own sign-in; only its base URL points at the Gateway
${TOOL_LINE}`,
  },
  setup: {
    synopsis: ['setup <tool> [--subscription]', 'setup <tool> --mcp', 'setup --undo <tool> [--mcp]'],
    detail: `Writes the same settings into the tool's own settings file (a backup is kept), or with --undo
takes them out again.
  --subscription    the tool keeps its own sign-in; only its base URL points at the Gateway
  --mcp             run every stdio MCP server in the tool's configuration through \`mcp wrap\`
                    (Claude Code: .mcp.json here and ~/.claude.json; Codex: config.toml; Gemini CLI:
                    settings.json), and every remote one registered in Gatehouse through the
                    Gateway's /mcp/<alias>; other remote servers are left as they are
  --undo            remove what setup wrote (with --mcp: only the MCP wrapping)
Tools: ${SETUP_LIST} (also ${ALIASES}); for the SDKs use env.`,
  },
  mcp: {
    synopsis: ['mcp wrap [--name <name>] -- <command> [args…]'],
    detail: `Runs a local (stdio) MCP server and relays its messages, asking the Gatehouse Gateway about each
tool list and tool call: blocked tools are left out and their calls refused, arguments and results
redacted where the policy says. The server's stderr and exit code pass through. When the Gateway
cannot be reached, the policy's offline setting decides (block until the Gateway has said otherwise).
  --name <name>     the server's name in the tool's configuration (default: the command's name)
\`setup <tool> --mcp\` writes this into a tool's configuration for every stdio server.`,
  },
  help: { synopsis: ['help [<command>]'], detail: 'This overview, or the help of one command.' },
  version: { synopsis: ['version'], detail: "Prints the client's version." },
};

export const COMMANDS = Object.keys(COMMAND_HELP);

export const USAGE = `gatehouse-client ${CLIENT_VERSION}: signs this machine in to Gatehouse and points AI tools at its Gateway.

Usage:
${Object.values(COMMAND_HELP)
  .flatMap((c) => c.synopsis)
  .map((s) => `  gatehouse-client ${s}`)
  .join('\n')}

${TOOL_LINE} setup: ${SETUP_LIST}.
--subscription: the tool keeps its own sign-in and only its base URL points at the Gateway.
\`gatehouse-client <command> --help\` says more about one command.
Exit codes: 0 done, 1 failed, 2 wrong usage, 3 not signed in, 4 unreachable, 5 sign-in refused or expired.`;

/** One command's help: its synopsis and what it does. */
export function commandHelp(command: string): string {
  const help = COMMAND_HELP[command]!;
  return `Usage:\n${help.synopsis.map((s) => `  gatehouse-client ${s}`).join('\n')}\n\n${help.detail}`;
}
