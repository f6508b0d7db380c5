// The machine the figures were taken on, and where its CPU went during each run. On a 2-core machine
// the server and the load generator share the cores with everything else that runs there, so each run
// also reports how much CPU other processes (and, on a VM, the hypervisor: "steal") took: figures taken
// while something else was busy are not the server's own.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

export interface MachineInfo {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  os: string;
  node: string;
  /** 1-minute load average when the benchmark started. */
  loadAverage: number;
}

export function describeMachine(): MachineInfo {
  const cpus = os.cpus();
  return {
    cpus: os.availableParallelism(),
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    loadAverage: os.loadavg()[0] ?? 0,
  };
}

/** The commit measured, and whether the server's sources differed from it: figures belong to code. */
export function describeCode(repoRoot: string): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
  try {
    const commit = git('rev-parse', '--short', 'HEAD');
    const changed = git('status', '--porcelain', '--', 'server/src').split('\n').filter(Boolean).length;
    return changed
      ? `commit ${commit} with uncommitted changes to ${changed} file(s) in server/src`
      : `commit ${commit}`;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

// /proc/stat counts in USER_HZ ticks (100 per second on every Linux this runs on).
const USER_HZ = 100;

interface CpuTimes {
  busy: number;
  steal: number;
}

function readProcStat(): CpuTimes | null {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
    // cpu user nice system idle iowait irq softirq steal guest guest_nice (guest time is inside user).
    const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
    return { busy: user! + nice! + system! + irq! + softirq!, steal: steal ?? 0 };
  } catch {
    return null;
  }
}

/** CPU used during one run, in cores (1.0 = one core fully busy for the whole run). */
export interface CpuShare {
  /** Wall-clock length of the measurement. */
  seconds: number;
  server: number | null;
  generator: number;
  /** Every other process on the machine: busy time not accounted to the server or the generator. */
  others: number | null;
  /** Time the hypervisor gave this VM's virtual CPUs to someone else. */
  steal: number | null;
}

/** Starts measuring; the returned function ends the measurement. */
export function measureCpu(serverCpuSeconds: () => number | null): () => CpuShare {
  const t0 = process.hrtime.bigint();
  const machine0 = readProcStat();
  const server0 = serverCpuSeconds();
  const self0 = process.cpuUsage();
  return () => {
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const machine1 = readProcStat();
    const server1 = serverCpuSeconds();
    const self = process.cpuUsage(self0);
    const generator = (self.user + self.system) / 1e6 / seconds;
    const server = server0 !== null && server1 !== null ? (server1 - server0) / seconds : null;
    if (!machine0 || !machine1) return { seconds, server, generator, others: null, steal: null };
    const busy = (machine1.busy - machine0.busy) / USER_HZ / seconds;
    return {
      seconds,
      server,
      generator,
      others: server === null ? null : Math.max(0, busy - server - generator),
      steal: (machine1.steal - machine0.steal) / USER_HZ / seconds,
    };
  };
}

/**
 * Waits (bounded) until the rest of the machine is quiet: busy time plus steal below `thresholdCores`
 * over a `sampleMs` window, while the benchmark itself is idle between scenarios. Returns what the last
 * window showed, so that the report can say when a run had to start on a busy machine anyway.
 */
export async function waitForQuiet(opts: {
  thresholdCores: number;
  maxWaitMs: number;
  sampleMs?: number;
}): Promise<{ waitedMs: number; busyCores: number | null }> {
  const sampleMs = opts.sampleMs ?? 500;
  const started = Date.now();
  for (;;) {
    const before = readProcStat();
    await new Promise((resolve) => setTimeout(resolve, sampleMs));
    const after = readProcStat();
    if (!before || !after) return { waitedMs: Date.now() - started, busyCores: null };
    const busyCores = (after.busy - before.busy + after.steal - before.steal) / USER_HZ / (sampleMs / 1000);
    const waitedMs = Date.now() - started;
    if (busyCores < opts.thresholdCores || waitedMs >= opts.maxWaitMs) return { waitedMs, busyCores };
  }
}
