// Gatehouse under test, as its own process: the command of `npm start` (read from package.json, so
// that its Node flags are measured too), on the embedded SQLite default, over a fresh data directory
// under os.tmpdir(), bound to 127.0.0.1 only. A separate process so that the server and the load
// generator do not share an event loop or a heap; the figures are those of a real deployment here.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface ServerOptions {
  repoRoot: string;
  logLevel: string;
  admin: { email: string; password: string };
  /** A directory for V8 CPU profiles (node --cpu-prof), written when the server exits. */
  cpuProfileDir?: string | undefined;
  startTimeoutMs?: number;
  /** A data directory prepared beforehand (a store seeded with data); removed at stop like a fresh one. */
  dataDir?: string;
  /** Leave the data directory at stop: another server starts on the same store after this one. */
  keepDataDir?: boolean;
  /** Settings beyond the defaults below, which they replace. */
  env?: Record<string, string>;
}

export interface ServerProcess {
  consoleUrl: string;
  gatewayUrl: string;
  pid: number;
  /** Where the server's stdout goes: /dev/null at info level and above, a file otherwise. */
  logSink: string;
  /** CPU seconds the server process has used so far (all threads), or null where /proc is absent. */
  cpuSeconds(): number | null;
  /** SIGTERM, then wait for the graceful stop (SIGKILL after the timeout); removes the data directory. */
  stop(timeoutMs?: number): Promise<{ code: number | null; signal: string | null; stderr: string }>;
}

/** A port the OS reports free on 127.0.0.1 (released at once; the server binds it moments later). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

// utime + stime of /proc/<pid>/stat, in clock ticks (USER_HZ, 100 on every Linux this runs on).
const USER_HZ = 100;
export function procCpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / USER_HZ;
  } catch {
    return null;
  }
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: string | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

export interface Launch {
  repoRoot: string;
  args: string[];
  env: Record<string, string>;
  /**
   * A file descriptor to write stdout to, 'ignore' for /dev/null, or 'announce': the process is ready
   * when it prints its first line on stdout (JSON, returned as `announced`), and the rest is discarded.
   */
  stdout: number | 'ignore' | 'announce';
  /** Ready when this answers 200 (not needed with stdout 'announce'). */
  healthUrl?: string;
  startTimeoutMs: number;
  /** Runs after the process has exited (stopped, or failed to start). */
  cleanup: () => void;
  /** More to say when the process fails to start. */
  failureHint?: () => string;
}

export interface Launched {
  pid: number;
  /** The first line the process printed, parsed, with stdout 'announce'. */
  announced?: Record<string, unknown>;
  cpuSeconds(): number | null;
  stop(timeoutMs?: number): Promise<{ code: number | null; signal: string | null; stderr: string }>;
}

// Every child still running, killed when this process exits however it exits (an exception included):
// no benchmark leaves a server behind.
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** The first line a child prints on stdout, parsed as JSON; rejects if it exits or prints something else. */
function firstLine(child: ChildProcess): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout!.setEncoding('utf8');
    const onData = (chunk: string) => {
      text += chunk;
      const nl = text.indexOf('\n');
      if (nl < 0) return;
      child.stdout!.off('data', onData);
      // Whatever else it prints is read and dropped, so that a full pipe never blocks it.
      child.stdout!.resume();
      try {
        resolve(JSON.parse(text.slice(0, nl)) as Record<string, unknown>);
      } catch {
        reject(new Error(`expected a JSON line on stdout, got ${text.slice(0, 200)}`));
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', () => reject(new Error('exited before it was ready')));
  });
}

/**
 * Spawns `node <args>` and waits until it is ready (healthUrl answers 200, or its announcement line);
 * kills it and throws if it never is.
 */
export async function launch(l: Launch): Promise<Launched> {
  const child = spawn(process.execPath, l.args, {
    cwd: l.repoRoot,
    env: { ...process.env, ...l.env },
    stdio: ['ignore', l.stdout === 'announce' ? 'pipe' : l.stdout, 'pipe'],
  });
  live.add(child);
  child.once('exit', () => live.delete(child));
  if (typeof l.stdout === 'number') fs.closeSync(l.stdout);
  const announcement = l.stdout === 'announce' ? firstLine(child) : undefined;
  announcement?.catch(() => {}); // read below; a rejection before then is not unhandled
  // Keep the tail of stderr for the error message should the process fail; bounded.
  let stderr = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-8_192);
  });
  const exit = exited(child);

  const deadline = Date.now() + l.startTimeoutMs;
  let ready = false;
  let announced: Record<string, unknown> | undefined;
  let failure = '';
  if (announcement) {
    const timer = new AbortController();
    try {
      announced = await Promise.race([
        announcement,
        sleep(l.startTimeoutMs, undefined, { signal: timer.signal }).then(() =>
          Promise.reject(new Error('no announcement in time')),
        ),
      ]);
      ready = true;
    } catch (err) {
      failure = ` (${(err as Error).message})`;
    } finally {
      timer.abort();
    }
  }
  while (
    !ready &&
    l.healthUrl &&
    Date.now() < deadline &&
    child.exitCode === null &&
    child.signalCode === null
  ) {
    try {
      const res = await fetch(l.healthUrl, { signal: AbortSignal.timeout(1_000) });
      ready = res.status === 200;
      await res.body?.cancel();
    } catch {
      /* not listening yet */
    }
    if (!ready) await sleep(100);
  }
  if (!ready) {
    child.kill('SIGKILL');
    await exit;
    const hint = l.failureHint?.() ?? '';
    l.cleanup();
    throw new Error(
      `${l.args.at(-1)} did not become ready${l.healthUrl ? ` at ${l.healthUrl}` : ''}${failure}${stderr ? `\nstderr:\n${stderr}` : ''}${hint}`,
    );
  }

  return {
    pid: child.pid!,
    ...(announced ? { announced } : {}),
    cpuSeconds: () => procCpuSeconds(child.pid!),
    async stop(timeoutMs = 15_000) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const result = await exit;
      clearTimeout(killer);
      l.cleanup();
      return { ...result, stderr };
    },
  };
}

