// Group commit for records written per request (audit events, activity): the hot path pushes and
// moves on; one transaction writes everything that arrived meanwhile. A failed write is retried with
// back-off and nothing is dropped unless the backlog passes `maxPending` (then new records are refused
// and counted, so that a dead database cannot exhaust memory). drain() flushes all that is pending:
// graceful shutdown calls it.
//
// A pushed record is lost if the process dies before its batch commits: at most `maxDelayMs` plus the
// commits ahead of it (docs/operations.md, "Durability"). A record that must not be lost once answered
// goes through commit(), which starts a flush at once and resolves when the record's batch has
// committed: records committed meanwhile by concurrent requests share that one transaction.
import type { Logger } from 'pino';

export interface BatchWriterOptions<T> {
  name: string;
  write(items: T[]): Promise<void>;
  log: Logger;
  /** Most records written in one transaction. */
  maxBatch?: number;
  /** How long a record may wait for company before it is written. */
  maxDelayMs?: number;
  maxPending?: number;
}

/** What a scrape reads of a writer (metrics/writer-metrics.ts). */
export interface WriterStats {
  readonly pending: number;
  readonly dropped: number;
  /** How long the oldest record still pending has waited, in ms (to within LAG_MARK_MS); 0 when none is. */
  readonly lagMs: number;
}

export interface BatchWriter<T> extends WriterStats {
  push(item: T): void;
  /**
   * Writes `item` in the next batch, which starts at once, and resolves once it has committed. If that
   * write fails the item is withdrawn (never written later) and the promise rejects, so that the caller
   * can refuse what it would have answered.
   */
  commit(item: T): Promise<void>;
  drain(): Promise<void>;
}

/**
 * The lag is kept as marks (position, time) at most one per this many ms rather than a time per record:
 * a backlog of a minute holds six thousand marks, not a minute of records' times.
 */
const LAG_MARK_MS = 10;

/** The slot of a committed record whose write failed: passed over, never written. */
const WITHDRAWN: unique symbol = Symbol('withdrawn');

interface Waiter {
  /** The record's position among all records ever queued. */
  at: number;
  resolve(): void;
  reject(err: unknown): void;
}

