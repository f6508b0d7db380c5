// The search the console's filters suggest from: GET /api/v1/developers?q= (part of a name or e-mail
// address, any case, or the exact id) and GET /api/v1/devices?q= (part of the device's name or its
// developer's e-mail address, or the exact id), cursor-paged like the unsearched lists; LIKE's own
// wildcards in what was typed match only themselves; an empty or oversized search is a 400 that says so.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signIn, type ApiClient } from '../helpers/api-client.ts';
import { addDeveloper, insertDevice } from '../helpers/people.ts';

interface Listed {
  id: string;
  email?: string;
  name: string | null;
}

eachEngine('developers and devices by search', (engine) => {
  let server: TestServer;
  let admin: ApiClient;
  const dev: Record<string, string> = {};
  const device: Record<string, string> = {};

  const emails = async (q: string, extra = '') =>
    (await admin.get(`/api/v1/developers?q=${encodeURIComponent(q)}${extra}`)).body.developers.map(
      (d: Listed) => d.email,
    );
  const deviceNames = async (q: string) =>
    (await admin.get(`/api/v1/devices?q=${encodeURIComponent(q)}`)).body.devices.map((d: Listed) => d.name);

  before(async () => {
    server = await startTestServer(engine);
    admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    const named = await admin.post('/api/v1/developers', { email: 'ana.lima@example.com', name: 'Ana Lima' });
    assert.equal(named.status, 201, JSON.stringify(named.body));
    dev.ana = named.body.developer.id;
    dev.bo = await addDeveloper(server, admin, 'bo_chen@example.com');
    dev.box = await addDeveloper(server, admin, 'boxchen@example.com');
    for (let i = 0; i < 5; i++) await addDeveloper(server, admin, `crowd-${i}@example.org`);
    device.mbp = await insertDevice(server, dev.bo, 'Bo’s MacBook Pro');
    device.linux = await insertDevice(server, dev.box, 'build-linux-01');
  });
  after(() => server.close());

  test('developers match part of the name or e-mail in any case, or the exact id', async () => {
    assert.deepEqual(await emails('LIMA'), ['ana.lima@example.com'], 'by name and address, any case');
    assert.deepEqual(await emails('ana l'), ['ana.lima@example.com'], 'by the name with its space');
    assert.deepEqual(await emails('chen'), ['bo_chen@example.com', 'boxchen@example.com']);
    assert.deepEqual(await emails(dev.box!), ['boxchen@example.com'], 'the exact id');
    assert.deepEqual(await emails(dev.box!.slice(0, 8)), [], 'part of an id is no match');
    assert.deepEqual(await emails('nobody'), []);
  });

  test('what is typed is matched literally: _ and % are no wildcards', async () => {
    assert.deepEqual(await emails('bo_c'), ['bo_chen@example.com'], '_ matches only _, not the x of boxchen');
    assert.deepEqual(await emails('%'), []);
    assert.deepEqual(await emails('\\'), []);
  });

  test('a search pages by cursor, newest first, with the other filters', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 10; i++) {
      const res: { status: number; body: { developers: Listed[]; next_cursor: string | null } } =
        await admin.get(`/api/v1/developers?q=crowd&order=desc&limit=2${cursor ? `&before=${cursor}` : ''}`);
      assert.equal(res.status, 200);
      assert.ok(res.body.developers.length <= 2);
      seen.push(...res.body.developers.map((d) => d.email!));
      cursor = res.body.next_cursor;
      if (cursor === null) break;
    }
    assert.deepEqual(
      seen,
      [4, 3, 2, 1, 0].map((i) => `crowd-${i}@example.org`),
    );
    assert.deepEqual(await emails('crowd', '&status=offboarded'), [], 'combined with status');
  });

  test("devices match part of their name or their developer's address, or the exact id", async () => {
    assert.deepEqual(await deviceNames('macbook'), ['Bo’s MacBook Pro']);
    assert.deepEqual(await deviceNames('BOXCHEN@'), ['build-linux-01'], "by the developer's address");
    assert.deepEqual(await deviceNames('chen'), ['Bo’s MacBook Pro', 'build-linux-01']);
    assert.deepEqual(await deviceNames(device.linux!), ['build-linux-01']);
    assert.deepEqual(await deviceNames('windows'), []);
  });

  test('an empty or oversized search is a 400 naming q', async () => {
    for (const path of ['/api/v1/developers', '/api/v1/devices'])
      for (const q of ['', 'x'.repeat(101)]) {
        const res = await admin.get(`${path}?q=${q}`);
        assert.equal(res.status, 400, `${path} q of ${q.length}`);
        assert.equal(res.body.error.code, 'invalid_request');
        assert.match(res.body.error.message, /\bq\b/);
      }
  });
});