/** `npm start`'s command from the root package.json, as node's arguments (the script is last). */
export function startCommand(repoRoot: string): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts?: { start?: string };
  };
  const [node, ...args] = (pkg.scripts?.start ?? '').split(/\s+/).filter(Boolean);
  if (node !== 'node' || !args.at(-1)?.endsWith('.ts'))
    throw new Error(`npm start is not "node [flags] <script>.ts": ${pkg.scripts?.start}`);
  return args;
}

/** The same as a command line, for the reports. */
export const startCommandLine = (repoRoot = path.resolve(import.meta.dirname, '..')) =>
  ['node', ...startCommand(repoRoot)].join(' ');

export async function startServer(opts: ServerOptions): Promise<ServerProcess> {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-bench-'));
  const [consolePort, gatewayPort] = [await freePort(), await freePort()];
  // Request logging is part of the server's real cost, so at info it is kept and sent to /dev/null (the
  // cheapest sink, like a collector that keeps up). At quieter levels the few lines go to a file, where
  // a start-up failure can be read.
  const verbose = ['info', 'debug', 'trace'].includes(opts.logLevel);
  const logSink = verbose ? os.devNull : path.join(dataDir, 'server.log');
  const consoleUrl = `http://127.0.0.1:${consolePort}`;
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const server = await launch({
    repoRoot: opts.repoRoot,
    args: [
      ...(opts.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${opts.cpuProfileDir}`] : []),
      ...startCommand(opts.repoRoot),
    ],
    env: {
      GATEHOUSE_HOST: '127.0.0.1',
      GATEHOUSE_CONSOLE_PORT: String(consolePort),
      GATEHOUSE_GATEWAY_PORT: String(gatewayPort),
      GATEHOUSE_DATA_DIR: dataDir,
      GATEHOUSE_ADMIN_EMAIL: opts.admin.email,
      GATEHOUSE_ADMIN_PASSWORD: opts.admin.password,
      GATEHOUSE_LOG_LEVEL: opts.logLevel,
      // Unset (empty) so that a developer's own settings cannot turn this into another deployment.
      GATEHOUSE_DATABASE_URL: '',
      GATEHOUSE_MASTER_KEY: '',
      GATEHOUSE_ROLE: 'all',
      GATEHOUSE_TRUSTED_PROXIES: '',
      GATEHOUSE_PUBLIC_URL: '',
      // The load comes from one address and may open up to 1,024 connections (BENCH_OPEN_CONNECTIONS):
      // past the per-address cap (256) the figures would measure refusals, not the Gateway.
      GATEHOUSE_MAX_CONNECTIONS: '4096',
      GATEHOUSE_MAX_CONNECTIONS_PER_ADDRESS: '4096',
      ...opts.env,
    },
    stdout: verbose ? 'ignore' : fs.openSync(logSink, 'w'),
    // The console listener starts before the Gateway, so a healthy Gateway means both are up.
    healthUrl: `${gatewayUrl}/healthz`,
    startTimeoutMs: opts.startTimeoutMs ?? 30_000,
    cleanup: () => {
      if (!opts.keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
    failureHint: () =>
      verbose
        ? '\n(stdout went to /dev/null; BENCH_LOG_LEVELS=warn keeps it in a file)'
        : `\nstdout:\n${fs.readFileSync(logSink, 'utf8').slice(-4_096)}`,
  });
  return { consoleUrl, gatewayUrl, logSink, ...server };
}

/**
 * The calibration server (baseline-server.ts): plain node:http answering a fixed JSON body. What the
 * same generator gets from it is the most any Node server could reach on this machine.
 */
export async function startBaseline(repoRoot: string): Promise<Launched & { url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await launch({
    repoRoot,
    args: ['--import', 'tsx', 'bench/baseline-server.ts'],
    env: { BENCH_BASELINE_PORT: String(port) },
    stdout: 'ignore',
    healthUrl: url,
    startTimeoutMs: 15_000,
    cleanup: () => {},
  });
  return { url, ...server };
}
