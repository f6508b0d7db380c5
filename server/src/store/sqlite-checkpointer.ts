// SQLite's automatic checkpoint runs inside whichever commit crosses the threshold, on the event loop,
// with an fsync: under load that is a 20–50 ms stall now and then. The main connection's automatic
// checkpoint is turned off and a worker thread checkpoints instead. Should the worker fail, the
// automatic checkpoint comes back, so that the WAL never grows without end.
import { Worker } from 'node:worker_threads';
import type SQLite from './sqlite-driver.js';
import type { Logger } from 'pino';

const INTERVAL_MS = 1000;
const AUTOCHECKPOINT_PAGES = 1000; // SQLite's own default

export interface Checkpointer {
  stop(): Promise<void>;
}

export function startCheckpointer(sqlite: SQLite.Database, file: string, log: Logger): Checkpointer {
  sqlite.pragma('wal_autocheckpoint = 0');
  const worker = new Worker(new URL('./sqlite-checkpoint-worker.js', import.meta.url), {
    workerData: { file, intervalMs: INTERVAL_MS },
  });
  worker.unref();
  let stopped = false;
  const fallBack = (why: string) => {
    if (stopped) return;
    stopped = true;
    log.error({ why }, 'WAL checkpoint worker stopped; SQLite checkpoints on its own again');
    sqlite.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  };
  worker.on(
    'message',
    (m: { error?: string }) => m.error && log.warn({ error: m.error }, 'WAL checkpoint failed'),
  );
  worker.on('error', (err) => fallBack(err.message));
  worker.on('exit', (code) => code !== 0 && fallBack(`exit code ${code}`));
  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.ref(); // held until it has closed its connection
      worker.postMessage('stop');
      await exited;
    },
  };
}
