// Reads a V8 CPU profile (written by `node --cpu-prof`, see BENCH_CPU_PROFILE in run.ts) and prints
// where the time went: self time per function and per package/file, heaviest first. A diagnostic for
// a missed goal, not part of the figures.
//
//   node --import tsx bench/cpu-profile.ts <file.cpuprofile> [top=30] [skip-seconds=0]
//
// skip-seconds leaves out the start of the profile (module loading, start-up, warm-up).
import fs from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface Hotspot {
  name: string;
  selfMs: number;
  percent: number;
}

/** Groups a script URL by package (node_modules/<pkg>), by project file, or by Node's own modules. */
function owner(url: string): string {
  if (url === '') return '(native / VM)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return url;
  const own = /\/(server\/src\/.*)$/.exec(url);
  return own ? own[1]! : url;
}

const keyOf = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || '(anonymous)'} ${owner(url)}:${lineNumber + 1}`;
};

export interface Summary {
  totalMs: number;
  /** Self time per function. */
  functions: Hotspot[];
  /** Self time per package or project file. */
  owners: Hotspot[];
  /** Time with the function anywhere on the stack (each sample counted once per function). */
  inclusive: Hotspot[];
}

export function summarise(profile: Profile, skipMs = 0): Summary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfUs = new Map<number, number>();
  let elapsedUs = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    elapsedUs += delta;
    if (elapsedUs >= skipMs * 1000) selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
  });
  const fn = new Map<string, number>();
  const own = new Map<string, number>();
  let total = 0;
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node) continue;
    const { functionName, url } = node.callFrame;
    total += us;
    if (functionName === '(idle)' || functionName === '(program)' || functionName === '(garbage collector)') {
      fn.set(functionName, (fn.get(functionName) ?? 0) + us);
      own.set(functionName, (own.get(functionName) ?? 0) + us);
      continue;
    }
    const key = keyOf(node);
    fn.set(key, (fn.get(key) ?? 0) + us);
    own.set(owner(url), (own.get(owner(url)) ?? 0) + us);
  }
  const incl = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at);
      if (node && node.callFrame.functionName !== '(root)') seen.add(keyOf(node));
    }
    for (const key of seen) incl.set(key, (incl.get(key) ?? 0) + us);
  }
  const rank = (m: Map<string, number>) =>
    [...m]
      .map(([name, us]) => ({ name, selfMs: us / 1000, percent: total ? (us / total) * 100 : 0 }))
      .sort((a, b) => b.selfMs - a.selfMs);
  return { totalMs: total / 1000, functions: rank(fn), owners: rank(own), inclusive: rank(incl) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) {
    process.stderr.write('usage: node --import tsx bench/cpu-profile.ts <file.cpuprofile> [top]\n');
    process.exit(2);
  }
  // Piped into head: stop quietly when the reader goes away.
  process.stdout.on('error', () => process.exit(0));
  const top = Number(process.argv[3] ?? 30);
  const skipMs = Number(process.argv[4] ?? 0) * 1000;
  const { totalMs, functions, owners, inclusive } = summarise(
    JSON.parse(fs.readFileSync(file, 'utf8')) as Profile,
    skipMs,
  );
  const line = (h: Hotspot) =>
    `${h.percent.toFixed(1).padStart(5)}%  ${h.selfMs.toFixed(0).padStart(7)} ms  ${h.name}\n`;
  process.stdout.write(
    `profile: ${(totalMs / 1000).toFixed(1)} s sampled\n\nby package / file (self time):\n`,
  );
  for (const h of owners.slice(0, top)) process.stdout.write(line(h));
  process.stdout.write('\nby function (self time):\n');
  for (const h of functions.slice(0, top)) process.stdout.write(line(h));
  process.stdout.write('\nby function (inclusive time):\n');
  for (const h of inclusive.slice(0, top)) process.stdout.write(line(h));
}

/** The main thread's profile in a --cpu-prof directory: the largest (the others are helper threads'). */
export function mainThreadProfile(dir: string): string | undefined {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(dir, f))
    .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
}
