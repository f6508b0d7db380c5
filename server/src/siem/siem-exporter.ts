// The SIEM push export: per enabled destination, per stream it exports, read a batch (up to 500) after
// the destination's cursor, format it, send it, and only once the receiver has taken it move the
// cursor (at-least-once: a crash or a lost lease between the two resends the batch, never skips it).
//
// A batch that fails is retried, the same batch (so its delivery id repeats), with exponential back-off
// and jitter capped at 5 minutes, never before the receiver's Retry-After; a non-retryable failure (a
// wrong token, data refused) is recorded as last_error and retried at the cap, so that the destination
// resumes once an admin fixes it (a change to the destination retries at once). Nothing is skipped.
//
// The export runs beside the Gateway, never on its path: a timer per process looks at the destinations
// every second, and goes again at once while a destination has a backlog. Only the replica holding a
// destination's lease (siem-lease.ts) sends its batches.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Store } from '../store/database.ts';
import { timeoutSignal } from '../http/timeout-signal.ts';
import type { SiemHold } from '../retention/siem-hold.ts';
import {
  DeliveryError,
  type ExportRecord,
  type Formatter,
  type SiemStream,
  type Transport,
} from './siem-contract.ts';
import { formatterFor, transportFor } from './destination-wiring.ts';
import { createDestinationSealer, fromRow, readCursors } from './siem-destination-store.ts';
import type { SiemDestination } from './siem-destination-types.ts';
import { createLeaseKeeper } from './siem-lease.ts';
import { readAfter } from './siem-reader.ts';
import { createSiemHold } from './siem-hold-store.ts';

export interface SiemExporterOptions {
  pollMs?: number;
  batchSize?: number;
  /** How long a lease lasts unless renewed; renewed at every poll. */
  leaseMs?: number;
  /** The deadline of one batch's delivery. */
  deadlineMs?: number;
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  /** Formatter and transport of a destination (tests give a transport of their own). */
  wire?: (d: SiemDestination) => { formatter: Formatter; transport: Transport };
}

export interface SiemExporter {
  start(): void;
  /** Stops polling, aborts batches in flight (their cursors stay) and releases the leases. */
  stop(): Promise<void>;
  /** Retention's hold: the oldest record an enabled destination still needs, per log. */
  readonly hold: SiemHold;
  /** Records behind, per destination name, of the destinations this process sends (for the metrics). */
  lag(): Map<string, number>;
}

interface Worker {
  destination: SiemDestination;
  formatter: Formatter;
  transport: Transport;
  cursors: Record<SiemStream, number>;
  /** The batch that failed, per stream: retried as it was. */
  pending: Partial<Record<SiemStream, ExportRecord[]>>;
  failures: number;
  notBefore: number;
  running: Promise<void> | null;
  lag: number;
}

const defaultWire = (d: SiemDestination) => ({
  formatter: formatterFor(d.format),
  transport: transportFor(d.type)(d),
});

