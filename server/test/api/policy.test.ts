// The policy document end to end: GET with an ETag, PUT with If-Match (missing → 428, stale → 412,
// racing writers → one wins), validation that names the field, the version history with its
// differences, the audit events of each change, and lowering enforcement: audited as such and raising
// a risk finding against whoever did it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { auditEvents, createCredential, signIn, tokenClient, type ApiClient } from '../helpers/api-client.ts';
import { DEFAULT_POLICY } from '../../src/policy/policy-defaults.ts';

const PATH = '/api/v1/policy';

type Doc = typeof DEFAULT_POLICY;
const docWith = (change: (d: Doc) => void): Doc => {
  const d = structuredClone(DEFAULT_POLICY);
  change(d);
  return d;
};

eachEngine('policy', (engine) => {
  let server: TestServer;
  let admin: ApiClient;
  let adminId: string;

  const get = (client: ApiClient = admin) => client.get(PATH);
  const put = (body: unknown, ifMatch?: string, client: ApiClient = admin) =>
    client.request('PUT', PATH, body, ifMatch === undefined ? {} : { 'if-match': ifMatch });
  /** The ETag in force now. */
  const etag = async () => (await get()).headers.get('etag')!;
  /** Replaces the policy from the version in force; asserts it was accepted. */
  async function change(body: Doc, client: ApiClient = admin) {
    const res = await put(body, await etag(), client);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res;
  }

  before(async () => {
    server = await startTestServer(engine);
    admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    adminId = (await admin.get('/api/v1/session')).body.admin.id;
  });
  after(() => server.close());

  test('a new installation has version 1, the default policy, made by the system', async () => {
    const res = await get();
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, DEFAULT_POLICY);
    assert.match(res.headers.get('etag')!, /^"v1-[0-9a-f]{16}"$/);
    const versions = await admin.get(`${PATH}/versions`);
    assert.equal(versions.status, 200);
    assert.equal(versions.body.versions.length, 1);
    const [first] = versions.body.versions;
    assert.equal(first.version, 1);
    assert.equal(first.etag, res.headers.get('etag'));
    assert.deepEqual(first.created_by, { type: 'system', id: null, name: 'Gatehouse' });
    assert.deepEqual(first.changes, []);
    assert.equal(versions.body.next_cursor, null);
    assert.equal(server.gatehouse.services.policy.current().version, 1);
  });

  test('PUT needs If-Match (428); a stale one is a 412 that carries the ETag in force', async () => {
    const body = docWith((d) => (d.detectors.pii.action = 'redact'));
    const missing = await put(body);
    assert.equal(missing.status, 428);
    assert.equal(missing.body.error.code, 'precondition_required');
    assert.match(missing.body.error.message, /If-Match/);

    const first = await etag();
    const ok = await put(body, first);
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.deepEqual(ok.body, body);
    const second = ok.headers.get('etag')!;
    assert.notEqual(second, first);
    assert.equal((await get()).headers.get('etag'), second);
    // In force in this process before the PUT answered: the Gateway reads it on its next request.
    const current = server.gatehouse.services.policy.current();
    assert.equal(current.etag, second);
    assert.equal(current.document.detectors.pii.action, 'redact');
    assert.ok(
      Object.isFrozen(current.document.detectors.pii),
      'the document in force can be changed in place',
    );

    const stale = await put(
      docWith((d) => (d.detectors.pii.action = 'block')),
      first,
    );
    assert.equal(stale.status, 412);
    assert.equal(stale.body.error.code, 'precondition_failed');
    assert.equal(stale.headers.get('etag'), second);
    for (const tag of ['W/' + second, '"nonsense"', '*x']) {
      const res = await put(body, tag);
      assert.equal(res.status, 412, tag);
    }
    assert.deepEqual((await get()).body, body, 'a refused PUT changed the policy');

    // A list naming the current tag matches; so does the tag without its quotes.
    const listed = await put(
      docWith((d) => (d.detectors.pii.action = 'alert')),
      `${first}, ${second}`,
    );
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    const bare = await put(body, listed.headers.get('etag')!.replace(/"/g, ''));
    assert.equal(bare.status, 200, JSON.stringify(bare.body));
  });

  test('the same document again makes no new version; If-Match: * replaces whatever is in force', async () => {
    const now = await get();
    const versionsBefore = (await admin.get(`${PATH}/versions`)).body.versions.length;
    const again = await put(now.body, now.headers.get('etag')!);
    assert.equal(again.status, 200);
    assert.equal(again.headers.get('etag'), now.headers.get('etag'));
    assert.equal((await admin.get(`${PATH}/versions`)).body.versions.length, versionsBefore);

    const star = await put(
      docWith((d) => (d.detectors.secrets.action = 'block')),
      '*',
    );
    assert.equal(star.status, 200, JSON.stringify(star.body));
    assert.equal(star.body.detectors.secrets.action, 'block');
    assert.equal((await admin.get(`${PATH}/versions`)).body.versions.length, versionsBefore + 1);
  });

  test('writers racing from one version: exactly one wins, the others get 412', async () => {
    const from = await etag();
    const versionBefore = server.gatehouse.services.policy.current().version;
    const bodies = Array.from({ length: 6 }, (_, i) =>
      docWith((d) =>
        d.detectors.custom.push({
          id: `racer-${i}`,
          keywords: [`racer${i}`],
          action: 'alert',
          severity: 'low',
        }),
      ),
    );
    // Each writer on its own session, as separate clients would be.
    const clients = await Promise.all(
      bodies.map(() => signIn(server.consoleUrl, server.owner.email, server.owner.password)),
    );
    const results = await Promise.all(bodies.map((b, i) => put(b, from, clients[i])));
    const statuses = results.map((r) => r.status).sort();
    assert.deepEqual(statuses, [200, 412, 412, 412, 412, 412], JSON.stringify(results.map((r) => r.body)));
    const winner = results.find((r) => r.status === 200)!;
    assert.deepEqual((await get()).body, winner.body);
    assert.equal(server.gatehouse.services.policy.current().version, versionBefore + 1);
    for (const loser of results.filter((r) => r.status === 412))
      assert.equal(loser.headers.get('etag'), winner.headers.get('etag'));
  });

  test('validation errors name the field, and a refused document changes nothing', async () => {
    const before = await get();
    const rule = { action: 'block', severity: 'high' };
    const cases: Array<[unknown, RegExp]> = [
      [{ ...DEFAULT_POLICY, enforcment: 'off' }, /unknown field "enforcment"/],
      [{ ...DEFAULT_POLICY, enforcement: 'loud' }, /enforcement must be one of/],
      [docWith((d) => ((d.detectors.secrets as any).action = 'shout')), /detectors\.secrets\.action/],
      [
        docWith((d) => (d.detectors.custom = [{ id: 'Bad Id', pattern: 'x', ...rule } as any])),
        /detectors\.custom\[0\]\.id/,
      ],
      [
        docWith(
          (d) =>
            (d.detectors.custom = [
              { id: 'a', keywords: ['alpha'], ...rule },
              { id: 'b', keywords: ['beta'], ...rule },
              { id: 'c', pattern: '(unclosed', ...rule },
            ] as any),
        ),
        /^detectors\.custom\[2\]\.pattern: it is not a valid regular expression/,
      ],
      [
        docWith(
          (d) =>
            (d.detectors.custom = [
              { id: 'dup', keywords: ['alpha'], ...rule },
              { id: 'dup', keywords: ['beta'], ...rule },
            ] as any),
        ),
        /^detectors\.custom\[1\]\.id: "dup" is the id of detectors\.custom\[0\]/,
      ],
      [
        docWith(
          (d) => (d.detectors.custom = [{ id: 'both', pattern: 'x', keywords: ['x'], ...rule } as any]),
        ),
        /^detectors\.custom\[0\]: give either pattern or keywords/,
      ],
      [
        docWith((d) => (d.detectors.custom = [{ id: 'neither', ...rule } as any])),
        /^detectors\.custom\[0\]: give either pattern or keywords/,
      ],
      [
        docWith((d) => (d.detectors.custom = [{ id: 'long', pattern: 'x'.repeat(1001), ...rule } as any])),
        /detectors\.custom\[0\]\.pattern must be at most 1000 characters/,
      ],
      [
        docWith(
          (d) =>
            (d.detectors.custom = Array.from({ length: 201 }, (_, i) => ({
              id: `r${i}`,
              keywords: ['k'],
              ...rule,
            })) as any),
        ),
        /detectors\.custom must hold at most 200 entries/,
      ],
      [
        // Safe to run on every request: a pattern that backtracks exponentially is refused.
        docWith((d) => (d.detectors.custom = [{ id: 'redos', pattern: '(a+)+$', ...rule } as any])),
        /^detectors\.custom\[0\]\.pattern: it repeats a group/,
      ],
      [
        docWith((d) => (d.detectors.secrets.allowlist = [{ value: 'a', pattern: 'b' } as any])),
        /^detectors\.secrets\.allowlist\[0\]: give either value or pattern/,
      ],
      [
        docWith((d) => (d.detectors.pii.allowlist = [{ pattern: '.*' }])),
        /^detectors\.pii\.allowlist\[0\]\.pattern: it matches empty text/,
      ],
      [{ enforcement: 'enforce' }, /detectors is required/],
    ];
    for (const [body, message] of cases) {
      const res = await put(body, before.headers.get('etag')!);
      assert.equal(res.status, 400, `${JSON.stringify(body).slice(0, 200)} → ${res.status}`);
      assert.equal(res.body.error.code, 'invalid_request');
      assert.match(res.body.error.message, message);
    }
    const after = await get();
    assert.deepEqual(after.body, before.body);
    assert.equal(after.headers.get('etag'), before.headers.get('etag'));
  });

  test('the version history: who, when, what changed, newest first, paged; one version whole', async () => {
    const start = server.gatehouse.services.policy.current();
    const added = docWith((d) => {
      Object.assign(d, structuredClone(start.document));
      d.detectors.custom = [
        { id: 'falcon', keywords: ['Project Falcon'], action: 'block', severity: 'high' },
        { id: 'wiki-host', pattern: 'wiki\\.corp\\.example', action: 'redact', severity: 'medium' },
      ];
    });
    await change(added);
    const removed = structuredClone(added);
    removed.detectors.custom = removed.detectors.custom.filter((r) => r.id !== 'falcon');
    removed.detectors.custom[0]!.action = 'alert';
    await change(removed);

    const page1 = await admin.get(`${PATH}/versions?limit=2`);
    assert.equal(page1.status, 200);
    const [newest, previous] = page1.body.versions;
    assert.equal(newest.version, start.version + 2);
    assert.equal(previous.version, start.version + 1);
    assert.deepEqual(newest.created_by, { type: 'admin', id: adminId, name: server.owner.email });
    assert.ok(
      Date.now() - Date.parse(newest.created_at) < 60_000,
      `created_at ${newest.created_at} is not recent`,
    );
    assert.deepEqual(newest.changes, [
      { op: 'remove', path: '/detectors/custom/0', before: added.detectors.custom[0] },
      { op: 'replace', path: '/detectors/custom/0/action', before: 'redact', after: 'alert' },
    ]);
    assert.match(newest.summary, /remove \/detectors\/custom\/0/);
    assert.equal(newest.document, undefined, 'the list carries documents');
    // The rules added, at their places in the new document (the racing test left one, now removed).
    assert.deepEqual(
      previous.changes.filter((c: any) => c.op === 'add').map((c: any) => [c.path, c.after.id]),
      [
        ['/detectors/custom/0', 'falcon'],
        ['/detectors/custom/1', 'wiki-host'],
      ],
    );
    assert.equal(page1.body.next_cursor, String(previous.version));

    // Every version once, newest first, by following next_cursor.
    const all: number[] = [];
    let cursor: string | null = null;
    do {
      const res: any = await admin.get(`${PATH}/versions?limit=2${cursor ? `&before=${cursor}` : ''}`);
      all.push(...res.body.versions.map((v: any) => v.version));
      cursor = res.body.next_cursor;
    } while (cursor);
    assert.deepEqual(
      all,
      Array.from({ length: start.version + 2 }, (_, i) => start.version + 2 - i),
    );

    const one = await admin.get(`${PATH}/versions/${previous.version}`);
    assert.equal(one.status, 200);
    assert.deepEqual(one.body.document, added);
    assert.equal(one.body.etag, previous.etag);
    const missing = await admin.get(`${PATH}/versions/999999`);
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error.code, 'not_found');
    assert.equal((await admin.get(`${PATH}/versions/zero`)).status, 400);
  });

  test('every change is audited with its version and changes, never an allowlisted value', async () => {
    const secretish = `internal-test-token-${crypto.randomUUID()}`;
    const body = docWith((d) => {
      Object.assign(d, structuredClone(server.gatehouse.services.policy.current().document));
      d.detectors.secrets.allowlist = [{ value: secretish, note: 'the staging fixture' }];
      d.detectors.secrets.action = 'block';
    });
    const res = await change(body);
    const version = Number(/^"v(\d+)-/.exec(res.headers.get('etag')!)![1]);
    const events = (await auditEvents(admin, { action: 'policy.changed' })).filter(
      (e) => e.details.version === version,
    );
    assert.equal(events.length, 1);
    const [e] = events;
    assert.equal(e!.actor.type, 'admin');
    assert.equal(e!.actor.id, adminId);
    assert.deepEqual(e!.target, { type: 'policy', id: 'policy', name: 'Policy' });
    assert.equal(e!.details.previous_version, version - 1);
    assert.deepEqual(e!.details.changes, [
      { op: 'replace', path: '/detectors/secrets/action', before: 'redact', after: 'block' },
      { op: 'add', path: '/detectors/secrets/allowlist/0' },
    ]);
    const all = await auditEvents(admin);
    assert.ok(all.length > 0, 'no audit events');
    for (const ev of all)
      assert.ok(!JSON.stringify(ev).includes(secretish), `event ${ev.action} holds the value`);
    // Each version written so far has exactly one policy.changed event.
    const changed = (await auditEvents(admin, { action: 'policy.changed' })).map((x) => x.details.version);
    assert.deepEqual(
      changed,
      Array.from({ length: version - 1 }, (_, i) => i + 2),
    );
  });

  test('lowering enforcement is audited as such and raises a high risk finding against who did it', async () => {
    const findings = async () =>
      (await admin.get('/api/v1/risk/findings?kind=policy_change')).body.findings as any[];
    const set = (enforcement: Doc['enforcement'], client: ApiClient = admin) =>
      change(
        docWith((d) => {
          Object.assign(d, structuredClone(server.gatehouse.services.policy.current().document));
          d.enforcement = enforcement;
        }),
        client,
      );
    assert.equal(server.gatehouse.services.policy.current().document.enforcement, 'enforce');
    assert.deepEqual(await findings(), []);

    await set('monitor');
    const version = server.gatehouse.services.policy.current().version;
    const lowered = await auditEvents(admin, { action: 'policy.enforcement_lowered' });
    assert.equal(lowered.length, 1);
    assert.equal(lowered[0]!.actor.id, adminId);
    assert.equal(lowered[0]!.details.version, version);
    assert.equal(lowered[0]!.details.from, 'enforce');
    assert.equal(lowered[0]!.details.to, 'monitor');
    const [f] = await findings();
    assert.equal(f.id, lowered[0]!.details.risk_finding_id);
    assert.equal(f.kind, 'policy_change');
    assert.equal(f.rule, 'enforcement-lowered');
    assert.equal(f.severity, 'high');
    assert.equal(f.detector, null);
    assert.equal(f.status, 'open');
    assert.equal(f.count, 1);
    assert.deepEqual(f.actor, { type: 'admin', id: adminId, name: server.owner.email });
    assert.deepEqual(f.evidence, { kind: 'enforcement', from: 'enforce', to: 'monitor', version });

    // Raising it is a change, not a lowering; lowering it the same way again counts the same finding.
    await set('enforce');
    assert.equal((await auditEvents(admin, { action: 'policy.enforcement_lowered' })).length, 1);
    await set('monitor');
    const again = await findings();
    assert.equal(again.length, 1);
    assert.equal(again[0].count, 2);
    assert.equal(again[0].evidence.version, version + 2);

    // Infrastructure-as-code with policy:write: the credential is who lowered it, to off this time.
    const cred = await createCredential(admin, {
      name: 'terraform',
      scopes: ['policy:read', 'policy:write'],
    });
    const iac = await tokenClient(server.consoleUrl, cred);
    await set('off', iac);
    const byCredential = (await findings()).find((x) => x.actor.type === 'credential');
    assert.ok(byCredential, 'no finding names the credential');
    assert.deepEqual(byCredential.actor, { type: 'credential', id: cred.id, name: 'terraform' });
    assert.deepEqual(
      [byCredential.evidence.from, byCredential.evidence.to, byCredential.severity],
      ['monitor', 'off', 'high'],
    );
    const events = await auditEvents(admin, { action: 'policy.enforcement_lowered' });
    assert.equal(events.length, 3);
    assert.equal(events[2]!.actor.type, 'credential');
    assert.equal(events[2]!.actor.id, cred.id);
    await set('enforce');
  });
});
