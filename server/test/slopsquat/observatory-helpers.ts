// What the observatory's tests share: a sighting handed to the recorder as the Gateway's detection hands
// it, the store read back into the snapshot, the names the public feed lists, and a settings change.
import assert from 'node:assert/strict';
import type { TestServer } from '../helpers/server.ts';
import type { ApiClient } from '../helpers/api-client.ts';
import type { Ecosystem, SlopsquatReason } from '../../src/slopsquat/slopsquat-contract.ts';

export const FEED = '/v1/slopsquat/observatory';

export function sight(
  server: TestServer,
  s: {
    ecosystem?: Ecosystem;
    name: string;
    dev: string;
    family?: string | null;
    reason?: SlopsquatReason;
    blocked?: boolean;
    firstPublished?: string;
  },
): void {
  server.gatehouse.services.observatory.record({
    ecosystem: s.ecosystem ?? 'npm',
    name: s.name,
    developerKey: `developer:${s.dev}`,
    modelFamily: s.family === undefined ? 'claude' : s.family,
    at: Date.now(),
    ...(s.reason ? { reason: s.reason } : {}),
    ...(s.blocked !== undefined ? { blocked: s.blocked } : {}),
    ...(s.firstPublished ? { firstPublished: s.firstPublished } : {}),
  });
}

/** Writes what was recorded and reads the store back into the snapshot. */
export async function settle(server: TestServer): Promise<void> {
  await server.gatehouse.services.observatory.drain();
  await server.gatehouse.services.observatory.refresh();
}

/** Every `ecosystem:name` the public feed lists, all pages. */
export async function publishedNames(server: TestServer): Promise<string[]> {
  const out: string[] = [];
  let cursor: string | null = null;
  do {
    const res: Response = await fetch(
      `${server.gatewayUrl}${FEED}?limit=1000${cursor ? `&cursor=${cursor}` : ''}`,
    );
    assert.equal(res.status, 200);
    const page = (await res.json()) as {
      entries: Array<{ ecosystem: string; name: string }>;
      next_cursor: string | null;
    };
    out.push(...page.entries.map((e) => `${e.ecosystem}:${e.name}`));
    cursor = page.next_cursor;
  } while (cursor);
  return out;
}

/** Changes some settings (the others as they are) and checks the change was taken. */
export async function settingsOf(admin: ApiClient, change: Record<string, unknown>) {
  const current = (await admin.get('/api/v1/slopsquat/settings')).body;
  // What the view shows but a PUT does not take: read-only.
  for (const shown of ['subscription_status', 'feed_url', 'registries_in_effect']) delete current[shown];
  const res = await admin.request('PUT', '/api/v1/slopsquat/settings', { ...current, ...change });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body;
}