export function createSiemExporter(
  deps: { store: Store; sealingKey: Buffer; log: Logger },
  options: SiemExporterOptions = {},
): SiemExporter {
  const { store } = deps;
  const log = deps.log.child({ component: 'siem-export' });
  const pollMs = options.pollMs ?? 1000;
  const batchSize = options.batchSize ?? 500;
  const leaseMs = options.leaseMs ?? 15_000;
  const deadlineMs = options.deadlineMs ?? 10_000;
  const baseBackoffMs = options.baseBackoffMs ?? 1000;
  const maxBackoffMs = options.maxBackoffMs ?? 300_000;
  const wire = options.wire ?? defaultWire;
  const sealer = createDestinationSealer(deps.sealingKey);
  const leases = createLeaseKeeper(store, `${process.pid}-${randomUUID()}`);
  const workers = new Map<string, Worker>();
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | null = null;

  function backoff(w: Worker, err: unknown) {
    w.failures++;
    const retryable = err instanceof DeliveryError ? err.retryable : true;
    const exp = Math.min(maxBackoffMs, baseBackoffMs * 2 ** Math.min(w.failures - 1, 20));
    // Jitter: between half and all of the step, so that destinations failing together spread out.
    let delay = retryable ? exp / 2 + (Math.random() * exp) / 2 : maxBackoffMs;
    // The receiver's Retry-After, within the cap: a receiver cannot park the export for a day.
    if (err instanceof DeliveryError && err.retryAfterMs !== undefined)
      delay = Math.min(maxBackoffMs, Math.max(delay, err.retryAfterMs));
    w.notBefore = Date.now() + delay;
  }

  async function recordError(w: Worker, message: string) {
    await store.db
      .updateTable('siem_destinations')
      .set({ last_error: message.slice(0, 1000), last_error_at: Date.now() })
      .where('id', '=', w.destination.id)
      .execute();
  }

  /** One pass over the destination's streams; true when some stream has more waiting. */
  async function pass(w: Worker): Promise<boolean> {
    let more = false;
    const d = w.destination;
    for (const stream of d.streams) {
      if (stopping.signal.aborted) return false;
      const batch = w.pending[stream] ?? (await readAfter(store.db, stream, w.cursors[stream], batchSize));
      if (batch.length === 0) continue;
      w.pending[stream] = batch;
      const deadline = timeoutSignal(stopping.signal, deadlineMs);
      try {
        await w.transport.send(batch, batch.map(w.formatter), deadline.signal);
      } finally {
        deadline.clear();
      }
      const last = batch[batch.length - 1]!.seq;
      delete w.pending[stream];
      if (!(await leases.advance(d.id, stream, last))) {
        // Another replica holds the destination now: it resends from the stored cursor.
        throw new Error('lease lost');
      }
      w.cursors[stream] = last;
      if (batch.length === batchSize) more = true;
    }
    return more;
  }

  async function run(w: Worker) {
    try {
      let sent = false;
      for (;;) {
        const more = await pass(w);
        sent = true;
        if (!more || stopping.signal.aborted) break;
      }
      if (sent && w.failures > 0)
        log.info({ destination: w.destination.name }, 'SIEM destination reachable again');
      w.failures = 0;
      await store.db
        .updateTable('siem_destinations')
        .set({ last_success_at: Date.now() })
        .where('id', '=', w.destination.id)
        .execute();
      w.lag = await lagOf(w);
    } catch (err) {
      if (stopping.signal.aborted) return;
      if ((err as Error).message === 'lease lost') {
        await drop(w.destination.id);
        return;
      }
      backoff(w, err);
      const message = (err as Error).message;
      log.warn(
        { destination: w.destination.name, err: message, failures: w.failures },
        'SIEM batch not delivered',
      );
      await recordError(w, message).catch(() => {});
      w.lag = await lagOf(w).catch(() => w.lag);
    }
  }

  /** Records behind, from the logs' heads (a cheap estimate: a sequence may skip numbers). */
  async function lagOf(w: Worker): Promise<number> {
    let n = 0;
    for (const s of w.destination.streams) {
      const table = s === 'audit' ? 'audit_events' : s === 'activity' ? 'activity' : 'risk_findings';
      const row = await store.db
        .selectFrom(table)
        .select((eb) => eb.fn.max('seq').as('seq'))
        .executeTakeFirst();
      n += Math.max(0, Number(row?.seq ?? 0) - w.cursors[s]);
    }
    return n;
  }

  async function drop(id: string) {
    const w = workers.get(id);
    if (!w) return;
    workers.delete(id);
    await w.transport.close().catch(() => {});
  }

  async function tick() {
    const rows = await store.db
      .selectFrom('siem_destinations')
      .selectAll()
      .where('enabled', '=', 1)
      .execute();
    const live = new Set(rows.map((r) => r.id));
    for (const [id, w] of workers) {
      if (!live.has(id) && !w.running) {
        await drop(id);
        await leases.release(id).catch(() => {});
      }
    }
    for (const row of rows) {
      if (stopping.signal.aborted) return;
      if (!(await leases.hold(row.id, leaseMs))) {
        await drop(row.id);
        continue;
      }
      let w = workers.get(row.id);
      if (w?.running) continue;
      if (!w || w.destination.updatedAt !== Number(row.updated_at)) {
        // New to this process, or changed by an admin: fresh transport, cursors from the store, and a
        // failing destination is tried again at once.
        await drop(row.id);
        const destination = fromRow(row, sealer);
        let wired;
        try {
          wired = wire(destination);
        } catch (err) {
          log.warn(
            { destination: destination.name, err: (err as Error).message },
            'SIEM destination cannot be sent',
          );
          continue;
        }
        w = {
          destination,
          ...wired,
          cursors: await readCursors(store.db, row.id),
          pending: {},
          failures: 0,
          notBefore: 0,
          running: null,
          lag: 0,
        };
        workers.set(row.id, w);
      }
      if (Date.now() < w.notBefore) continue;
      const worker = w;
      worker.running = run(worker).finally(() => {
        worker.running = null;
      });
    }
  }

  function schedule(ms: number) {
    if (stopping.signal.aborted) return;
    timer = setTimeout(() => {
      ticking = tick()
        .catch((err: unknown) => log.error({ err }, 'SIEM export poll failed'))
        .finally(() => {
          ticking = null;
          const busy = [...workers.values()].some((w) => w.running);
          // While a destination works through a backlog its worker loops by itself; the poll renews
          // leases and picks up the others.
          schedule(busy ? Math.min(pollMs, leaseMs / 3) : pollMs);
        });
    }, ms);
    timer.unref();
  }

  return {
    start() {
      schedule(0);
    },
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await ticking;
      await Promise.all([...workers.values()].map((w) => w.running));
      for (const id of [...workers.keys()]) {
        await drop(id);
        await leases.release(id).catch(() => {});
      }
    },
    hold: createSiemHold(store),
    lag: () => new Map([...workers.values()].map((w) => [w.destination.name, w.lag])),
  };
}