export function createBatchWriter<T>(opts: BatchWriterOptions<T>): BatchWriter<T> {
  const maxBatch = opts.maxBatch ?? 500;
  const maxDelayMs = opts.maxDelayMs ?? 5;
  const maxPending = opts.maxPending ?? 200_000;
  // The backlog is queue[head..]: written records are passed over by moving `head` (their slots
  // cleared), and the array is compacted now and then, so that each record costs O(1) however long an
  // outage lasts. `base` counts the records compacted away, so that base + i is queue[i]'s position.
  let queue: Array<T | typeof WITHDRAWN> = [];
  let head = 0;
  let base = 0;
  const size = () => queue.length - head;
  // Callers of commit(), in the order of their records.
  let waiters: Waiter[] = [];
  let dropped = 0;
  /** The flush that is scheduled, if one is, and when it is due. */
  let scheduled: { cancel(): void; ref(): void } | undefined;
  let due = 0;
  let running: Promise<void> | undefined;
  let failures = 0;
  // Marks of when records were queued: marks[m] = [position of a record, when it was queued], in order;
  // marks[markHead..] are those not yet passed over.
  let marks: Array<[number, number]> = [];
  let markHead = 0;

  function schedule(delay: number) {
    if (running) return; // its end schedules what is left
    // Pushed records never keep a stopping process alive (graceful stop drains them), so the timer
    // is unref'd unless a commit() waits on it.
    const keepAlive = waiters.length > 0;
    const at = performance.now() + delay;
    if (scheduled) {
      if (keepAlive) scheduled.ref();
      if (at >= due) return;
      scheduled.cancel();
    }
    due = at;
    const fire = () => {
      scheduled = undefined;
      running = flush().finally(() => {
        running = undefined;
        // A caller waiting on a commit is not kept waiting by the back-off: it was told of the
        // failure, and a new commit() tries at once.
        const backOff = failures > 0 && waiters.length === 0;
        if (size() > 0) schedule(backOff ? Math.min(5_000, 50 * 2 ** failures) : 0);
      });
    };
    // "At once" is after this turn's I/O callbacks, so that the commit()s of requests served together
    // share a transaction.
    if (delay === 0) {
      const t = setImmediate(fire);
      if (!keepAlive) t.unref();
      scheduled = { cancel: () => clearImmediate(t), ref: () => t.ref() };
    } else {
      const t = setTimeout(fire, delay);
      if (!keepAlive) t.unref();
      scheduled = { cancel: () => clearTimeout(t), ref: () => t.ref() };
    }
  }

  // One flush at a time: the timer's retry and drain() could otherwise write the same batch twice
  // (and then slice the queue twice, dropping records never written).
  let flushing: Promise<void> | undefined;
  function flush(): Promise<void> {
    flushing ??= writePending().finally(() => {
      flushing = undefined;
    });
    return flushing;
  }

  async function writePending(): Promise<void> {
    while (size() > 0) {
      const slots = queue.slice(head, head + maxBatch);
      const batch = slots.filter((x): x is T => x !== WITHDRAWN);
      try {
        if (batch.length > 0) await opts.write(batch);
        head += slots.length;
        settle();
        // Written records are let go at once: held in the array until a compaction they would live
        // for seconds at a thousand a second, long enough to be promoted to V8's old generation and
        // to make its full collections (which stall the Gateway) come far more often.
        if (head === queue.length) {
          base += head;
          queue = [];
          head = 0;
          marks = [];
          markHead = 0;
        } else {
          queue.fill(undefined as T, head - slots.length, head);
          if (head > 4096 && head * 2 > queue.length) {
            base += head;
            queue = queue.slice(head);
            head = 0;
          }
        }
        failures = 0;
      } catch (err) {
        failures++;
        opts.log.error({ err, writer: opts.name, pending: size() }, 'batch write failed; will retry');
        withdraw(err);
        return;
      }
    }
  }

  /** Resolves the commit()s whose records are now written. */
  function settle() {
    const written = base + head;
    let n = 0;
    while (n < waiters.length && waiters[n]!.at < written) waiters[n++]!.resolve();
    if (n > 0) waiters = waiters.slice(n);
  }

  /** A write failed: every commit() waiting is refused, and its record taken out of the backlog. */
  function withdraw(err: unknown) {
    for (const w of waiters) {
      queue[w.at - base] = WITHDRAWN;
      w.reject(err);
    }
    waiters = [];
  }

  function enqueue(item: T): boolean {
    if (size() >= maxPending) {
      if (dropped++ % 10_000 === 0)
        opts.log.error({ writer: opts.name, dropped }, 'backlog full; records dropped');
      return false;
    }
    queue.push(item);
    const now = performance.now();
    const last = marks[marks.length - 1];
    if (last === undefined || now - last[1] >= LAG_MARK_MS) marks.push([base + queue.length - 1, now]);
    return true;
  }

  function lagMs(): number {
    if (size() === 0) return 0;
    const oldest = base + head;
    // The oldest pending record was queued at or after the last mark at or before it.
    while (markHead + 1 < marks.length && marks[markHead + 1]![0] <= oldest) markHead++;
    if (markHead > 1024 && markHead * 2 > marks.length) {
      marks = marks.slice(markHead);
      markHead = 0;
    }
    const mark = marks[markHead];
    return mark ? performance.now() - mark[1] : 0;
  }

  return {
    push(item) {
      if (enqueue(item)) schedule(size() >= maxBatch ? 0 : maxDelayMs);
    },
    commit(item) {
      if (!enqueue(item))
        return Promise.reject(new Error(`the ${opts.name} backlog is full; the record was not written`));
      return new Promise<void>((resolve, reject) => {
        waiters.push({ at: base + queue.length - 1, resolve, reject });
        schedule(0);
      });
    },
    async drain() {
      scheduled?.cancel();
      scheduled = undefined;
      if (running) await running;
      for (let attempt = 0; size() > 0 && attempt < 5; attempt++) {
        await flush();
        if (size() > 0) await new Promise((r) => setTimeout(r, 100 * 2 ** attempt));
      }
      if (size() > 0)
        opts.log.error({ writer: opts.name, lost: size() }, 'could not flush records at shutdown');
    },
    get pending() {
      return size();
    },
    get dropped() {
      return dropped;
    },
    get lagMs() {
      return lagMs();
    },
  };
}
