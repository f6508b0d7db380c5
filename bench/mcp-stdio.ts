// The cost of the endpoint shim (issue 17): a local MCP server over stdio (mcp-stdio-server.ts) run
// directly and run as `gatehouse-client mcp wrap --name bench -- node … mcp-stdio-server.ts`, the client
// signed in to the bench's Gatehouse, under its default policy (pinning enforced, the detectors on
// arguments and results: no decision is cacheable, so every call asks POST /mcp/decide twice). The bench
// is the agent: it writes newline-delimited JSON-RPC to the process's stdin (initialize,
// notifications/initialized, tools/list, then tools/call at a fixed rate, one after another on the one
// pipe) and times each call from the moment its line is written to the moment its answer is read.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { signInMachine, type SignedInMachine } from './device-login.ts';
import type { AdminSession } from './fixtures.ts';
import type { Stoppable, SuiteContext } from './gateway-suite.ts';
import { LatencyRecorder } from './latency.ts';
import type { LoadResult } from './load.ts';
import { measureCpu } from './machine.ts';
import { describe, mergeMeasured, type Measured } from './measure.ts';
import type { McpResult, McpScenario, McpSettings } from './mcp-suite.ts';
import { procCpuSeconds } from './server-process.ts';

export const STDIO_CALL_RATE = 200;

/** The endpoint shim's scenario: over a pipe, not HTTP, so not one of MCP_SCENARIOS. */
export const STDIO_SCENARIO: McpScenario<'stdio-direct' | 'stdio-wrapped'> = {
  id: 'stdio-call-200',
  title: `tools/call of a local stdio server at ${STDIO_CALL_RATE}/s (open loop, one pipe)`,
  mode: 'open',
  rate: STDIO_CALL_RATE,
  targets: ['stdio-direct', 'stdio-wrapped'],
};

type StdioTarget = (typeof STDIO_SCENARIO.targets)[number];

const PROTOCOL_VERSION = '2025-06-18';
// A call's answer later than this counts as an error: the shim's own timeout toward the Gateway is 5 s.
const ANSWER_TIMEOUT_MS = 10_000;
// The protocol caps a message at 4 MB; an answer line longer than this is the server misbehaving.
const MAX_LINE = 4 * 1024 * 1024;

interface Pending {
  resolve(answer: Record<string, unknown>): void;
  reject(err: Error): void;
}

/** One stdio MCP process as an agent holds it: requests written as lines, answers matched by id. */
export class StdioPeer {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private buffered = '';
  private stderrTail = '';
  private exited: string | null = null;

  constructor(command: string, args: string[], cwd: string, env: Record<string, string>) {
    this.child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: 'pipe' });
    this.child.stdout.setEncoding('utf8').on('data', (chunk: string) => this.read(chunk));
    this.child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-2000);
    });
    this.child.once('exit', (code, signal) => {
      this.exited = `exited ${code ?? signal}`;
      this.failAll(new Error(`the MCP process ${this.exited}: ${this.stderrTail.trim().slice(-500)}`));
    });
    // A process that could not be started emits 'error' and no 'exit'.
    this.child.once('error', (err) => {
      this.exited ??= `could not start (${err.message})`;
      this.failAll(new Error(`the MCP process ${this.exited}`));
    });
    this.child.stdin.on('error', () => {});
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  cpuSeconds = (): number | null => (this.child.pid ? procCpuSeconds(this.child.pid) : null);

  private failAll(err: Error): void {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }

  private read(chunk: string): void {
    this.buffered += chunk;
    if (this.buffered.length > MAX_LINE && !this.buffered.includes('\n')) {
      this.failAll(new Error('an answer line longer than 4 MB'));
      this.buffered = '';
      return;
    }
    let nl: number;
    while ((nl = this.buffered.indexOf('\n')) >= 0) {
      const line = this.buffered.slice(0, nl).trim();
      this.buffered = this.buffered.slice(nl + 1);
      if (!line) continue;
      let msg: Record<string, unknown>;
      try {
        msg = JSON.parse(line) as Record<string, unknown>;
      } catch {
        continue; // Not JSON-RPC: a server may print anything; only answers matter here.
      }
      const id = typeof msg.id === 'number' ? msg.id : undefined;
      const p = id === undefined ? undefined : this.pending.get(id);
      if (!p) continue; // A notification or a request of the server's: nothing waits for it.
      this.pending.delete(id!);
      p.resolve(msg);
    }
  }

  notify(method: string, params?: unknown): void {
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method, ...(params ? { params } : {}) })}\n`);
  }

  /** Sends a request; resolves with its answer (a result or an error object), rejects on timeout or exit. */
  request(method: string, params: unknown, timeoutMs = ANSWER_TIMEOUT_MS): Promise<Record<string, unknown>> {
    if (this.exited) return Promise.reject(new Error(`the MCP process ${this.exited}`));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`no answer to ${method} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, {
        resolve: (a) => (clearTimeout(timer), resolve(a)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
      this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
  }

  /** initialize, notifications/initialized and tools/list, as an agent opens a server; throws unless the
   * echo tool is listed (the shim leaves out a tool the policy blocks). */
  async open(): Promise<void> {
    const init = await this.request('initialize', {
      protocolVersion: PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: { name: 'gatehouse-bench', version: '1' },
    });
    if (!init.result) throw new Error(`initialize: ${JSON.stringify(init).slice(0, 300)}`);
    this.notify('notifications/initialized');
    const list = await this.request('tools/list', {});
    const tools = (list.result as { tools?: Array<{ name?: string }> } | undefined)?.tools ?? [];
    if (!tools.some((t) => t.name === 'echo'))
      throw new Error(`tools/list has no echo tool: ${JSON.stringify(list).slice(0, 300)}`);
  }

  /** Closes stdin (the agent going away) and waits for the exit; SIGKILL after `timeoutMs`. */
  async stop(timeoutMs = 5_000): Promise<void> {
    if (this.exited || this.child.pid === undefined) return;
    const gone = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.stdin.end();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), timeoutMs);
    await gone;
    clearTimeout(timer);
  }
}

