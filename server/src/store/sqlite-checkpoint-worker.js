// Runs in a worker thread with its own connection to the SQLite file: checkpoints the WAL into the
// database every `intervalMs`. PASSIVE never waits on the main connection's readers or writers, and the
// fsync a checkpoint needs happens here, off the event loop that serves requests. Plain JavaScript:
// Node 20 does not run worker threads through the TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from './sqlite-driver.js';

/** @type {{ file: string, intervalMs: number }} */
const { file, intervalMs } = workerData;
const db = new SQLite(file);
db.pragma('busy_timeout = 5000');

const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (err) {
    parentPort.postMessage({ error: err instanceof Error ? err.message : String(err) });
  }
}, intervalMs);

parentPort.on('message', (msg) => {
  if (msg === 'stop') {
    clearInterval(timer);
    db.close();
    parentPort.close();
  }
});
