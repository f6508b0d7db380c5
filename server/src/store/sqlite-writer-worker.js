// Runs in a worker thread with its own connection to the SQLite file: writes the batches the main
// thread posts (rows of the append-only logs), each in one transaction. A commit's write(2) can wait
// on the file system (an ext4 journal commit, another process's fsync) for tens of milliseconds; here
// that wait holds no request. Plain JavaScript: Node 20 does not run worker threads through the
// TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/** @type {{ file: string }} */
const { file } = workerData;
const db = new SQLite(file);
// As the main connection (database.ts): these are per connection. Without NORMAL, every commit here
// would fsync.
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');

/** @type {Map<string, import('better-sqlite3').Statement>} */
const statements = new Map();
const insertAll = db.transaction((statement, rows) => {
  for (const row of rows) statement.run(row);
});

parentPort.on('message', (msg) => {
  if (msg === 'stop') {
    db.close();
    parentPort.close();
    return;
  }
  /** @type {{ id: number, sql: string, rows: unknown[][] }} */
  const { id, sql, rows } = msg;
  try {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    // IMMEDIATE: the write lock is taken at BEGIN, so the transaction never has to upgrade to it (and
    // fail busy) halfway through.
    insertAll.immediate(statement, rows);
    parentPort.postMessage({ id });
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
