// Group commit for records written per request (audit of credential use, activity): the hot path
// pushes and moves on; one transaction writes everything that arrived meanwhile. A failed write is
// retried with back-off and nothing is dropped unless the backlog passes `maxPending` (then new records
// are refused and counted, so that a dead database cannot exhaust memory). drain() flushes all
// that is pending: graceful shutdown calls it.
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

export interface BatchWriter<T> {
  push(item: T): void;
  drain(): Promise<void>;
  readonly pending: number;
  readonly dropped: number;
}

export function createBatchWriter<T>(opts: BatchWriterOptions<T>): BatchWriter<T> {
  const maxBatch = opts.maxBatch ?? 500;
  const maxDelayMs = opts.maxDelayMs ?? 5;
  const maxPending = opts.maxPending ?? 200_000;
  // The backlog is queue[head..]: written records are passed over by moving `head` (their slots
  // cleared), and the array is compacted now and then, so that each record costs O(1) however long an
  // outage lasts.
  let queue: T[] = [];
  let head = 0;
  const size = () => queue.length - head;
  let dropped = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let failures = 0;

  function schedule(delay: number) {
    if (timer || running) return;
    // Unref'd: pending records never keep a stopping process alive; graceful stop drains them.
    timer = setTimeout(() => {
      timer = undefined;
      running = flush().finally(() => {
        running = undefined;
        if (size() > 0) schedule(failures > 0 ? Math.min(5_000, 50 * 2 ** failures) : 0);
      });
    }, delay);
    timer.unref();
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
      const batch = queue.slice(head, head + maxBatch);
      try {
        await opts.write(batch);
        head += batch.length;
        // Written records are let go at once: held in the array until a compaction they would live
        // for seconds at a thousand a second, long enough to be promoted to V8's old generation and
        // to make its full collections (which stall the Gateway) come far more often.
        if (head === queue.length) {
          queue = [];
          head = 0;
        } else {
          queue.fill(undefined as T, head - batch.length, head);
          if (head > 4096 && head * 2 > queue.length) {
            queue = queue.slice(head);
            head = 0;
          }
        }
        failures = 0;
      } catch (err) {
        failures++;
        opts.log.error({ err, writer: opts.name, pending: size() }, 'batch write failed; will retry');
        return;
      }
    }
  }

  return {
    push(item) {
      if (size() >= maxPending) {
        if (dropped++ % 10_000 === 0)
          opts.log.error({ writer: opts.name, dropped }, 'backlog full; records dropped');
        return;
      }
      queue.push(item);
      schedule(size() >= maxBatch ? 0 : maxDelayMs);
    },
    async drain() {
      if (timer) clearTimeout(timer);
      timer = undefined;
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
  };
}
