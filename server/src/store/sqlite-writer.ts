// The append-only logs' batches (activity above all: one row per Gateway request) are written on
// SQLite by a worker thread with a connection of its own (sqlite-writer-worker.js), not on the event
// loop: better-sqlite3 is synchronous, and a commit that waits on the disk would hold every request in
// flight meanwhile (measured: 10–20 ms pauses under load, bench/RESULTS.md). Should the worker fail,
// writes go back to the main connection, as they were.
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';

export interface SqliteWriter {
  /** False once the worker has failed: the caller writes on the main connection instead. */
  readonly alive: boolean;
  /** Runs `sql` once per row (each an array of parameters), all in one transaction. */
  run(sql: string, rows: unknown[][]): Promise<void>;
  stop(): Promise<void>;
}

export function startSqliteWriter(file: string, log: Logger): SqliteWriter {
  const worker = new Worker(new URL('./sqlite-writer-worker.js', import.meta.url), {
    workerData: { file },
  });
  worker.unref(); // graceful stop drains the writers first, then stop() waits for the worker
  const pending = new Map<number, { resolve: () => void; reject: (err: Error) => void }>();
  let nextId = 0;
  let alive = true;
  let stopping = false;
  const fail = (why: string) => {
    if (!alive) return;
    alive = false;
    if (!stopping) log.error({ why }, 'SQLite writer thread stopped; writes go through the main connection');
    for (const p of pending.values()) p.reject(new Error(`SQLite writer thread stopped: ${why}`));
    pending.clear();
  };
  worker.on('message', (m: { id: number; error?: string }) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.error === undefined) p.resolve();
    else p.reject(new Error(m.error));
  });
  worker.on('error', (err) => fail(err.message));
  worker.on('exit', (code) => fail(`exit code ${code}`));
  return {
    get alive() {
      return alive;
    },
    run(sql, rows) {
      if (!alive) return Promise.reject(new Error('SQLite writer thread stopped'));
      return new Promise<void>((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        // Ref'd while a batch is out, so that its answer is not lost to an exiting process.
        if (pending.size === 1) worker.ref();
        worker.postMessage({ id, sql, rows });
      }).finally(() => {
        if (pending.size === 0 && alive) worker.unref();
      });
    },
    async stop() {
      if (!alive) return;
      stopping = true;
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
