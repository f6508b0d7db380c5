// The real program (`node --import tsx server/src/main.ts`) as a child process, for tests of what an
// operator sees: its output, its signals, its exit code. Only 127.0.0.1; every wait is bounded.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FreshStore } from './engines.ts';

const MAIN = path.resolve(import.meta.dirname, '../../src/main.ts');
// Absolute, because the child runs in a directory of its own where `tsx` would not resolve.
const TSX = import.meta.resolve('tsx');

/** A port that was free a moment ago (the OS picks it; we close it again for the child to take). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface Program {
  child: ChildProcess;
  readonly stdout: string;
  readonly stderr: string;
  /** stdout's JSON log lines, parsed (a line that is not JSON is kept as {raw}). */
  logLines(): Array<Record<string, any>>;
  /** Waits until `match` holds for what the stream has printed so far. */
  waitFor(stream: 'stdout' | 'stderr', match: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Resolves with the exit code (or the signal that ended it). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` and waits for the exit; kills it if it takes longer than `timeoutMs`. */
  stop(
    signal?: NodeJS.Signals,
    timeoutMs?: number,
  ): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts Gatehouse with exactly `env` (plus PATH and HOME) in `cwd`. */
export function startProgram(env: Record<string, string>, cwd: string): Program {
  const child = spawn(process.execPath, ['--import', TSX, MAIN], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? cwd, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = { stdout: '', stderr: '' };
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out.stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (out.stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let done = false;
  void exited.then(() => (done = true));

  return {
    child,
    get stdout() {
      return out.stdout;
    },
    get stderr() {
      return out.stderr;
    },
    logLines() {
      return out.stdout
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => {
          try {
            return JSON.parse(l) as Record<string, any>;
          } catch {
            return { raw: l };
          }
        });
    },
    async waitFor(stream, match, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const m = out[stream].match(match);
        if (m) return m;
        if (done)
          throw new Error(
            `the program exited before printing ${match}; stdout:\n${out.stdout}\nstderr:\n${out.stderr}`,
          );
        if (Date.now() > deadline)
          throw new Error(
            `no ${match} on ${stream} within ${timeoutMs} ms; stdout:\n${out.stdout}\nstderr:\n${out.stderr}`,
          );
        await sleep(20);
      }
    },
    exited,
    async stop(signal = 'SIGTERM', timeoutMs = 15_000) {
      if (!done) child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export interface Run {
  program: Program;
  consoleUrl: string;
  gatewayUrl: string;
}

/** Starts the program on store `s` with fresh ports and `env`, and waits for its start-up line. */
export async function runProgram(
  s: FreshStore,
  env: Record<string, string> = {},
  // A start takes a few seconds on a quiet machine; loading TypeScript beside a busy test run, far longer.
  startTimeoutMs = 90_000,
): Promise<Run> {
  const consolePort = await freePort();
  let gatewayPort = await freePort();
  for (let i = 0; i < 10 && gatewayPort === consolePort; i++) gatewayPort = await freePort();
  const dbEnv: Record<string, string> = {};
  if (s.databaseUrl) {
    // The program has no schema setting; PostgreSQL's own `options` parameter selects one.
    const url = new URL(s.databaseUrl);
    url.searchParams.set('options', `-c search_path=${s.pgSchema}`);
    dbEnv.GATEHOUSE_DATABASE_URL = url.toString();
  }
  const program = startProgram(
    {
      GATEHOUSE_CONSOLE_PORT: String(consolePort),
      GATEHOUSE_GATEWAY_PORT: String(gatewayPort),
      GATEHOUSE_DATA_DIR: s.dataDir,
      GATEHOUSE_LOG_LEVEL: 'info',
      ...dbEnv,
      ...env,
    },
    s.dataDir,
  );
  try {
    await program.waitFor('stdout', /Gatehouse is running/, startTimeoutMs);
  } catch (err) {
    await program.stop('SIGKILL');
    throw err;
  }
  return {
    program,
    consoleUrl: `http://127.0.0.1:${consolePort}`,
    gatewayUrl: `http://127.0.0.1:${gatewayPort}`,
  };
}
