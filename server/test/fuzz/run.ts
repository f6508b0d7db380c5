// A fuzz run: the target started as a child process, its routes and the management API's OpenAPI
// document read from it, `requests` generated requests sent with `concurrency` in flight (until done
// or `seconds` have passed), the answers tallied, and at the end: did the child stay up, does /healthz
// answer. Only 127.0.0.1.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { GATEWAY_BODY_LIMIT } from '../../src/gateway/gateway-app.ts';
import { describeRequest, familyOf, type FuzzReport } from './report.ts';
import { generate, type GenContext, type Listener } from './request-gen.ts';
import { createSender, type Outcome } from './send.ts';
import type { Identities, TargetReady } from './target-types.ts';

export interface FuzzOptions {
  seed: number;
  requests: number;
  seconds: number;
  concurrency: number;
  engine: 'sqlite' | 'postgres';
  /** PostgreSQL to make the store's schema in (the engine postgres). */
  databaseUrl?: string;
  /** Replay only these request indices. */
  only?: number[];
  /** Progress lines (every 10,000 requests). */
  progress?: (line: string) => void;
}

const TARGET = path.resolve(import.meta.dirname, 'target.ts');
const TSX = import.meta.resolve('tsx');
const REQUEST_TIMEOUT_MS = 30_000;
const RAW_TIMEOUT_MS = 5_000;
/** An address the fuzzer never uses for its requests: signing in again from it is never refused. */
const CLEAN_ADDRESS = '198.51.100.7';

interface Target {
  child: ChildProcess;
  ready: TargetReady;
  exited: { code: number | null; signal: string | null } | null;
  stderr: string;
  errorLogs: string[];
  stalls: FuzzReport['stalls'];
}

async function startTarget(options: FuzzOptions): Promise<Target> {
  const child = fork(TARGET, [], {
    execArgv: ['--import', TSX],
    env: {
      ...process.env,
      FUZZ_ENGINE: options.engine,
      GATEHOUSE_TEST_LOG_LEVEL: 'error',
      ...(options.databaseUrl ? { GATEHOUSE_TEST_DATABASE_URL: options.databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const target = { child, exited: null, stderr: '', errorLogs: [], stalls: [] } as unknown as Target;
  child.on('message', (m: any) => m?.stall && target.stalls.length < 50 && target.stalls.push(m.stall));
  child
    .stderr!.setEncoding('utf8')
    .on('data', (s: string) => (target.stderr = (target.stderr + s).slice(-20_000)));
  let partial = '';
  child.stdout!.setEncoding('utf8').on('data', (s: string) => {
    const lines = (partial + s).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines)
      if (line.trim() && target.errorLogs.length < 200) target.errorLogs.push(line.slice(0, 2000));
  });
  child.on('exit', (code, signal) => (target.exited = { code, signal }));
  target.ready = await new Promise<TargetReady>((resolve, reject) => {
    child.on('message', (m: any) => m?.ready && resolve(m.ready));
    child.on('exit', (code) =>
      reject(new Error(`the fuzz target exited (${code}) before it was ready:\n${target.stderr}`)),
    );
  });
  return target;
}

async function stopTarget(t: Target): Promise<void> {
  if (t.exited) return;
  const gone = new Promise((r) => t.child.once('exit', r));
  t.child.send('stop');
  const timer = setTimeout(() => t.child.kill('SIGKILL'), 20_000);
  await gone;
  clearTimeout(timer);
}

/** Signs in again (from an address the run never fails from) after a fuzzed sign-out ended a session. */
async function renewSession(ready: TargetReady, who: 'owner' | 'developer'): Promise<void> {
  const ids: Identities = ready.identities;
  const [url, login] =
    who === 'owner'
      ? [`${ready.consoleUrl}/api/v1/session`, ids.ownerLogin]
      : [`${ready.consoleUrl}/api/v1/developer/session`, ids.developerLogin];
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': CLEAN_ADDRESS },
    body: JSON.stringify(login),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => undefined);
  if (!res) return;
  if (res.status !== 200) return; // the run goes on with a dead session; the tallies show it
  const body = (await res.json()) as { csrf_token: string };
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  ids[who] = { cookie, csrf: body.csrf_token };
}

/** Every request ends within this, whatever happens to it: a hung send must not stall the run. */
const WATCHDOG_MS = 60_000;

function watchdog(sending: Promise<Outcome>): Promise<Outcome> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve({ status: 0, note: 'timeout' }), WATCHDOG_MS);
  });
  return Promise.race([sending, late]).finally(() => clearTimeout(timer));
}

