// The fuzz run's findings: status counts per listener and per route, every 5xx with its reproducer (the
// seed, the index, and the request with its secrets elided), and whether Gatehouse stayed up.
import type { Listener, FuzzRequest } from './request-gen.ts';
import type { Outcome } from './send.ts';

export interface Finding {
  index: number;
  /** The raw-socket case, or 'http' for a request sent through the HTTP client. */
  kind: string;
  request: string;
  outcome: Outcome;
}

export interface FuzzReport {
  seed: number;
  engine: string;
  requests: number;
  seconds: number;
  /** status (or 'timeout'/'closed') → count, per listener and route. */
  byRoute: Record<Listener, Record<string, Record<string, number>>>;
  byListener: Record<Listener, Record<string, number>>;
  serverErrors: Finding[];
  timeouts: Finding[];
  /** Answers whose connection broke before the end of the body (a stream cut off). */
  brokenOff: Finding[];
  /** Routes no request got past the router to (only 404s and closed connections). */
  unreached: string[];
  /** Families (first path segments) none of whose routes were reached. */
  unreachedFamilies: string[];
  crashed: { code: number | null; signal: string | null; stderr: string } | null;
  healthyAtEnd: boolean;
  /** Error lines Gatehouse logged during the run (at most 50). */
  errorLogs: string[];
  /** Pauses of Gatehouse's event loop of a second or more, with the requests in flight (at most 50). */
  stalls: Array<{ ms: number; requests: string[] }>;
}

/**
 * A pause of the event loop this long fails the run: shorter ones are reported only, since a busy 2-core
 * machine (a garbage collection, another process) can pause a healthy Gatehouse for a second.
 */
export const FAILING_STALL_MS = 5000;

const SECRET_HEADERS = new Set([
  'authorization',
  'cookie',
  'x-csrf-token',
  'x-api-key',
  'api-key',
  'x-goog-api-key',
]);

/** The request as a reproducer shows it: secrets elided, long bodies cut (with their length). */
export function describeRequest(r: FuzzRequest): string {
  const path = r.path.replace(/^\/d\/[^/?]+/, '/d/<device token>').replace(/([?&]key=)[^&]*/g, '$1<elided>');
  const headers = Object.entries(r.headers).map(
    ([k, v]) =>
      `${k}: ${SECRET_HEADERS.has(k) ? '<elided>' : v.length > 200 ? `${v.slice(0, 200)}… (${v.length} chars)` : v}`,
  );
  const lines = [
    `${r.method} ${path.length > 500 ? `${path.slice(0, 500)}… (${path.length} chars)` : path}`,
    ...headers,
  ];
  if (r.body) {
    const text = JSON.stringify(r.body.subarray(0, 1000).toString('latin1'));
    lines.push(`body (${r.body.length} bytes): ${text}${r.body.length > 1000 ? '…' : ''}`);
  }
  if (r.raw) {
    const bytes = JSON.stringify(r.raw.bytes.subarray(0, 600).toString('latin1'));
    lines.push(`sent instead on a raw socket, case ${r.raw.name} (${r.raw.bytes.length} bytes): ${bytes}`);
  }
  lines.push(`route: ${r.route}; ${r.notes.join(', ')}`);
  return lines.join('\n  ');
}

/** How many findings of each kind: `http-0.9: 240, http: 2`. */
export function kinds(findings: Finding[]): string {
  const counts: Record<string, number> = {};
  for (const f of findings) counts[f.kind] = (counts[f.kind] ?? 0) + 1;
  return Object.entries(counts)
    .sort(([, a], [, b]) => b - a)
    .map(([k, n]) => `${k}: ${n}`)
    .join(', ');
}

export function familyOf(listener: Listener, route: string): string {
  const url = route.split(' ')[1] ?? '';
  const parts = url.split('/').filter(Boolean);
  if (listener === 'console' && parts[0] === 'api' && parts[1] === 'v1') return `console /api/v1/${parts[2]}`;
  if (listener === 'console' && parts[0] === 'api') return `console /api/${parts[1]}`;
  if (listener === 'gateway' && parts[0] === 'v1') return `gateway /v1/${parts[1]}`;
  return `${listener} /${parts[0] ?? ''}`;
}

/** The report as text for a terminal and for bench/RESULTS.md. */
export function formatReport(r: FuzzReport): string {
  const out: string[] = [];
  const total = (counts: Record<string, number>) =>
    Object.entries(counts)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');
  out.push(`fuzz: seed ${r.seed}, engine ${r.engine}, ${r.requests} requests in ${r.seconds.toFixed(1)} s`);
  for (const listener of ['console', 'gateway'] as const) {
    out.push(`\n${listener}: ${total(r.byListener[listener])}`);
    for (const [route, counts] of Object.entries(r.byRoute[listener]).sort(([a], [b]) => a.localeCompare(b)))
      out.push(`  ${route.padEnd(62)} ${total(counts)}`);
  }
  out.push(`\n5xx answers: ${r.serverErrors.length}`);
  for (const f of r.serverErrors.slice(0, 20))
    out.push(
      `  #${f.index} → ${f.outcome.status}: ${f.outcome.bodyStart?.slice(0, 300) ?? ''}\n  ${f.request}\n  replay: FUZZ_SEED=${r.seed} FUZZ_ONLY=${f.index} npm run fuzz`,
    );
  out.push(`timeouts: ${r.timeouts.length} (${kinds(r.timeouts)})`);
  // A few of each kind: the kinds say more than the first ten of the commonest.
  const shown: Record<string, number> = {};
  for (const f of r.timeouts)
    if ((shown[f.kind] = (shown[f.kind] ?? 0) + 1) <= 3)
      out.push(`  #${f.index} (${f.kind})\n  ${f.request}`);
  out.push(`answers broken off before their end: ${r.brokenOff.length}`);
  for (const f of r.brokenOff.slice(0, 10)) out.push(`  #${f.index} (${f.outcome.status})\n  ${f.request}`);
  if (r.unreached.length) out.push(`routes never reached (only 404 or no answer): ${r.unreached.join(', ')}`);
  if (r.unreachedFamilies.length) out.push(`ROUTE FAMILIES NEVER REACHED: ${r.unreachedFamilies.join(', ')}`);
  out.push(
    r.crashed
      ? `CRASHED: the process exited (code ${r.crashed.code}, signal ${r.crashed.signal})\n${r.crashed.stderr}`
      : 'the process stayed up',
  );
  out.push(`/healthz at the end: ${r.healthyAtEnd ? 'ok' : 'NOT OK'}`);
  if (r.stalls.length)
    out.push(
      `event loop blocked ${r.stalls.length} times for 1 s or more:\n  ${r.stalls
        .slice(0, 10)
        .map((x) => `${x.ms} ms, in flight: ${x.requests.join('; ') || 'none'}`)
        .join('\n  ')}`,
    );
  else out.push('event loop never blocked for 1 s or more');
  if (r.errorLogs.length)
    out.push(`error lines logged: ${r.errorLogs.length}\n  ${r.errorLogs.slice(0, 10).join('\n  ')}`);
  return out.join('\n');
}

export function failed(r: FuzzReport): boolean {
  return (
    r.serverErrors.length > 0 ||
    r.crashed !== null ||
    !r.healthyAtEnd ||
    r.unreachedFamilies.length > 0 ||
    r.stalls.some((x) => x.ms >= FAILING_STALL_MS)
  );
}
