// The load generator: a closed loop (N connections, each sending its next request as soon as the
// previous answer arrives) for saturation throughput, and an open loop (requests sent on a fixed
// schedule whatever the server does) for latency at a given rate. Both are bounded in request count and
// in time, and stop by themselves.
//
// The open loop measures each request from the moment it was SCHEDULED to be sent, not from the moment
// it actually left: a generator that waits for a slow server before sending the next request (or that
// is itself late) would otherwise leave the slow period out of the figures ("coordinated omission").
import { Pool } from 'undici';
import { LatencyRecorder, type LatencySummary } from './latency.ts';

export interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  /** A Buffer for large bodies: encoded once, not on every send. */
  body?: string | Buffer;
  /** A body made for each send instead (each request different), called once per request. */
  nextBody?: () => Buffer;
  /** Headers made for each send instead (each from another client address, say), once per request. */
  nextHeaders?: () => Record<string, string>;
  /** Any other status counts as an error. */
  expectStatus: number;
  /**
   * Latency to the first byte of the answer's body (a stream's first frame) instead of to its end. The
   * rest is still read, and the time to the end is kept too (LoadResult.complete).
   */
  timeToFirstByte?: boolean;
  /** The body must end with this (trailing whitespace aside), such as a stream's `data: [DONE]`. */
  expectEnd?: string;
}

interface CommonOptions {
  origin: string;
  request: RequestSpec;
  /**
   * Load applied first, the same way on the same connections, and left out of the figures (JIT,
   * sockets, the server's caches). The open loop's schedule simply starts this much earlier.
   */
  warmupMs: number;
  durationMs: number;
  /** Called once when the warm-up is over and the measured part begins (to start other meters). */
  onMeasuring?: () => void;
  /** Per request, for headers and for the body. */
  requestTimeoutMs?: number;
}

export interface ClosedLoopOptions extends CommonOptions {
  connections: number;
  /** Upper bound on requests sent, whatever the duration. */
  maxRequests: number;
}

export interface OpenLoopOptions extends CommonOptions {
  /** Requests per second, sent at evenly spaced scheduled times. */
  rate: number;
  /** Most sockets the pool may open; requests beyond them queue in the client (and that wait counts). */
  connections: number;
  /** A request due while this many are outstanding is not sent and counts as an error. */
  maxInFlight?: number;
  /** How long to wait for outstanding answers after the last scheduled send. */
  drainMs?: number;
  /**
   * Busy-wait (yield to I/O with setImmediate) for the last this-many ms before a send instead of
   * sleeping. 0, the default, sleeps on timers only: sends may leave up to about 1 ms late (bursts
   * of two or three at a time at a few thousand per second; the lateness counts in the latency), but
   * the generator does not spin a core the server could use. See "send lag" in the result.
   */
  spinMs?: number;
  /** Kept up to date with the number of requests outstanding, for a watcher (the memory soak). */
  gauge?: { inFlight: number };
}

export interface LoadResult {
  mode: 'closed' | 'open';
  /** Open loop: the rate asked for. */
  targetRate: number | null;
  connections: number;
  /** Measured window, after the warm-up, to the last answer (or the end of the schedule, if later), in ms. */
  elapsedMs: number;
  sent: number;
  /** Answers with the expected status. */
  ok: number;
  /** Wrong status, transport failure, timeout, or (open loop) not sent because too many were outstanding. */
  errors: number;
  /** A few distinct error descriptions, for the report. */
  errorSamples: string[];
  /** Good answers per second over the measured window. */
  achievedRate: number;
  /** Microseconds; open loop: from the scheduled send time to the end of the answer. */
  latency: LatencySummary;
  /** Open loop only: how late the generator actually sent each request, in microseconds. */
  sendLag: LatencySummary | null;
  /** With RequestSpec.timeToFirstByte: `latency` is to the first byte, this is to the end of the answer. */
  complete?: LatencySummary;
  /** Open loop: how long the measured schedule lasted (count / rate), in ms. */
  scheduleMs: number | null;
  /** Open loop: how long after the last send the last answer came, in ms (a backlog shows here). */
  lateMs: number | null;
  /** Measurements merged into this one (measure.ts runs a scenario in rounds); 1 otherwise. */
  rounds: number;
  /** The samples behind the summaries, to merge rounds exactly. */
  samples: { latency: Uint32Array; sendLag?: Uint32Array; complete?: Uint32Array };
}

const now = () => process.hrtime.bigint();
const microsSince = (t: bigint, end: bigint = now()) => Number(end - t) / 1000;

