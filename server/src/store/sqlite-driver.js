// The better-sqlite3 build this process can run, for everything that opens a SQLite file (the main
// connection, the writer and checkpoint threads, backup, vacuum, the tests, the bench's seeder). It is
// the only module that imports the package (eslint.config.js keeps it so). Plain JavaScript: the
// worker threads import it, and Node 20 does not run them through the TypeScript loader.
//
// Two majors are installed side by side from one lockfile. better-sqlite3 12 wraps its objects in
// node::ObjectWrap, which on Node 24 aborts the process when a worker thread that used it ends
// (`Assertion failed: (env) != nullptr` from Statement::~Statement(): our writer thread, at every
// store.close()). 13 is rebuilt on Node-API, which fixes that, but its binary asks for Node-API 10
// (Node 22.14 and newer) and crashes opening a database elsewhere, as on this project's machines' Node
// 20 (Node-API 9). So 13, installed under the alias better-sqlite3-napi, runs where Node-API 10 is, and
// 12 elsewhere. The API this project uses is the same in both (@types/better-sqlite3 types both).
//
// When the machines run Node 22.14 or newer: drop 12, depend on better-sqlite3 ^13 under its own name,
// and delete this file and its lint rule (docs/decisions/node-versions.md).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export default Number(process.versions.napi) >= 10
  ? require('better-sqlite3-napi')
  : require('better-sqlite3');
