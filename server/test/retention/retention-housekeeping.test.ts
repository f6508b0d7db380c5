// Housekeeping on fixed periods: developer sessions a week after they ended (with the refresh tokens
// they retired), device authorizations a day after they expired, used invitations a week after their
// link expired; what is still live, or an invited person's only link, stays.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { newId } from '../../src/crypto/tokens.ts';
import { DAY } from './seed.ts';

eachEngine('retention housekeeping', (engine) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(engine);
  });
  after(() => server.close());

  test('ended sessions, expired authorizations and used invitations go; live ones stay', async () => {
    const db = server.gatehouse.services.store.db;
    const now = Date.now();
    const developer = newId('dev');
    await db
      .insertInto('developers')
      .values({
        id: developer,
        email: 'ada@example.com',
        name: null,
        status: 'active',
        password_hash: null,
        created_at: now - 60 * DAY,
        updated_at: now - 60 * DAY,
        activated_at: now - 60 * DAY,
        offboarded_at: null,
      })
      .execute();
    const session = (expiresAt: number, revokedAt: number | null) => ({
      id: newId('dss'),
      developer_id: developer,
      device_id: null,
      token_hash: newId('h'),
      created_at: now - 40 * DAY,
      expires_at: expiresAt,
      last_used_at: null,
      revoked_at: revokedAt,
    });
    const expired = session(now - 8 * DAY, null);
    const revoked = session(now + 20 * DAY, now - 8 * DAY);
    const recentlyEnded = session(now - 2 * DAY, null);
    const live = session(now + 20 * DAY, null);
    await db.insertInto('developer_sessions').values([expired, revoked, recentlyEnded, live]).execute();
    await db
      .insertInto('retired_refresh_tokens')
      .values([
        { token_hash: newId('r'), session_id: expired.id, retired_at: now - 30 * DAY },
        { token_hash: newId('r'), session_id: live.id, retired_at: now - DAY },
      ])
      .execute();
    const authorization = (expiresAt: number) => ({
      id: newId('da'),
      device_code_hash: newId('d'),
      user_code_hash: newId('u'),
      client_id: 'gatehouse-client',
      scope: 'gateway:invoke',
      device_name: null,
      platform: null,
      client_version: null,
      ip: null,
      user_agent: null,
      created_at: expiresAt - 600_000,
      expires_at: expiresAt,
      interval_seconds: 5,
      last_polled_at: null,
      status: 'pending' as const,
      developer_id: null,
      decided_at: null,
      device_id: null,
    });
    const staleAuthorization = authorization(now - 2 * DAY);
    const lateAuthorization = authorization(now - 3_600_000);
    await db.insertInto('device_authorizations').values([staleAuthorization, lateAuthorization]).execute();
    const invitation = (subject: string, expiresAt: number, usedAt: number | null) => ({
      id: newId('inv'),
      token_hash: newId('t'),
      kind: 'developer' as const,
      subject_id: subject,
      email: `${subject}@example.com`,
      created_at: expiresAt - 7 * DAY,
      expires_at: expiresAt,
      used_at: usedAt,
    });
    const used = invitation(developer, now - 8 * DAY, now - 14 * DAY);
    const unusedExpired = invitation(newId('dev'), now - 30 * DAY, null);
    await db.insertInto('invitations').values([used, unusedExpired]).execute();

    const run = await server.gatehouse.services.retention.runNow();
    assert.deepEqual(
      {
        developer_sessions: run!.housekeeping.developer_sessions,
        device_authorizations: run!.housekeeping.device_authorizations,
        invitations: run!.housekeeping.invitations,
      },
      { developer_sessions: 2, device_authorizations: 1, invitations: 1 },
    );
    const ids = async (table: 'developer_sessions' | 'device_authorizations' | 'invitations') =>
      (await db.selectFrom(table).select('id').execute()).map((r) => r.id).sort();
    assert.deepEqual(await ids('developer_sessions'), [recentlyEnded.id, live.id].sort());
    assert.deepEqual(await ids('device_authorizations'), [lateAuthorization.id]);
    assert.deepEqual(await ids('invitations'), [unusedExpired.id]);
    const tokens = await db.selectFrom('retired_refresh_tokens').select('session_id').execute();
    assert.deepEqual(
      tokens.map((t) => t.session_id),
      [live.id],
    );
  });
});
