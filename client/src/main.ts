// `gatehouse-client <command>`: parses the command line, runs one command, and turns its outcome into an
// exit code (errors.ts). A failure a person can act on is one message on stderr, never a stack trace.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { COMMAND_HELP, COMMANDS, commandHelp, USAGE } from './command-help.ts';
import { CliError, EXIT } from './errors.ts';
import { login } from './login.ts';
import { logout } from './logout.ts';
import { setupMcp, undoMcp, type Inventory } from './mcp-setup.ts';
import { routedServers } from './mcp-inventory.ts';
import { mcpWrap, parseWrapArgs } from './mcp/wrap-command.ts';
import { stdio, type Output } from './output.ts';
import { freshSession, requireSession } from './session.ts';
import { pickShell, renderEnv } from './shell-syntax.ts';
import { loadState, saveState, type ToolMode } from './state-store.ts';
import { status } from './status.ts';
import { setupTool, undoTool } from './tool-setup.ts';
import { didYouMean, nearest } from './nearest.ts';
import { TOOLS, toolEnv, toolSpec } from './tools.ts';
import { CLIENT_VERSION } from './version.ts';

function parse(args: string[], options: ParseArgsConfig['options'] = {}) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    // A mistyped long option gets the nearest of the command's own, as a mistyped command does.
    const typed = /^Unknown option '--([^'=]+)'/.exec((err as Error).message)?.[1];
    const near = typed === undefined ? undefined : nearest(typed, Object.keys(options));
    if (near) throw new CliError(`Unknown option "--${typed}". Did you mean "--${near}"?`, EXIT.usage);
    throw err;
  }
}

function modeOf(subscription: boolean | undefined): ToolMode {
  return subscription ? 'subscription' : 'provider_key';
}

function oneTool(positionals: string[], command: string): string {
  if (positionals.length !== 1)
    throw new CliError(
      `\`${command}\` takes one tool: ${Object.keys(TOOLS).join(', ')}. E.g. \`gatehouse-client ${command} claude-code\`.`,
      EXIT.usage,
    );
  return toolSpec(positionals[0]).id;
}

export async function run(argv: string[], io: Output = stdio): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h') {
    io.out(USAGE);
    return command ? EXIT.ok : EXIT.usage;
  }
  if (command === '--version') {
    io.out(CLIENT_VERSION);
    return EXIT.ok;
  }
  if (!Object.hasOwn(COMMAND_HELP, command))
    throw new CliError(
      `Unknown command "${command}".${didYouMean(command, COMMANDS)}\n\n${USAGE}`,
      EXIT.usage,
    );
  // `<command> --help` (or -h) anywhere among its own arguments (before a `--`, after which they are the
  // wrapped command's): its help, whatever else was typed.
  const own = rest.includes('--') ? rest.slice(0, rest.indexOf('--')) : rest;
  if (own.includes('--help') || own.includes('-h')) {
    io.out(commandHelp(command));
    return EXIT.ok;
  }
  if (command === 'help') {
    const { positionals } = parse(rest);
    const [about] = positionals;
    if (about === undefined) io.out(USAGE);
    else if (positionals.length === 1 && Object.hasOwn(COMMAND_HELP, about)) io.out(commandHelp(about));
    else
      throw new CliError(
        `\`help\` takes one command: ${COMMANDS.join(', ')}.${didYouMean(about, COMMANDS)}`,
        EXIT.usage,
      );
    return EXIT.ok;
  }
  if (command === 'version') {
    parse(rest);
    io.out(CLIENT_VERSION);
    return EXIT.ok;
  }
  // The shim reads the session itself: a damaged settings file is a notice there, not a failure.
  if (command === 'mcp') return mcpWrap(parseWrapArgs(rest));
  const state = loadState();
  switch (command) {
    case 'login': {
      const { values, positionals } = parse(rest, {
        console: { type: 'string' },
        'no-browser': { type: 'boolean' },
        'device-name': { type: 'string' },
      });
      if (positionals.length)
        throw new CliError(`\`login\` takes no argument "${positionals[0]}".`, EXIT.usage);
      await login(
        state,
        {
          ...(typeof values.console === 'string' ? { console: values.console } : {}),
          browser: !values['no-browser'],
          ...(typeof values['device-name'] === 'string' ? { deviceName: values['device-name'] } : {}),
        },
        io,
      );
      return EXIT.ok;
    }
    case 'status':
      parse(rest);
      await status(state, io);
      return EXIT.ok;
    case 'logout':
      parse(rest);
      await logout(state, io);
      return EXIT.ok;
    case 'env': {
      const { values, positionals } = parse(rest, {
        shell: { type: 'string' },
        subscription: { type: 'boolean' },
      });
      const tool = oneTool(positionals, 'env');
      const shell = pickShell(values.shell as string | undefined);
      const session = await freshSession(state, io);
      for (const line of renderEnv(toolEnv(tool, session, modeOf(values.subscription as boolean)), shell))
        io.out(line);
      return EXIT.ok;
    }
    case 'setup': {
      const { values, positionals } = parse(rest, {
        undo: { type: 'boolean' },
        subscription: { type: 'boolean' },
        mcp: { type: 'boolean' },
      });
      const tool = oneTool(positionals, values.undo ? 'setup --undo' : 'setup');
      if (values.undo) {
        // `--undo` takes out whatever setup wrote for the tool; `--undo --mcp` only the MCP wrapping.
        const wrapped = !!state.mcp_setups?.[tool];
        if (!values.mcp && (!wrapped || state.setups[tool])) undoTool(state, tool, io);
        if (values.mcp || wrapped) undoMcp(state, tool, io);
      } else if (values.mcp) {
        // The shim asks the Gateway as this machine: without a session every call would be refused. The
        // routed servers' URLs carry the device token, so it is refreshed first as for `setup <tool>`.
        requireSession(state);
        const session = await freshSession(state, io);
        let inventory: Inventory;
        try {
          inventory = { servers: await routedServers(session) };
        } catch (err) {
          // A refused session stops here; a Gateway that cannot answer leaves remote servers as they were.
          if (!(err instanceof CliError) || err.exitCode === EXIT.notSignedIn) throw err;
          inventory = { unreadable: err.message };
        }
        setupMcp(state, tool, session, inventory, io);
      } else {
        const session = await freshSession(state, io);
        setupTool(state, session, tool, modeOf(values.subscription as boolean), io);
      }
      saveState(state);
      return EXIT.ok;
    }
    default:
      throw new CliError(`Unknown command "${command}".\n\n${USAGE}`, EXIT.usage);
  }
}

/** Runs the command line and sets the exit code; only an unexpected error carries a stack, on request. */
export async function main(argv = process.argv.slice(2), io: Output = stdio): Promise<void> {
  let code: number;
  try {
    code = await run(argv, io);
  } catch (err) {
    if (err instanceof CliError) {
      io.err(err.message);
      code = err.exitCode;
    } else if ((err as { code?: string })?.code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(`${(err as Error).message}. See \`gatehouse-client --help\`.`);
      code = EXIT.usage;
    } else {
      io.err(`gatehouse-client failed unexpectedly: ${(err as Error)?.message ?? String(err)}`);
      if (process.env.GATEHOUSE_CLIENT_DEBUG) io.err((err as Error)?.stack ?? '');
      code = EXIT.failed;
    }
  }
  // Not process.exit(): it could cut off output still queued for a pipe.
  process.exitCode = code;
}
