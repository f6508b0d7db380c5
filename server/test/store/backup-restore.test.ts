// The round trip an operator relies on: a Gatehouse with data in every table is copied while the Gateway
// serves a load (SQLite: `npm run backup`; PostgreSQL: `pg_dump -Fc`, as docs/operations.md says), the
// copy is restored (`npm run restore` into an empty data directory; `pg_restore` into a new database),
// and a Gatehouse started on it serves every credential, key, policy version and log of the original.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { after, test } from 'node:test';
import pg from 'pg';
import { MIGRATIONS } from '../../src/store/migrate.ts';
import { startMockUpstream } from '../mocks/mock-upstream.ts';
import { exchangeToken, signIn } from '../helpers/api-client.ts';
import {
  gatewayMessage,
  MCP_HEADER,
  npmRun,
  OWNER,
  OWNER_ENV,
  seedEveryTable,
  snapshot,
  startLoad,
  startRecordingMcp,
} from '../helpers/backup-fixture.ts';
import { runProgram } from '../helpers/child-process.ts';
import { eachEngine, freshStore, PG_URL, type Engine, type FreshStore } from '../helpers/engines.ts';

const CLOSED_REGISTRIES = {
  GATEHOUSE_SLOPSQUAT_REGISTRIES: ['npm', 'pypi', 'crates', 'go', 'rubygems', 'packagist']
    .map((e) => `${e}=http://127.0.0.1:9`)
    .join(','),
};
const LATEST = Object.keys(MIGRATIONS).at(-1)!;
// The machine the tests share can be slow to start a program (tsx compiling under load).
const START_TIMEOUT = 90_000;

