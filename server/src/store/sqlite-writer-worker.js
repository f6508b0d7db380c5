// Runs in a worker thread with its own connection to the SQLite file: writes the batches the main
// thread posts (rows of the append-only logs), each in one transaction. A commit's write(2) can wait
// on the file system (an ext4 journal commit, another process's fsync) for tens of milliseconds; here
// that wait holds no request. Plain JavaScript: Node 20 does not run worker threads through the
// TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from './sqlite-driver.js';

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
/** @param {string} sql */
function prepared(sql) {
  let statement = statements.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}
/** @type {(steps: Array<{ sql: string, rows: unknown[][] }>) => void} */
const runAll = db.transaction((steps) => {
  for (const { sql, rows } of steps) {
    const statement = prepared(sql);
    for (const row of rows) statement.run(row);
  }
});

/** Statements run in order in one transaction (the retention job's batches); what each returned. */
const runSteps = db.transaction((steps) =>
  steps.map(({ sql, params }) => {
    const statement = prepared(sql);
    if (statement.reader) {
      const rows = statement.all(params);
      return { changes: rows.length, rows };
    }
    return { changes: statement.run(params).changes, rows: [] };
  }),
);

parentPort.on('message', (msg) => {
  if (msg === 'stop') {
    db.close();
    parentPort.close();
    return;
  }
  if (msg.transact) {
    try {
      parentPort.postMessage({ id: msg.id, result: runSteps.immediate(msg.transact) });
    } catch (err) {
      parentPort.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) });
    }
    return;
  }
  /** @type {{ id: number, steps: Array<{ sql: string, rows: unknown[][] }> }} */
  const { id, steps } = msg;
  try {
    // IMMEDIATE: the write lock is taken at BEGIN, so the transaction never has to upgrade to it (and
    // fail busy) halfway through.
    runAll.immediate(steps);
    parentPort.postMessage({ id });
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