/** The server, run directly or through the shim, from the repository's root. */
export function startStdioPeer(
  repoRoot: string,
  wrapped: false | { env: Record<string, string> },
): StdioPeer {
  const server = [process.execPath, '--import', 'tsx', path.join(repoRoot, 'bench', 'mcp-stdio-server.ts')];
  if (!wrapped) return new StdioPeer(server[0]!, server.slice(1), repoRoot, {});
  const bin = path.join(repoRoot, 'client', 'bin', 'gatehouse-client.js');
  return new StdioPeer(
    process.execPath,
    [bin, 'mcp', 'wrap', '--name', 'bench', '--', ...server],
    repoRoot,
    wrapped.env,
  );
}

const CALL = { name: 'echo', arguments: { text: 'hello from the benchmark' } };
const isEcho = (a: Record<string, unknown>) =>
  (a.result as { content?: Array<{ text?: string }> } | undefined)?.content?.[0]?.text ===
  CALL.arguments.text;

/** One call, checked: null when it answered the echo, else what it answered. */
export async function checkCall(peer: StdioPeer): Promise<string | null> {
  try {
    const a = await peer.request('tools/call', CALL);
    return isEcho(a) ? null : `answered ${JSON.stringify(a).slice(0, 200)}`;
  } catch (err) {
    return (err as Error).message;
  }
}

/**
 * tools/call at `rate` per second for `warmupS` then `durationS` seconds, one pipe: each send on its
 * schedule (or at once when late), each answer matched by id. Latency from the write to the answer.
 */
