// The append-only logs' batches (activity above all: one row per Gateway request) are written on
// SQLite by a worker thread with a connection of its own (sqlite-writer-worker.js), not on the event
// loop: better-sqlite3 is synchronous, and a commit that waits on the disk would hold every request in
// flight meanwhile (measured: 10–20 ms pauses under load, bench/RESULTS.md). Should the worker fail,
// writes go back to the main connection, as they were.
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { WriteStep } from './event-log.ts';

export interface SqliteWriter {
  /** False once the worker has failed: the caller writes on the main connection instead. */
  readonly alive: boolean;
  /** Runs each step's SQL once per row (each an array of parameters), all steps in one transaction. */
  run(steps: WriteStep[]): Promise<void>;
  /**
   * Runs the statements in order in one transaction, off the event loop, and answers what each did:
   * the rows it returned (a reader, e.g. DELETE … RETURNING) and how many rows it changed.
   */
  transact(steps: SqliteStep[]): Promise<SqliteStepResult[]>;
  /**
   * Holds back what is sent from now on (it waits here, in order) until the returned function is
   * called: the thread finishes what it has and leaves the write lock free. For the main connection
   * waiting for that lock (sqlite-lock-wait.ts): under steady load the thread would otherwise begin
   * its next batch the moment it committed the last, and the main connection would wait its 5 s out.
   */
  pause(): () => void;
  stop(): Promise<void>;
}

export interface SqliteStep {
  sql: string;
  params: unknown[];
}

export interface SqliteStepResult {
  changes: number;
  rows: Array<Record<string, unknown>>;
}

export function startSqliteWriter(file: string, log: Logger): SqliteWriter {
  const worker = new Worker(new URL('./sqlite-writer-worker.js', import.meta.url), {
    workerData: { file },
  });
  worker.unref(); // graceful stop drains the writers first, then stop() waits for the worker
  const pending = new Map<number, { resolve: (result: unknown) => void; reject: (err: Error) => void }>();
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
  worker.on('message', (m: { id: number; error?: string; result?: unknown }) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.error === undefined) p.resolve(m.result);
    else p.reject(new Error(m.error));
  });
  worker.on('error', (err) => fail(err.message));
  worker.on('exit', (code) => fail(`exit code ${code}`));
  let pauses = 0;
  const held: object[] = [];
  function send<T>(message: object): Promise<T> {
    if (!alive) return Promise.reject(new Error('SQLite writer thread stopped'));
    return new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
      // Ref'd while a batch is out, so that its answer is not lost to an exiting process.
      if (pending.size === 1) worker.ref();
      if (pauses > 0) held.push({ id, ...message });
      else worker.postMessage({ id, ...message });
    }).finally(() => {
      if (pending.size === 0 && alive) worker.unref();
    });
  }

  return {
    get alive() {
      return alive;
    },
    run: (steps) => send<void>({ steps }),
    transact: (steps) => send<SqliteStepResult[]>({ transact: steps }),
    pause() {
      pauses++;
      let resumed = false;
      return () => {
        if (resumed) return;
        resumed = true;
        if (--pauses > 0) return;
        for (const message of held.splice(0)) if (alive) worker.postMessage(message);
      };
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
