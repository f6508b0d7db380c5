// The real `gatehouse-client` (bin/gatehouse-client.js) as a child process, with a home directory and a
// config directory of its own, as a developer's machine runs it. Every wait is bounded.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const BIN = path.resolve(import.meta.dirname, '../../bin/gatehouse-client.js');

export interface Machine {
  home: string;
  configDir: string;
  /** The environment the client runs with: HOME and the config directory, and no display. */
  env: Record<string, string>;
  /** The client's own settings file, parsed. */
  state(): any;
  cleanup(): void;
}

/** A fresh machine: a temporary HOME and config directory (not yet created, as on first use). */
export function newMachine(extra: Record<string, string> = {}): Machine {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-client-'));
  const home = path.join(root, 'home');
  fs.mkdirSync(home);
  const configDir = path.join(root, 'config', 'gatehouse');
  return {
    home,
    configDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: home,
      GATEHOUSE_CLIENT_CONFIG_DIR: configDir,
      ...extra,
    },
    state() {
      return JSON.parse(fs.readFileSync(path.join(configDir, 'config.json'), 'utf8'));
    },
    cleanup: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}

export interface Run {
  child: ChildProcess;
  readonly stdout: string;
  readonly stderr: string;
  /** Waits until `match` holds for what the stream has printed so far. */
  waitFor(stream: 'stdout' | 'stderr', match: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** The exit code, once it has exited (killed after `timeoutMs`). */
  done(timeoutMs?: number): Promise<{ code: number | null; stdout: string; stderr: string }>;
}

/** Starts a command in `cwd` (the home directory unless told: a project's files are read from its own). */
export function startCli(
  machine: Machine,
  args: string[],
  env: Record<string, string> = {},
  cwd = machine.home,
): Run {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd,
    env: { ...machine.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = { stdout: '', stderr: '' };
  child.stdout!.setEncoding('utf8').on('data', (c: string) => (out.stdout += c));
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (out.stderr += c));
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.once('close', (code) => resolve((exitCode = code))),
  );
  return {
    child,
    get stdout() {
      return out.stdout;
    },
    get stderr() {
      return out.stderr;
    },
    async waitFor(stream, match, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const m = out[stream].match(match);
        if (m) return m;
        if (exitCode !== undefined || Date.now() > deadline)
          throw new Error(
            `no ${match} on ${stream} (${exitCode !== undefined ? `exited ${exitCode}` : 'timed out'}); ` +
              `stdout:\n${out.stdout}\nstderr:\n${out.stderr}`,
          );
        await sleep(20);
      }
    },
    async done(timeoutMs = 60_000) {
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      try {
        const code = await exited;
        return { code, stdout: out.stdout, stderr: out.stderr };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** Runs one command to its end. */
export function runCli(
  machine: Machine,
  args: string[],
  env: Record<string, string> = {},
  timeoutMs = 60_000,
  cwd = machine.home,
) {
  return startCli(machine, args, env, cwd).done(timeoutMs);
}
