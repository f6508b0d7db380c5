// `gatehouse-client mcp wrap [--name <name>] -- <command> [args…]`: runs a stdio MCP server as its child
// and relays its JSON-RPC through the Gateway's decisions (relay.ts). The child's stderr is the shim's own
// (inherited, untouched), SIGINT, SIGTERM and SIGHUP are passed on to it, the agent closing stdin closes
// the child's, and the shim exits with the child's exit code. The shim writes nothing to stdout but the
// relayed messages: its notices (and a token refresh's) go to stderr, one line each.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { CliError, EXIT } from '../errors.ts';
import type { Output } from '../output.ts';
import { freshSession, needsRefresh } from '../session.ts';
import { loadState, type State } from '../state-store.ts';
import {
  GatewayDecisions,
  type Credentials,
  type LocalServer,
  type SessionSource,
} from './gateway-decisions.ts';
import { LineSplitter } from './json-lines.ts';
import { closeConnections } from './keep-alive-post.ts';
import { loadOffline } from './offline-policy.ts';
import { McpRelay, type Send } from './relay.ts';

export interface WrapOptions {
  name?: string;
  command: string;
  args: string[];
}

/** The local server as the Gateway knows it: the arguments hashed, since they may hold paths and tokens. */
export function localServer({ name, command, args }: WrapOptions): LocalServer {
  return {
    name: (name ?? path.basename(command)).slice(0, 200),
    command,
    args_sha256: createHash('sha256').update(JSON.stringify(args)).digest('hex'),
  };
}

/** `wrap`'s own arguments, before `--`; the server's command and its arguments after it. */
export function parseWrapArgs(rest: string[]): WrapOptions {
  const dash = rest.indexOf('--');
  const usage =
    'E.g. `gatehouse-client mcp wrap --name files -- npx -y @modelcontextprotocol/server-filesystem .`';
  if (rest[0] !== 'wrap') throw new CliError(`\`mcp\` has one subcommand, wrap. ${usage}`, EXIT.usage);
  if (dash < 0 || dash === rest.length - 1)
    throw new CliError(`\`mcp wrap\` takes the server's command after \`--\`. ${usage}`, EXIT.usage);
  const own = rest.slice(1, dash);
  let name: string | undefined;
  for (let i = 0; i < own.length; i++) {
    const arg = own[i]!;
    if (arg === '--name' && i + 1 < own.length) name = own[++i];
    else if (arg.startsWith('--name=')) name = arg.slice('--name='.length);
    else throw new CliError(`\`mcp wrap\` does not take "${arg}" before \`--\`. ${usage}`, EXIT.usage);
  }
  if (name === '') throw new CliError('`--name` needs the server’s name.', EXIT.usage);
  return { ...(name !== undefined ? { name } : {}), command: rest[dash + 1]!, args: rest.slice(dash + 2) };
}

const REFRESH_RETRY_MS = 60_000;

/** The signed-in session as the rest of the client uses it: refreshed when due (at most once a minute). */
function sessionSource(state: State, io: Output): SessionSource {
  let nextTry = 0;
  const creds = (s: State['session']): Credentials | undefined =>
    s ? { gatewayUrl: s.gateway_url, token: s.access_token } : undefined;
  return {
    async current() {
      if (state.session && needsRefresh(state.session) && Date.now() >= nextTry) {
        nextTry = Date.now() + REFRESH_RETRY_MS;
        try {
          await freshSession(state, io);
        } catch (err) {
          io.err((err as Error).message);
        }
      }
      return creds(state.session);
    },
    async reload() {
      try {
        Object.assign(state, loadState());
      } catch {
        // A damaged settings file: keep what is in memory.
      }
      return creds(state.session);
    },
  };
}

/** Writes whole lines; waits while the other end is behind. A closed pipe drops them (the reader is gone). */
function writer(stream: Writable): Send {
  stream.on('error', () => undefined);
  return async (lines) => {
    if (stream.destroyed || stream.writableEnded) return;
    let ok = true;
    for (const line of lines) ok = stream.write(line);
    if (!ok)
      await new Promise<void>((resolve) => {
        const done = () => {
          stream.off('drain', done).off('close', done);
          resolve();
        };
        stream.on('drain', done).on('close', done);
      });
  };
}

/** Feeds `input`'s lines to `handle`, one after the other; a last line without a newline goes as it is. */
async function pump(
  input: Readable,
  handle: (line: Buffer) => Promise<void>,
  rest: (tail: Buffer) => Promise<void>,
) {
  const splitter = new LineSplitter();
  try {
    for await (const chunk of input) for (const line of splitter.push(chunk as Buffer)) await handle(line);
  } catch {
    // The stream was destroyed (the child exited first): what was read is handled.
  }
  const tail = splitter.end();
  if (tail) await rest(tail);
}

export async function mcpWrap(options: WrapOptions): Promise<number> {
  // Notices only ever go to stderr: stdout is the agent's JSON-RPC channel.
  const io: Output = {
    out: (l) => process.stderr.write(`${l}\n`),
    err: (l) => process.stderr.write(`${l}\n`),
  };
  const server = localServer(options);
  const notice = (line: string) => io.err(`gatehouse-client mcp wrap (${server.name}): ${line}`);
  let state: State;
  try {
    state = loadState();
  } catch (err) {
    notice((err as Error).message);
    state = { version: 1, setups: {} };
  }
  const gateway = new GatewayDecisions(server, sessionSource(state, io), loadOffline(), notice);

  const child = spawn(options.command, options.args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const started = await new Promise<Error | undefined>((resolve) => {
    child.once('spawn', () => resolve(undefined));
    child.once('error', resolve);
  });
  if (started) {
    const code = (started as NodeJS.ErrnoException).code;
    throw new CliError(
      `Could not start the MCP server \`${options.command}\`: ${code === 'ENOENT' ? 'no such command (check the PATH)' : started.message}.`,
      EXIT.failed,
    );
  }
  const toServer = writer(child.stdin);
  const toAgent = writer(process.stdout);
  const relay = new McpRelay(gateway, toServer, toAgent);

  const forward = (signal: NodeJS.Signals) => () => void child.kill(signal);
  const signals = (['SIGINT', 'SIGTERM', 'SIGHUP'] as const).map((s) => [s, forward(s)] as const);
  for (const [s, handler] of signals) process.on(s, handler);

  const closed = new Promise<number>((resolve) =>
    child.once('close', (code, signal) =>
      resolve(code ?? 128 + (signal ? (os.constants.signals[signal] ?? 0) : 0)),
    ),
  );
  const fromServer = pump(
    child.stdout,
    (l) => relay.fromServer(l),
    (t) => toAgent([t]),
  );
  void pump(
    process.stdin,
    (l) => relay.fromAgent(l),
    (t) => toServer([t]),
  ).then(() => child.stdin.end());

  const code = await closed;
  await fromServer;
  for (const [s, handler] of signals) process.off(s, handler);
  // The agent may keep its end of stdin open after the server has gone: stop reading it.
  process.stdin.destroy();
  closeConnections();
  return code;
}
