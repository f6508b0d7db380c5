// What `npm run backup` and `npm run restore` refuse, each with a message a person can act on, a
// non-zero exit and nothing half-written: on SQLite, a data directory with no store, a backup already
// there, a non-empty target, a missing or wrong key, a damaged file, a store of a newer Gatehouse; on
// PostgreSQL, the commands name the pg_dump and pg_restore to use instead.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import SQLite from '../../src/store/sqlite-driver.js';
import { npmRun, OWNER_ENV } from '../helpers/backup-fixture.ts';
import { runProgram } from '../helpers/child-process.ts';
import { eachEngine, freshStore, type FreshStore } from '../helpers/engines.ts';

eachEngine('backup and restore refusals', (engine) => {
  let store: FreshStore;
  let dir: string;
  before(async () => {
    store = await freshStore(engine);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-refusals-'));
    // A store Gatehouse has set up (migrations, key check value), then stopped.
    const run = await runProgram(store, OWNER_ENV, 90_000);
    assert.deepEqual(await run.program.stop(), { code: 0, signal: null });
  });
  after(async () => {
    await store.cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Runs a command that must be refused: its message (stderr). */
  async function refused(script: string, args: string[], env: Record<string, string>): Promise<string> {
    const r = await npmRun(script, args, env);
    assert.equal(r.code, 1, `${script} must refuse: ${r.stdout}${r.stderr}`);
    assert.equal(r.stdout, '');
    return r.stderr;
  }

  if (engine === 'postgres') {
    test('on PostgreSQL both commands name the pg_dump/pg_restore to run, and never the password', async () => {
      const url = new URL(store.databaseUrl!);
      url.password = 'hunter2-secret';
      url.searchParams.set('options', `-c search_path=${store.pgSchema}`);
      const env = { GATEHOUSE_DATABASE_URL: url.toString(), GATEHOUSE_DATA_DIR: store.dataDir };
      const file = path.join(dir, 'gatehouse.dump');
      const backup = await refused('backup', [file], env);
      assert.match(backup, /the store is PostgreSQL/);
      assert.ok(
        backup.includes(
          `pg_dump --format=custom --schema=${store.pgSchema} --file=${file} "$GATEHOUSE_DATABASE_URL"`,
        ),
        backup,
      );
      assert.match(backup, new RegExp(`keep the master key \\(${store.dataDir}/master.key\\)`));
      const restore = await refused('restore', [file], env);
      assert.match(restore, /pg_restore --no-owner --exit-on-error --dbname="\$GATEHOUSE_DATABASE_URL"/);
      for (const text of [backup, restore]) assert.ok(!text.includes('hunter2'), 'no password printed');
      assert.deepEqual(fs.readdirSync(dir), [], 'nothing written');
    });
    return;
  }

  describe('backup', () => {
    const env = () => ({ GATEHOUSE_DATA_DIR: store.dataDir });

    test('a data directory without a store', async () => {
      const empty = fs.mkdtempSync(path.join(dir, 'empty-'));
      const why = await refused('backup', [path.join(dir, 'x.db')], { GATEHOUSE_DATA_DIR: empty });
      assert.match(why, /holds no Gatehouse store \(no gatehouse\.db\): set GATEHOUSE_DATA_DIR/);
      assert.ok(!fs.existsSync(path.join(dir, 'x.db')));
    });

    test('a backup already at the path is kept unless --force; with it, replaced', async () => {
      const target = fs.mkdtempSync(path.join(dir, 'target-'));
      const file = path.join(target, 'b.db');
      fs.writeFileSync(file, 'yesterday');
      const why = await refused('backup', [file], env());
      assert.match(why, /b\.db already exists: give --force to replace it/);
      assert.deepEqual(fs.readdirSync(target), ['b.db'], 'no partial file left');
      assert.equal(fs.readFileSync(file, 'utf8'), 'yesterday');
      const forced = await npmRun('backup', [file, '--force'], env());
      assert.equal(forced.code, 0, forced.stderr);
      assert.deepEqual(fs.readdirSync(target).sort(), ['b.db', 'b.db.key']);
      assert.equal(new SQLite(file, { readonly: true }).pragma('integrity_check', { simple: true }), 'ok');
    });

    test('a store whose key is missing (no key file, no GATEHOUSE_MASTER_KEY)', async () => {
      const keyless = fs.mkdtempSync(path.join(dir, 'keyless-'));
      fs.copyFileSync(path.join(store.dataDir, 'gatehouse.db'), path.join(keyless, 'gatehouse.db'));
      const why = await refused('backup', [path.join(dir, 'k.db')], { GATEHOUSE_DATA_DIR: keyless });
      assert.match(why, /no key file .*master\.key and GATEHOUSE_MASTER_KEY is not set/);
      assert.ok(!fs.existsSync(path.join(dir, 'k.db')));
    });
  });

  describe('restore', () => {
    let good: string;
    before(async () => {
      good = path.join(dir, 'good.db');
      const r = await npmRun('backup', [good], { GATEHOUSE_DATA_DIR: store.dataDir });
      assert.equal(r.code, 0, r.stderr);
    });
    /** A copy of the good backup (and its key) to spoil. */
    const variant = (name: string) => {
      const file = path.join(dir, name);
      fs.copyFileSync(good, file);
      fs.copyFileSync(`${good}.key`, `${file}.key`);
      return file;
    };
    const target = () => path.join(dir, `restored-${randomBytes(3).toString('hex')}`);

    test('a data directory that is not empty, left as it was', async () => {
      const occupied = fs.mkdtempSync(path.join(dir, 'occupied-'));
      fs.writeFileSync(path.join(occupied, 'notes.txt'), 'mine');
      const why = await refused('restore', [good], { GATEHOUSE_DATA_DIR: occupied });
      assert.match(
        why,
        /is not empty \(it holds notes\.txt\): a restore goes only into an empty data directory/,
      );
      assert.deepEqual(fs.readdirSync(occupied), ['notes.txt']);
    });

    test('a backup without its key file', async () => {
      const file = variant('keyless.db');
      fs.rmSync(`${file}.key`);
      const to = target();
      const why = await refused('restore', [file], { GATEHOUSE_DATA_DIR: to });
      assert.match(why, /keyless\.db\.key is missing: without the key a restored store cannot decrypt/);
      assert.match(why, /--key <file>/);
      assert.ok(!fs.existsSync(to), 'the data directory was not even created');
    });

    test('a key that is not the store’s', async () => {
      const file = variant('wrong-key.db');
      fs.writeFileSync(`${file}.key`, randomBytes(32).toString('hex') + '\n');
      const to = target();
      const why = await refused('restore', [file], { GATEHOUSE_DATA_DIR: to });
      assert.match(why, /the master key \(.*wrong-key\.db\.key\) is not the one .* was set up with/);
      assert.ok(!fs.existsSync(to));
    });

    test('a damaged file', async () => {
      const file = variant('damaged.db');
      const bytes = fs.readFileSync(file);
      bytes.fill(0xa5, Math.floor(bytes.length / 4), Math.floor((bytes.length * 3) / 4));
      fs.writeFileSync(file, bytes);
      const to = target();
      const why = await refused('restore', [file], { GATEHOUSE_DATA_DIR: to });
      assert.match(
        why,
        /damaged\.db (is damaged \(SQLite's integrity check|cannot be read as a SQLite database)/,
      );
      assert.ok(!fs.existsSync(to));
    });

    test('a file that is no database, and a database that is no Gatehouse store', async () => {
      const text = path.join(dir, 'notes.db');
      fs.writeFileSync(text, 'not a database at all, just some text '.repeat(200));
      fs.copyFileSync(`${good}.key`, `${text}.key`);
      const other = path.join(dir, 'other.db');
      new SQLite(other).exec('create table t (x)').close();
      fs.copyFileSync(`${good}.key`, `${other}.key`);
      const to = target();
      assert.match(
        await refused('restore', [text], { GATEHOUSE_DATA_DIR: to }),
        /cannot be read as a SQLite database/,
      );
      assert.match(await refused('restore', [other], { GATEHOUSE_DATA_DIR: to }), /not a Gatehouse store/);
      assert.ok(!fs.existsSync(to));
    });

    test('a store of a newer Gatehouse (a migration this version does not know)', async () => {
      const file = variant('newer.db');
      const db = new SQLite(file);
      db.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run(
        '9999-from-the-future',
        new Date().toISOString(),
      );
      db.close();
      const to = target();
      const why = await refused('restore', [file], { GATEHOUSE_DATA_DIR: to });
      assert.match(
        why,
        /written by a newer Gatehouse \(migration 9999-from-the-future is unknown to this version/,
      );
      assert.ok(!fs.existsSync(to));
    });

    test('the key named with --key, or given as GATEHOUSE_MASTER_KEY (then no key file is written)', async () => {
      const file = variant('elsewhere.db');
      const key = path.join(dir, 'vault.key');
      fs.renameSync(`${file}.key`, key);
      const to = target();
      const r = await npmRun('restore', [file, '--key', key], { GATEHOUSE_DATA_DIR: to });
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(fs.readdirSync(to).sort(), ['gatehouse.db', 'master.key']);
      assert.equal(fs.statSync(path.join(to, 'master.key')).mode & 0o777, 0o600);

      const env = target();
      const hex = fs.readFileSync(key, 'utf8').trim();
      const e = await npmRun('restore', [file], { GATEHOUSE_DATA_DIR: env, GATEHOUSE_MASTER_KEY: hex });
      assert.equal(e.code, 0, e.stderr);
      assert.match(e.stdout, /the key is GATEHOUSE_MASTER_KEY/);
      assert.deepEqual(fs.readdirSync(env), ['gatehouse.db']);
    });
  });
});
