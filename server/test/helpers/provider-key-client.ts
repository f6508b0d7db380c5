// The provider-key API as its tests call it: a client that makes up provider-shaped secrets and records
// every secret it sends and every response body it gets back, and the check each test file runs last
// over what it recorded: no response body and no audit event ever holds a provider secret.
import assert from 'node:assert/strict';
import { auditEvents, type ApiClient, type Reply } from './api-client.ts';

export const PROVIDER_KEYS_PATH = '/api/v1/provider-keys';

export interface KeyView {
  id: string;
  name: string;
  provider: string;
  secret_last4: string;
  base_url: string | null;
  effective_base_url: string;
  azure_api_version: string | null;
  enabled_models: string[];
  created_at: string;
  updated_at: string;
  rotated_at: string | null;
}

export const VIEW_FIELDS = [
  'azure_api_version',
  'base_url',
  'created_at',
  'effective_base_url',
  'enabled_models',
  'id',
  'name',
  'provider',
  'rotated_at',
  'secret_last4',
  'updated_at',
];

/**
 * A recording client for one suite (one engine). `admin` is read at each call, so the suite can sign in
 * in its `before` hook after making the client.
 */
export function providerKeyClient(admin: () => ApiClient) {
  // Every provider secret sent to the server, and every response body it gave: none may hold one.
  const secrets: string[] = [];
  const bodies: string[] = [];
  let n = 0;

  /** A fresh secret, shaped like a provider's, with a distinct last four characters. */
  const secretFor = (prefix: string) => {
    const s = `${prefix}-${crypto.randomUUID().replace(/-/g, '')}${String(++n).padStart(4, '0')}`;
    secrets.push(s);
    return s;
  };
  const seen = <T extends Reply>(r: T): T => {
    bodies.push(typeof r.body === 'string' ? r.body : JSON.stringify(r.body));
    return r;
  };
  const send = async (client: ApiClient, method: string, path: string, body?: unknown) =>
    seen(await client.request(method, path, body));
  const create = async (body: Record<string, unknown>, client: ApiClient = admin()) =>
    send(client, 'POST', PROVIDER_KEYS_PATH, body);
  async function created(body: Record<string, unknown>): Promise<KeyView> {
    const res = await create(body);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body as KeyView;
  }
  const patch = (id: string, body: unknown, client: ApiClient = admin()) =>
    send(client, 'PATCH', `${PROVIDER_KEYS_PATH}/${id}`, body);

  return { secrets, bodies, secretFor, seen, send, create, created, patch };
}

export type ProviderKeyClient = ReturnType<typeof providerKeyClient>;

/**
 * No recorded response body and no audit event holds any recorded secret. Run it as a file's last test:
 * it fails unless the file recorded at least `minSecrets` secrets and `minBodies` bodies, and its audit
 * log holds each of `actions` (so there were events of those kinds to search).
 */
export async function assertNoSecretLeaked(
  pk: ProviderKeyClient,
  admin: ApiClient,
  expected: { minSecrets: number; minBodies: number; actions: string[] },
): Promise<void> {
  const { secrets, bodies } = pk;
  assert.ok(
    secrets.length >= expected.minSecrets,
    `only ${secrets.length} secrets recorded, expected at least ${expected.minSecrets}`,
  );
  assert.ok(
    bodies.length >= expected.minBodies,
    `only ${bodies.length} response bodies recorded, expected at least ${expected.minBodies}`,
  );
  // The bodies are real replies about these secrets: some show one's last four characters.
  assert.ok(
    secrets.some((s) => bodies.some((b) => b.includes(`"secret_last4":"${s.slice(-4)}"`))),
    'no recorded body shows the last four characters of a recorded secret',
  );
  const events = await auditEvents(admin);
  for (const action of expected.actions)
    assert.ok(
      events.some((e) => e.action === action),
      `no ${action} event in the audit log`,
    );
  for (const secret of secrets) {
    for (const body of bodies) assert.ok(!body.includes(secret), `a response holds ${secret}`);
    for (const e of events)
      assert.ok(!JSON.stringify(e).includes(secret), `event ${e.id} (${e.action}) holds a secret`);
  }
}