export async function measureStdio(
  peer: StdioPeer,
  rate: number,
  warmupS: number,
  durationS: number,
): Promise<Measured> {
  const intervalNs = BigInt(Math.round(1e9 / rate));
  const count = Math.max(1, Math.round(rate * durationS));
  const latency = new LatencyRecorder(count);
  const errorSamples = new Set<string>();
  let errors = 0;
  let ok = 0;
  const calls: Promise<void>[] = [];
  const send = (measured: boolean) => {
    const t0 = process.hrtime.bigint();
    const answered = peer.request('tools/call', CALL).then(
      (a) => {
        if (!measured) return;
        const us = Number(process.hrtime.bigint() - t0) / 1000;
        if (isEcho(a)) {
          ok++;
          latency.record(us);
        } else {
          errors++;
          errorSamples.add(JSON.stringify(a).slice(0, 120));
        }
      },
      (err: Error) => {
        if (!measured) return;
        errors++;
        errorSamples.add(err.message.slice(0, 120));
      },
    );
    if (measured) calls.push(answered);
    return answered;
  };
  const schedule = async (n: number, measured: boolean) => {
    const start = process.hrtime.bigint();
    for (let i = 0; i < n; i++) {
      const due = start + BigInt(i) * intervalNs;
      const waitNs = due - process.hrtime.bigint();
      if (waitNs > 1_000_000n) await sleep(Number(waitNs / 1_000_000n));
      void send(measured);
    }
    return start;
  };
  await schedule(Math.round(rate * warmupS), false);
  const stopCpu = measureCpu(peer.cpuSeconds);
  const t0 = process.hrtime.bigint();
  await schedule(count, true);
  const lastSend = process.hrtime.bigint();
  await Promise.all(calls);
  const end = process.hrtime.bigint();
  const cpu = stopCpu();
  const elapsedMs = Number(end - t0) / 1e6;
  const scheduleMs = (count / rate) * 1000;
  const samples = latency.values();
  const load: LoadResult = {
    mode: 'open',
    targetRate: rate,
    connections: 1,
    elapsedMs,
    sent: count,
    ok,
    errors,
    errorSamples: [...errorSamples].slice(0, 5),
    achievedRate: elapsedMs > 0 ? ok / (elapsedMs / 1000) : 0,
    latency: latency.summary(),
    sendLag: null,
    scheduleMs,
    lateMs: Number(end - lastSend) / 1e6,
    rounds: 1,
    samples: { latency: samples },
  };
  return { load, cpu, upstreamCpu: null };
}

type Keep = <T extends Stoppable>(p: T) => T;

/** A peer opened and checked with one call: null when it works, else why not (the report says so). */
async function ready(peer: StdioPeer): Promise<string | null> {
  try {
    await peer.open();
  } catch (err) {
    return (err as Error).message;
  }
  return checkCall(peer);
}

/**
 * The suite's stdio scenario: a developer's machine signed in, the server run directly and through the
 * shim, both opened once and measured in rounds, taking turns as the suite's other targets do.
 */
export async function runStdioScenario(
  ctx: SuiteContext,
  s: McpSettings,
  keep: Keep,
  consoleUrl: string,
  admin: AdminSession,
): Promise<McpResult[]> {
  const scenario = STDIO_SCENARIO;
  ctx.say(`  ${scenario.title}`);
  let machine: SignedInMachine;
  try {
    machine = await signInMachine(ctx.repoRoot, consoleUrl, admin, 'bench-developer@example.com');
  } catch (err) {
    const skipped = `the client could not sign in: ${(err as Error).message}`;
    ctx.say(`    NOT MEASURED — ${skipped}`);
    return scenario.targets.map((target) => ({ scenario: scenario.id, target, skipped }));
  }
  keep({ stop: async () => machine.cleanup() });
  const peers: Record<StdioTarget, StdioPeer> = {
    'stdio-direct': keep(startStdioPeer(ctx.repoRoot, false)),
    'stdio-wrapped': keep(startStdioPeer(ctx.repoRoot, { env: machine.env })),
  };
  const targets = scenario.targets;
  const why = new Map<StdioTarget, string>();
  for (const t of targets) {
    const problem = await ready(peers[t]);
    if (problem) {
      why.set(t, problem);
      ctx.say(`    ${t}: NOT ANSWERING — ${problem}`);
    }
  }
  const measurable = targets.filter((t) => !why.has(t));
  const parts = new Map<StdioTarget, Measured[]>(measurable.map((t) => [t, []]));
  for (let round = 0; round < s.rounds; round++) {
    for (let i = 0; i < measurable.length; i++) {
      const target = measurable[(i + round) % measurable.length]!;
      ctx.write(`    ${target}${s.rounds > 1 ? ` (round ${round + 1}/${s.rounds})` : ''}: `);
      await ctx.settle();
      const warmupS = round === 0 ? s.warmupS : Math.min(1, s.warmupS);
      const m = await measureStdio(peers[target], scenario.rate!, warmupS, s.durationS / s.rounds);
      parts.get(target)!.push(m);
      ctx.say(describe(m.load, m.cpu));
    }
  }
  return targets.map((target) => {
    const skipped = why.get(target);
    if (skipped) return { scenario: scenario.id, target, skipped };
    const m = mergeMeasured(parts.get(target)!);
    return { scenario: scenario.id, target, load: m.load, cpu: m.cpu };
  });
}