async function until(done: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the load');
    await new Promise((r) => setTimeout(r, 20));
  }
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited ${code}: ${stderr}`)),
    );
  });
}

eachEngine('backup and restore', (engine: Engine) => {
  const cleanups: Array<() => Promise<unknown>> = [];
  after(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
  });
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-backup-'));
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  };

  /** SQLite: `npm run backup` of the running store; the backup file. */
  async function backUp(original: FreshStore): Promise<string> {
    const file = path.join(tempDir(), 'gatehouse-backup.db');
    const r = await npmRun('backup', [file], { GATEHOUSE_DATA_DIR: original.dataDir });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, new RegExp(`integrity ok, migration level ${LATEST}`));
    assert.match(
      r.stdout,
      /the key opens every sealed secret \(1 provider keys, 1 MCP servers' credentials\)/,
    );
    assert.match(r.stdout, /Keep the key as safely as the backup/);
    assert.match(r.stdout, /a backup without its key cannot decrypt them/);
    for (const f of [file, `${file}.key`]) assert.equal(fs.statSync(f).mode & 0o777, 0o600, f);
    assert.equal(
      fs.readFileSync(`${file}.key`, 'utf8'),
      fs.readFileSync(path.join(original.dataDir, 'master.key'), 'utf8'),
    );
    return file;
  }

  async function restore(file: string): Promise<FreshStore> {
    const dataDir = path.join(tempDir(), 'restored');
    const r = await npmRun('restore', [file], { GATEHOUSE_DATA_DIR: dataDir });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /checked: integrity ok/);
    assert.deepEqual(fs.readdirSync(dataDir).sort(), ['gatehouse.db', 'master.key']);
    return { databaseUrl: undefined, dataDir, pgSchema: undefined, cleanup: async () => {} };
  }

  /** PostgreSQL: pg_dump of the running store's schema, with its key file kept beside the dump. */
  async function pgDump(original: FreshStore): Promise<string> {
    const file = path.join(tempDir(), 'gatehouse.dump');
    await run('pg_dump', [
      '--format=custom',
      `--schema=${original.pgSchema}`,
      `--file=${file}`,
      original.databaseUrl!,
    ]);
    fs.copyFileSync(path.join(original.dataDir, 'master.key'), `${file}.key`);
    return file;
  }

  async function pgRestore(file: string, original: FreshStore): Promise<FreshStore> {
    const name = `gatehouse_restore_${randomBytes(4).toString('hex')}`;
    const server = new URL(PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
    const admin = new pg.Client({ connectionString: server.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const databaseUrl = Object.assign(new URL(server), { pathname: `/${name}` }).toString();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: server.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    });
    await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${databaseUrl}`, file]);
    const dataDir = tempDir();
    fs.copyFileSync(`${file}.key`, path.join(dataDir, 'master.key'));
    fs.chmodSync(path.join(dataDir, 'master.key'), 0o600);
    return { databaseUrl, dataDir, pgSchema: original.pgSchema, cleanup: async () => {} };
  }

  test(
    'a copy made while the Gateway serves restores into a Gatehouse that serves every credential, key, policy version and log',
    { timeout: 240_000 },
    async () => {
      const upstream = await startMockUpstream();
      cleanups.push(() => upstream.close());
      const mcp = await startRecordingMcp();
      cleanups.push(mcp.close);
      const original = await freshStore(engine);
      cleanups.push(original.cleanup);
      const first = await runProgram(original, { ...OWNER_ENV, ...CLOSED_REGISTRIES }, START_TIMEOUT);
      cleanups.push(() => first.program.stop('SIGKILL'));
      const { admin, seeded } = await seedEveryTable(
        first.consoleUrl,
        first.gatewayUrl,
        upstream.url,
        mcp.url,
      );
      const before = await snapshot(admin);
      assert.ok(
        before.findings.length >= 1 && before.activity.length >= 3 && before.devices.devices.length === 1,
      );

      // The copy is taken while four callers keep the Gateway busy; none of them may notice.
      const load = startLoad(first.gatewayUrl, seeded.gatewayToken);
      await until(() => load.ok >= 20);
      const copy = engine === 'sqlite' ? await backUp(original) : await pgDump(original);
      const atCopy = load.ok;
      await until(() => load.ok >= atCopy + 20);
      const { failures } = await load.stop();
      assert.deepEqual(failures, [], 'every Gateway request during the backup succeeded');
      const final = await snapshot(admin);
      assert.deepEqual(await first.program.stop(), { code: 0, signal: null });

      const restoredStore = engine === 'sqlite' ? await restore(copy) : await pgRestore(copy, original);
      const second = await runProgram(restoredStore, CLOSED_REGISTRIES, START_TIMEOUT);
      cleanups.push(() => second.program.stop('SIGKILL'));
      const now = await snapshot(await signIn(second.consoleUrl, OWNER.email, OWNER.password));

      // Configuration did not change during the load: it is all there, exactly.
      for (const k of [
        'policy',
        'policyVersions',
        'developers',
        'devices',
        'mcpServers',
        'credentials',
        'providerKeys',
      ] as const)
        assert.deepEqual(now[k], final[k], k);
      assert.equal(now.policyVersions.versions.length, 3);

      // The logs as of one moment: a prefix of the original's, in order and unchanged, holding everything
      // written before the backup began and some of the load, but nothing answered after it ended.
      for (const log of ['audit', 'activity'] as const) {
        const original = new Set(final[log].map((e) => e.id));
        const carried = now[log].filter((e) => original.has(e.id));
        assert.deepEqual(carried, final[log].slice(0, carried.length), `${log}: a prefix of the original`);
        assert.ok(carried.length >= before[log].length, `${log}: everything before the backup is there`);
      }
      // Gateway requests are recorded as activity (not audit events): the load shows in it alone.
      const activityAtCopy = now.activity.filter((a) => final.activity.some((f) => f.id === a.id)).length;
      assert.ok(activityAtCopy >= before.activity.length + 10, 'the copy holds requests of the load');
      assert.ok(activityAtCopy < final.activity.length, 'and not those answered after it');
      const findingIds = new Set(now.findings.map((f) => f.id));
      for (const f of before.findings) assert.ok(findingIds.has(f.id), `finding ${f.id} restored`);

      // It serves: a token issued before the backup, a new one from the restored credential, a device's
      // token, each through the provider key (which decrypts, or the mock provider would refuse the call).
      const fresh = await exchangeToken(
        second.consoleUrl,
        seeded.gatewayCredential.client_id,
        seeded.gatewayCredential.client_secret,
      );
      for (const token of [seeded.gatewayToken, fresh.access_token, seeded.deviceToken]) {
        const r = await gatewayMessage(second.gatewayUrl, token);
        assert.equal(r.status, 200, r.body);
      }
      // The MCP server's secret header decrypts too: the routed server receives it.
      mcp.seen.length = 0;
      const routed = await fetch(`${second.gatewayUrl}/mcp/notes`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${fresh.access_token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-06-18',
            capabilities: {},
            clientInfo: { name: 't', version: '1' },
          },
        }),
      });
      assert.equal(routed.status, 200, await routed.text());
      assert.ok(mcp.seen.includes(MCP_HEADER), `the MCP server got ${JSON.stringify(mcp.seen)}`);
    },
  );
});