function bump(counts: Record<string, number>, key: string) {
  counts[key] = (counts[key] ?? 0) + 1;
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const target = await startTarget(options);
  const sender = createSender(REQUEST_TIMEOUT_MS, RAW_TIMEOUT_MS);
  const started = Date.now();
  const report: FuzzReport = {
    seed: options.seed,
    engine: options.engine,
    requests: 0,
    seconds: 0,
    byRoute: { console: {}, gateway: {} },
    byListener: { console: {}, gateway: {} },
    serverErrors: [],
    timeouts: [],
    brokenOff: [],
    unreached: [],
    unreachedFamilies: [],
    crashed: null,
    healthyAtEnd: false,
    errorLogs: [],
    stalls: [],
  };
  try {
    const { ready } = target;
    for (const listener of ['console', 'gateway'] as const)
      if (ready.routes[listener].length === 0)
        throw new Error(`the ${listener} listener registered no route`);
    const openapi = (await (
      await fetch(`${ready.consoleUrl}/api/openapi.json`)
    ).json()) as GenContext['openapi'];
    const ctx: GenContext = {
      routes: ready.routes,
      openapi,
      identities: ready.identities,
      upstreamUrl: ready.upstreamUrl,
      bodyLimits: { console: 256 * 1024, gateway: GATEWAY_BODY_LIMIT },
    };
    const base: Record<Listener, string> = { console: ready.consoleUrl, gateway: ready.gatewayUrl };
    // Every route starts at zero, so that one no request reached shows.
    for (const listener of ['console', 'gateway'] as const)
      for (const r of ready.routes[listener]) report.byRoute[listener][`${r.method} ${r.url}`] = {};

    const indices = options.only ?? Array.from({ length: options.requests }, (_, i) => i);
    const deadline = started + options.seconds * 1000;
    let next = 0;
    const worker = async () => {
      while (next < indices.length && Date.now() < deadline && !target.exited) {
        const index = indices[next++]!;
        const request = generate(options.seed, index, ctx);
        const outcome = await watchdog(sender.send(base[request.listener], request));
        const key =
          outcome.status === 0
            ? (outcome.note ?? 'closed')
            : outcome.note === 'broken'
              ? `${outcome.status} broken off`
              : String(outcome.status);
        bump((report.byRoute[request.listener][request.route] ??= {}), key);
        bump(report.byListener[request.listener], key);
        report.requests++;
        const finding = () => ({
          index,
          kind: request.raw?.name ?? (outcome.viaSocket ? 'refused by undici, sent raw' : 'http'),
          request: describeRequest(request),
          outcome,
        });
        if (outcome.status >= 500) report.serverErrors.push(finding());
        if (outcome.note === 'timeout') report.timeouts.push(finding());
        if (outcome.note === 'broken') report.brokenOff.push(finding());
        if (request.endsSession && outcome.status < 300 && outcome.status >= 200)
          await renewSession(ready, request.endsSession);
        if (report.requests % 10_000 === 0)
          options.progress?.(
            `${report.requests} requests, ${report.serverErrors.length} 5xx, ${((Date.now() - started) / 1000).toFixed(0)} s`,
          );
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, worker));
    report.seconds = (Date.now() - started) / 1000;

    if (!target.exited) {
      const health = await Promise.all(
        [ready.consoleUrl, ready.gatewayUrl].map((u) =>
          fetch(`${u}/healthz`, { signal: AbortSignal.timeout(10_000) }).then(
            (r) => r.status === 200,
            () => false,
          ),
        ),
      );
      report.healthyAtEnd = health.every(Boolean);
    }
    for (const listener of ['console', 'gateway'] as const) {
      const reachedFamilies = new Set<string>();
      const families = new Set<string>();
      for (const [route, counts] of Object.entries(report.byRoute[listener])) {
        if (!ready.routes[listener].some((r) => `${r.method} ${r.url}` === route)) continue;
        const family = familyOf(listener, route);
        families.add(family);
        const reached = Object.keys(counts).some((s) => /^\d+$/.test(s) && s !== '404');
        if (reached) reachedFamilies.add(family);
        else report.unreached.push(`${listener} ${route}`);
      }
      if (!options.only)
        report.unreachedFamilies.push(...[...families].filter((f) => !reachedFamilies.has(f)));
    }
  } finally {
    await sender.close();
    if (target.exited) report.crashed = { ...target.exited, stderr: target.stderr.slice(-4000) };
    else await stopTarget(target);
    report.stalls = target.stalls;
    report.errorLogs = target.errorLogs.filter((l) => /"level":(50|60)/.test(l)).slice(0, 50);
  }
  return report;
}