function makePool(origin: string, connections: number, timeoutMs: number): Pool {
  return new Pool(origin, {
    connections,
    pipelining: 1,
    keepAliveTimeout: 60_000,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
}

/** When the first byte of the answer's body arrived (RequestSpec.timeToFirstByte); 0n until then. */
interface Timing {
  firstByte: bigint;
}

/** One request; resolves to null on success or to a short description of what went wrong. */
async function send(pool: Pool, spec: RequestSpec, timing?: Timing): Promise<string | null> {
  try {
    const res = await pool.request({
      method: spec.method,
      path: spec.path,
      headers: spec.nextHeaders ? spec.nextHeaders() : spec.headers,
      ...(spec.nextBody ? { body: spec.nextBody() } : spec.body !== undefined ? { body: spec.body } : {}),
    });
    if (!timing && spec.expectEnd === undefined) {
      // The answer is read to the end (so that the socket is reused) and thrown away.
      await res.body.dump();
      return res.statusCode === spec.expectStatus ? null : `HTTP ${res.statusCode}`;
    }
    // Chunk by chunk: the first one's arrival is the time to first byte; only the tail is kept.
    let tail = '';
    for await (const chunk of res.body) {
      if (timing && timing.firstByte === 0n) timing.firstByte = now();
      if (spec.expectEnd !== undefined) tail = (tail + (chunk as Buffer).toString('latin1')).slice(-256);
    }
    if (timing && timing.firstByte === 0n) timing.firstByte = now();
    if (res.statusCode !== spec.expectStatus) return `HTTP ${res.statusCode}`;
    if (spec.expectEnd !== undefined && !tail.trimEnd().endsWith(spec.expectEnd))
      return `answer does not end with ${spec.expectEnd}`;
    return null;
  } catch (err) {
    if (timing && timing.firstByte === 0n) timing.firstByte = now();
    return (err as Error).message || String(err);
  }
}

class ErrorTally {
  count = 0;
  readonly samples = new Set<string>();
  add(description: string) {
    this.count++;
    if (this.samples.size < 5) this.samples.add(description);
  }
}

/** Saturation: `connections` loops, each waiting for its answer before sending again. */
export async function closedLoop(opts: ClosedLoopOptions): Promise<LoadResult> {
  const pool = makePool(opts.origin, opts.connections, opts.requestTimeoutMs ?? 10_000);
  const latency = new LatencyRecorder(opts.maxRequests);
  const ttfb = opts.request.timeToFirstByte === true;
  const complete = ttfb ? new LatencyRecorder(opts.maxRequests) : undefined;
  const errors = new ErrorTally();
  let sent = 0;
  let measuredSent = 0;
  let ok = 0;
  const begin = now();
  const measureFrom = begin + BigInt(opts.warmupMs) * 1_000_000n;
  const deadline = measureFrom + BigInt(opts.durationMs) * 1_000_000n;
  let last = measureFrom;
  const measuring = setTimeout(() => opts.onMeasuring?.(), opts.warmupMs);

  async function connectionLoop() {
    while (sent < opts.maxRequests && now() < deadline) {
      sent++;
      const timing = ttfb ? { firstByte: 0n } : undefined;
      const t0 = now();
      const failure = await send(pool, opts.request, timing);
      const t1 = now();
      // Only requests sent after the warm-up count, each with the time it took.
      if (t0 < measureFrom) continue;
      measuredSent++;
      last = t1;
      latency.record(microsSince(t0, timing ? timing.firstByte : t1));
      complete?.record(microsSince(t0, t1));
      if (failure === null) ok++;
      else errors.add(failure);
    }
  }

  try {
    await Promise.all(Array.from({ length: opts.connections }, connectionLoop));
  } finally {
    clearTimeout(measuring);
    await pool.close();
  }
  const elapsedMs = Number(last - measureFrom) / 1e6;
  return {
    mode: 'closed',
    targetRate: null,
    connections: opts.connections,
    elapsedMs,
    sent: measuredSent,
    ok,
    errors: errors.count,
    errorSamples: [...errors.samples],
    achievedRate: elapsedMs > 0 ? ok / (elapsedMs / 1000) : 0,
    latency: latency.summary(),
    sendLag: null,
    ...(complete ? { complete: complete.summary() } : {}),
    scheduleMs: null,
    lateMs: null,
    rounds: 1,
    samples: { latency: latency.values(), ...(complete ? { complete: complete.values() } : {}) },
  };
}

/** Latency at a fixed rate: request i is due at start + i/rate, whether or not earlier ones have answered. */
export async function openLoop(opts: OpenLoopOptions): Promise<LoadResult> {
  const intervalNs = BigInt(Math.round(1e9 / opts.rate));
  const warmupCount = Math.floor((opts.rate * opts.warmupMs) / 1000);
  const measuredCount = Math.max(1, Math.floor((opts.rate * opts.durationMs) / 1000));
  const total = warmupCount + measuredCount;
  const maxInFlight = opts.maxInFlight ?? 10_000;
  const drainMs = opts.drainMs ?? 5_000;
  const spinMs = opts.spinMs ?? 0;
  const timeoutMs = opts.requestTimeoutMs ?? 10_000;
  const pool = makePool(opts.origin, opts.connections, timeoutMs);
  const latency = new LatencyRecorder(measuredCount);
  const ttfb = opts.request.timeToFirstByte === true;
  const complete = ttfb ? new LatencyRecorder(measuredCount) : undefined;
  const sendLag = new LatencyRecorder(measuredCount);
  const errors = new ErrorTally();
  let next = 0;
  let sent = 0;
  let ok = 0;
  let inFlight = 0;
  let onIdle: (() => void) | undefined;
  // Set once the drain wait is over: answers (or aborts) arriving later are already counted as abandoned.
  let finished = false;
  // A short lead so that the first sends are not already late by the time the loop starts.
  const start = now() + 1_000_000n;
  const measureFrom = start + BigInt(warmupCount) * intervalNs;
  const due = (i: number) => start + BigInt(i) * intervalNs;
  let lastAnswer = measureFrom;

  function fire(i: number) {
    const scheduled = due(i);
    const measured = i >= warmupCount;
    if (i === warmupCount) opts.onMeasuring?.();
    if (inFlight >= maxInFlight) {
      if (measured) errors.add(`not sent: ${maxInFlight} requests outstanding`);
      return;
    }
    inFlight++;
    if (opts.gauge) opts.gauge.inFlight = inFlight;
    if (measured) {
      sent++;
      sendLag.record(microsSince(scheduled));
    }
    const timing = ttfb ? { firstByte: 0n } : undefined;
    void send(pool, opts.request, timing).then((failure) => {
      if (finished) return;
      inFlight--;
      if (opts.gauge) opts.gauge.inFlight = inFlight;
      if (measured) {
        lastAnswer = now();
        latency.record(microsSince(scheduled, timing ? timing.firstByte : lastAnswer));
        complete?.record(microsSince(scheduled, lastAnswer));
        if (failure === null) ok++;
        else errors.add(failure);
      }
      if (inFlight === 0 && next >= total) onIdle?.();
    });
  }

  await new Promise<void>((scheduleDone) => {
    // Sends everything that is due, then sleeps until the next send (Node's timers have millisecond
    // granularity: a sleep of under 1 ms lasts 1 ms). Answers are read while it sleeps: the event loop
    // wakes for I/O, so only the sends are quantised, never the measurement of an answer.
    const tick = () => {
      const t = now();
      while (next < total && due(next) <= t) fire(next++);
      if (next >= total) return scheduleDone();
      const waitMs = Number(due(next) - now()) / 1e6;
      if (waitMs > spinMs) setTimeout(tick, Math.floor(waitMs - spinMs));
      else setImmediate(tick);
    };
    tick();
  });
  const scheduleEnd = now();

  // Every request has its own timeout, so this wait is bounded; the drain limit is a backstop.
  if (inFlight > 0) {
    await new Promise<void>((resolve) => {
      const backstop = setTimeout(resolve, Math.max(drainMs, timeoutMs + 1_000));
      onIdle = () => {
        clearTimeout(backstop);
        resolve();
      };
    });
  }
  finished = true;
  for (let i = 0; i < inFlight; i++) errors.add('no answer before the drain limit');
  await pool.destroy();

  // Answers per second over the time they took to arrive: equal to the target rate when the server
  // keeps up, and the server's real pace when a backlog builds and drains after the schedule ends.
  const elapsedMs = Number((lastAnswer > scheduleEnd ? lastAnswer : scheduleEnd) - measureFrom) / 1e6;
  return {
    mode: 'open',
    targetRate: opts.rate,
    connections: opts.connections,
    elapsedMs,
    sent,
    ok,
    errors: errors.count,
    errorSamples: [...errors.samples],
    achievedRate: elapsedMs > 0 ? ok / (elapsedMs / 1000) : 0,
    latency: latency.summary(),
    sendLag: sendLag.summary(),
    ...(complete ? { complete: complete.summary() } : {}),
    scheduleMs: (measuredCount / opts.rate) * 1000,
    lateMs: lastAnswer > scheduleEnd ? Number(lastAnswer - scheduleEnd) / 1e6 : 0,
    rounds: 1,
    samples: {
      latency: latency.values(),
      sendLag: sendLag.values(),
      ...(complete ? { complete: complete.values() } : {}),
    },
  };
}
