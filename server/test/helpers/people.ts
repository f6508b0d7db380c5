// People as the tests use them: invitations made and accepted over HTTP, the session an accepted admin
// invitation opens, and devices and developer sessions written straight to the store, for tests that
// need a particular state or expiry at once (device-sign-in.ts signs a device in the real way).
import assert from 'node:assert/strict';
import { newId } from '../../src/crypto/tokens.ts';
import { ApiClient, type Reply } from './api-client.ts';
import type { TestServer } from './server.ts';

export const PASSWORD = 'a long invited password';

/** The token in an invitation link, which must have the documented shape. */
export function tokenOf(invitationUrl: string): string {
  const match = /\/console\/accept#token=(ghiv_[A-Za-z0-9_-]{43})$/.exec(invitationUrl);
  assert.ok(match, `not an invitation link: ${invitationUrl}`);
  return match[1]!;
}

/** A client holding the session cookie and CSRF token that a sign-in-like response handed out. */
export function sessionFrom(consoleUrl: string, res: Reply): ApiClient {
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  assert.ok(cookie.startsWith('gatehouse_session=ghss_'), `no session cookie: ${cookie}`);
  return new ApiClient(consoleUrl, { cookie, 'x-csrf-token': res.body.csrf_token });
}

export function accept(consoleUrl: string, token: string, password = PASSWORD, extra: object = {}) {
  return new ApiClient(consoleUrl).post('/api/v1/invitations/accept', { token, password, ...extra });
}

/** Invites someone (POST to `path`) and accepts the invitation: the invite's answer and the accept's. */
async function invitedAndAccepted(server: TestServer, client: ApiClient, path: string, body: object) {
  const invited = await client.post(path, body);
  assert.equal(invited.status, 201, JSON.stringify(invited.body));
  const accepted = await accept(server.consoleUrl, tokenOf(invited.body.invitation_url));
  assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
  return { invited: invited.body, accepted };
}

/** Invites an admin and accepts the invitation: the new admin's id and signed-in client. */
export async function addAdmin(server: TestServer, owner: ApiClient, email: string, role: string) {
  const { invited, accepted } = await invitedAndAccepted(server, owner, '/api/v1/admins', { email, role });
  return { id: invited.admin.id as string, client: sessionFrom(server.consoleUrl, accepted) };
}

/** Invites a developer and accepts the invitation: the developer's id. */
export async function addDeveloper(server: TestServer, admin: ApiClient, email: string): Promise<string> {
  const { invited } = await invitedAndAccepted(server, admin, '/api/v1/developers', { email });
  return invited.developer.id as string;
}

export async function insertDevice(server: TestServer, developerId: string, name: string): Promise<string> {
  const id = newId('dvc');
  await server.gatehouse.services.store.db
    .insertInto('devices')
    .values({
      id,
      developer_id: developerId,
      name,
      platform: 'macos-arm64',
      client_version: '0.1.0',
      status: 'active',
      created_at: Date.now(),
      last_seen_at: null,
      revoked_at: null,
      revoked_reason: null,
    })
    .execute();
  return id;
}

export async function insertSession(
  server: TestServer,
  developerId: string,
  deviceId: string | null,
  expiresAt = Date.now() + 3600_000,
): Promise<string> {
  const id = newId('dss');
  await server.gatehouse.services.store.db
    .insertInto('developer_sessions')
    .values({
      id,
      developer_id: developerId,
      device_id: deviceId,
      token_hash: newId('hash'),
      created_at: Date.now(),
      expires_at: expiresAt,
      last_used_at: null,
      revoked_at: null,
    })
    .execute();
  return id;
}

export function sessionsOf(server: TestServer, developerId: string) {
  return server.gatehouse.services.store.db
    .selectFrom('developer_sessions')
    .selectAll()
    .where('developer_id', '=', developerId)
    .orderBy('id')
    .execute();
}

/** Change notifications published on the server's bus for `topic`, in order. */
export function recordChanges(server: TestServer, topic: 'developer' | 'device'): string[] {
  const seen: string[] = [];
  server.gatehouse.services.changes.subscribe(topic, (id) => void seen.push(id));
  return seen;
}
