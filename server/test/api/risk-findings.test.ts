// The risk findings API: filters, the cursor (ascending after, newest first before), one finding by id,
// and resolving one: an admin session only (no token, whatever its scopes; no viewer), audited, once.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { auditEvents, createCredential, signIn, tokenClient, type ApiClient } from '../helpers/api-client.ts';
import { addViewer } from '../helpers/console-page.ts';
import { SCOPE_NAMES } from '../../src/identity/scopes.ts';
import type { RiskObservation } from '../../src/risk/risk-types.ts';
import { observation } from '../risk/observations.ts';

const FINDINGS = '/api/v1/risk/findings';
const HOUR = 3600_000;

eachEngine('risk findings API', (engine) => {
  let server: TestServer;
  let admin: ApiClient;
  let reader: ApiClient;
  const t0 = Date.now() - 10 * HOUR;
  const made: Record<string, RiskObservation> = {};

  /** Every finding the query selects, all pages, as ids of what `made` calls them. */
  async function names(query: string, client: ApiClient = reader): Promise<string[]> {
    const res = await client.get(`${FINDINGS}?limit=1000&${query}`);
    assert.equal(res.status, 200, `${query}: ${JSON.stringify(res.body)}`);
    return res.body.findings.map((f: any) => f.actor.name as string);
  }

  before(async () => {
    server = await startTestServer(engine);
    admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    const cred = await createCredential(admin, { name: 'siem', scopes: ['risk:read'] });
    reader = await tokenClient(server.consoleUrl, cred);
    // Six findings, one per caller (named for what sets it apart), first seen an hour apart.
    const spec: Array<[string, Partial<RiskObservation>]> = [
      ['aws', {}],
      ['email', { detector: 'pii', rule: 'email', label: 'email', severity: 'low' }],
      ['card', { detector: 'pii', rule: 'payment-card', label: 'payment-card', severity: 'high' }],
      [
        'falcon',
        { detector: 'custom', rule: 'custom:falcon', label: 'falcon', severity: 'medium', where: 'response' },
      ],
      ['github', { rule: 'github-token', label: 'github-token', severity: 'critical' }],
      ['late', { rule: 'github-token', label: 'github-token', severity: 'critical' }],
    ];
    spec.forEach(([name, o], i) => {
      made[name] = observation({
        ...o,
        actor: { type: 'credential', id: `cred_${name}`, name },
        time: t0 + i * HOUR,
      });
      server.gatehouse.services.risk.observe(made[name]!);
    });
    // `aws` is seen again later: its last sighting is after every other first one.
    server.gatehouse.services.risk.observe({ ...made.aws!, time: t0 + 8 * HOUR });
    await server.gatehouse.services.risk.drain();
  });
  after(() => server.close());

  test('lists every finding in order of first sighting, with filters', async () => {
    assert.deepEqual(await names(''), ['aws', 'email', 'card', 'falcon', 'github', 'late']);
    assert.deepEqual(await names('severity=critical'), ['aws', 'github', 'late']);
    assert.deepEqual(await names('kind=pii'), ['email', 'card']);
    assert.deepEqual(await names('detector=custom'), ['falcon']);
    assert.deepEqual(await names('kind=custom&severity=medium'), ['falcon']);
    assert.deepEqual(await names('rule=github-token'), ['github', 'late']);
    assert.deepEqual(await names('actor_id=cred_card'), ['card']);
    assert.deepEqual(await names('status=open'), ['aws', 'email', 'card', 'falcon', 'github', 'late']);
    assert.deepEqual(await names('status=resolved'), []);
    assert.deepEqual(await names('kind=policy_change'), []);
    // Seen within [since, until): last seen at or after since, first seen before until.
    const at = (h: number) => encodeURIComponent(new Date(t0 + h * HOUR).toISOString());
    assert.deepEqual(await names(`since=${at(3)}`), ['aws', 'falcon', 'github', 'late']);
    assert.deepEqual(await names(`until=${at(2)}`), ['aws', 'email']);
    assert.deepEqual(await names(`since=${at(2)}&until=${at(4)}`), ['aws', 'card', 'falcon']);

    for (const bad of [
      'severity=extreme',
      'status=closed',
      'kind=x',
      'since=yesterday',
      'color=red',
      'limit=0',
    ]) {
      const res = await reader.get(`${FINDINGS}?${bad}`);
      assert.equal(res.status, 400, bad);
      assert.equal(res.body.error.code, 'invalid_request');
    }
  });

  test('the cursor: after pages oldest first, before pages newest first; each finding once', async () => {
    const seen: string[] = [];
    let after = '';
    for (let page = 0; page < 10; page++) {
      const res = await reader.get(`${FINDINGS}?limit=4${after ? `&after=${after}` : ''}`);
      assert.equal(res.status, 200);
      seen.push(...res.body.findings.map((f: any) => f.actor.name));
      assert.ok(res.body.next_cursor, 'ascending pages always give a cursor');
      if (res.body.findings.length === 0) {
        assert.equal(res.body.next_cursor, after, 'an empty page repeats the cursor sent');
        break;
      }
      after = res.body.next_cursor;
    }
    assert.deepEqual(seen, ['aws', 'email', 'card', 'falcon', 'github', 'late']);

    // A finding seen again keeps its place; a new one comes after the cursor.
    server.gatehouse.services.risk.observe({ ...made.email!, time: Date.now() });
    server.gatehouse.services.risk.observe(
      observation({ actor: { type: 'device', id: 'dev_new', name: 'new' } }),
    );
    await server.gatehouse.services.risk.drain();
    const next = await reader.get(`${FINDINGS}?after=${after}`);
    assert.deepEqual(
      next.body.findings.map((f: any) => f.actor.name),
      ['new'],
    );

    const newest: string[] = [];
    let cursor: string | null = null;
    do {
      const res: any = await reader.get(`${FINDINGS}?order=desc&limit=3${cursor ? `&before=${cursor}` : ''}`);
      newest.push(...res.body.findings.map((f: any) => f.actor.name));
      cursor = res.body.next_cursor;
    } while (cursor);
    assert.deepEqual(newest, ['new', 'late', 'github', 'falcon', 'card', 'email', 'aws']);
  });

  test('one finding by id; an unknown id is a 404, a malformed one a 400', async () => {
    const [card] = (await reader.get(`${FINDINGS}?actor_id=cred_card`)).body.findings;
    const one = await reader.get(`${FINDINGS}/${card.id}`);
    assert.equal(one.status, 200);
    assert.deepEqual(one.body, card);
    assert.equal(one.body.evidence.kind, 'payment-card');
    assert.equal(one.body.first_seen, new Date(t0 + 2 * HOUR).toISOString());
    const missing = await reader.get(`${FINDINGS}/rf_doesnotexist`);
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error.code, 'not_found');
    assert.equal((await reader.get(`${FINDINGS}/..%2fetc`)).status, 400);
  });

  test('resolving needs an admin session: a token with every scope and a viewer are refused', async () => {
    const [aws] = (await reader.get(`${FINDINGS}?actor_id=cred_aws`)).body.findings;
    const path = `${FINDINGS}/${aws.id}/resolve`;
    const all = await createCredential(admin, { name: 'everything', scopes: SCOPE_NAMES });
    const token = await tokenClient(server.consoleUrl, all);
    const byToken = await token.post(path, { note: 'machine' });
    assert.equal(byToken.status, 403);
    assert.equal(byToken.body.error.code, 'session_required');
    const viewer = await addViewer(server);
    const viewerSession = await signIn(server.consoleUrl, viewer.email, viewer.password);
    const byViewer = await viewerSession.post(path, {});
    assert.equal(byViewer.status, 403);
    assert.equal(byViewer.body.error.code, 'forbidden');
    assert.equal(
      (await reader.get(`${FINDINGS}/${aws.id}`)).body.status,
      'open',
      'a refused resolve resolved it',
    );

    const ownerId = (await admin.get('/api/v1/session')).body.admin.id;
    const done = await admin.post(path, { note: '  key rotated and revoked  ' });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.equal(done.body.status, 'resolved');
    assert.equal(done.body.resolution_note, 'key rotated and revoked');
    assert.deepEqual(done.body.resolved_by, { type: 'admin', id: ownerId, name: server.owner.email });
    assert.ok(
      Date.now() - Date.parse(done.body.resolved_at) < 60_000,
      `resolved_at ${done.body.resolved_at}`,
    );
    assert.equal(done.body.count, aws.count);
    assert.deepEqual(await names('status=resolved'), ['aws']);

    const twice = await admin.post(path, {});
    assert.equal(twice.status, 409);
    assert.equal(twice.body.error.code, 'conflict');
    assert.equal((await admin.post(`${FINDINGS}/rf_doesnotexist/resolve`, {})).status, 404);
    const tooLong = await admin.post(`${FINDINGS}/${aws.id}/resolve`, { note: 'x'.repeat(1001) });
    assert.equal(tooLong.status, 400);
    assert.match(tooLong.body.error.message, /^note must be at most 1000 characters long/);
    assert.equal(tooLong.body.error.field, 'body.note');

    const events = await auditEvents(admin, { action: 'risk_finding.resolved' });
    assert.equal(events.length, 1);
    const [e] = events;
    assert.equal(e!.actor.id, ownerId);
    assert.deepEqual(e!.target, { type: 'risk_finding', id: aws.id, name: 'aws-access-key' });
    assert.deepEqual(e!.details, {
      kind: 'secret',
      rule: 'aws-access-key',
      severity: 'critical',
      count: aws.count,
      note: 'key rotated and revoked',
    });
  });

  test('no response holds a matched value', async () => {
    const text = JSON.stringify([
      (await reader.get(`${FINDINGS}?limit=1000`)).body,
      ...(await Promise.all(
        (await reader.get(`${FINDINGS}?limit=1000`)).body.findings.map(
          async (f: any) => (await reader.get(`${FINDINGS}/${f.id}`)).body,
        ),
      )),
      await auditEvents(admin),
    ]);
    assert.ok(text.includes('aws-access-key'), 'the responses searched hold no findings');
    for (const o of Object.values(made))
      assert.ok(!text.includes(o.value), `a response holds ${o.actor.name}'s value`);
  });
});
