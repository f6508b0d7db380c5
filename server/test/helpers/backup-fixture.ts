// A Gatehouse with something in every table a backup must carry (an owner, credentials with tokens
// issued, an encrypted provider key, policy versions, a developer with a signed-in device, an MCP
// server with a secret header, activity, audit events, a risk finding), a load of Gateway requests to
// run while it is copied, and the state as the API shows it, to compare the copy with the original.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { MOCK_KEYS } from '../mocks/mock-upstream.ts';
import { until } from './audit-rows.ts';
import type { ApiClient } from './api-client.ts';
import {
  auditEvents,
  createCredential,
  exchangeToken,
  signIn,
  type CreatedCredential,
} from './api-client.ts';
import { approve, developerSignIn, poll, startSignIn } from './device-sign-in.ts';
import { accept, PASSWORD, tokenOf } from './people.ts';
import { policyDoc, setPolicy } from './policy.ts';

export const OWNER = { email: 'backup-owner@example.com', password: 'a long backup owner password' };
export const OWNER_ENV = { GATEHOUSE_ADMIN_EMAIL: OWNER.email, GATEHOUSE_ADMIN_PASSWORD: OWNER.password };
export const MCP_HEADER = 'Bearer mcp-notes-secret-7f3a91c2';
// A secret the policy's secrets detector alerts on: the request goes through and leaves a finding.
const AWS_KEY = 'AKIAQYLPMN5HFIQR7XQZ';

export interface Seeded {
  gatewayCredential: CreatedCredential;
  /** A gateway:invoke token issued before the backup. */
  gatewayToken: string;
  deviceToken: string;
}

/** An MCP server that records the headers of each request and answers `initialize`. */
export async function startRecordingMcp(): Promise<{ url: string; seen: string[]; close(): Promise<void> }> {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(String(req.headers.authorization ?? ''));
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          result: {
            protocolVersion: '2025-06-18',
            capabilities: {},
            serverInfo: { name: 'notes', version: '1' },
          },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    seen,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** One Anthropic Messages request through the Gateway; the status and body text. */
export async function gatewayMessage(gatewayUrl: string, token: string, text = 'Hello there') {
  const res = await fetch(`${gatewayUrl}/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01', 'x-api-key': token },
    body: JSON.stringify({
      model: 'claude-sonnet-4-5',
      max_tokens: 32,
      messages: [{ role: 'user', content: text }],
    }),
  });
  return { status: res.status, body: await res.text() };
}

export async function seedEveryTable(
  consoleUrl: string,
  gatewayUrl: string,
  upstreamUrl: string,
  mcpUrl: string,
) {
  const admin = await signIn(consoleUrl, OWNER.email, OWNER.password);
  const created = (path: string, body: object) =>
    admin.post(path, body).then((r) => {
      assert.equal(r.status, 201, `${path}: ${JSON.stringify(r.body)}`);
      return r.body;
    });
  await created('/api/v1/provider-keys', {
    name: 'anthropic-main',
    provider: 'anthropic',
    secret: MOCK_KEYS.anthropic,
    base_url: upstreamUrl,
    enabled_models: ['claude-*'],
  });
  await created('/api/v1/mcp/servers', {
    alias: 'notes',
    url: mcpUrl,
    headers: { authorization: MCP_HEADER },
  });
  // Three versions: the default, then two changes.
  await setPolicy(admin, policyDoc('alert'));
  await setPolicy(admin, policyDoc('alert', { pii: 'alert' }));

  const gatewayCredential = await createCredential(admin, { name: 'dev-tools', scopes: ['gateway:invoke'] });
  const gatewayToken = (
    await exchangeToken(consoleUrl, gatewayCredential.client_id, gatewayCredential.client_secret)
  ).access_token;
  const siem = await createCredential(admin, { name: 'siem', scopes: ['audit:read', 'risk:read'] });
  await exchangeToken(consoleUrl, siem.client_id, siem.client_secret);

  const invited = await created('/api/v1/developers', { email: 'ada@example.com' });
  assert.equal((await accept(consoleUrl, tokenOf(invited.invitation_url))).status, 200);
  const ada = await developerSignIn(consoleUrl, 'ada@example.com', PASSWORD);
  const codes = await startSignIn(consoleUrl);
  assert.equal((await approve(ada, codes.user_code)).status, 200);
  const deviceToken = (await poll(consoleUrl, codes.device_code)).access_token;

  for (const [token, text] of [
    [gatewayToken, 'Hello'],
    [deviceToken, 'Hello from the laptop'],
    [gatewayToken, `deploy with ${AWS_KEY} please`],
  ] as const)
    assert.equal((await gatewayMessage(gatewayUrl, token, text)).status, 200);
  // The finding is written by the risk log's batch writer after the answer: wait for it.
  await until(
    async () => (await admin.get('/api/v1/risk/findings?limit=1')).body.findings?.length === 1,
    10_000,
    'the risk finding of the request with a secret',
  );
  return { admin, seeded: { gatewayCredential, gatewayToken, deviceToken } satisfies Seeded };
}

/** Every item of a paged list, oldest first. */
async function allPages(client: ApiClient, path: string, key: string): Promise<any[]> {
  const items: any[] = [];
  let after: string | undefined;
  for (;;) {
    const q = new URLSearchParams({ limit: '100', ...(after ? { after } : {}) });
    const res = await client.get(`${path}?${q}`);
    assert.equal(res.status, 200, `${path}: ${JSON.stringify(res.body)}`);
    items.push(...res.body[key]);
    if (res.body[key].length < 100 || !res.body.next_cursor) return items;
    after = res.body.next_cursor;
  }
}

export interface Snapshot {
  audit: any[];
  activity: any[];
  findings: any[];
  policyVersions: any;
  policy: any;
  developers: any;
  devices: any;
  mcpServers: any;
  credentials: Array<{ id: string; name: string; status: string; client_id: string }>;
  providerKeys: any;
}

/** The store's contents as the management API serves them. */
export async function snapshot(admin: ApiClient): Promise<Snapshot> {
  const body = async (path: string) => {
    const res = await admin.get(path);
    assert.equal(res.status, 200, `${path}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const credentials = (await body('/api/v1/credentials')).credentials as any[];
  return {
    audit: await auditEvents(admin),
    activity: await allPages(admin, '/api/v1/activity', 'activity'),
    findings: await allPages(admin, '/api/v1/risk/findings', 'findings'),
    policyVersions: await body('/api/v1/policy/versions'),
    policy: await body('/api/v1/policy'),
    developers: await body('/api/v1/developers'),
    devices: await body('/api/v1/devices'),
    mcpServers: await body('/api/v1/mcp/servers'),
    // last_used_at moves with every use: the rest of the record is what must survive.
    credentials: credentials.map(({ id, name, status, client_id }) => ({ id, name, status, client_id })),
    providerKeys: await body('/api/v1/provider-keys'),
  };
}

/** `callers` loops of Gateway requests until stopped: how many answered 200, and what else came back. */
export function startLoad(gatewayUrl: string, token: string, callers = 4) {
  let running = true;
  let ok = 0;
  const failures: string[] = [];
  const loops = Array.from({ length: callers }, async () => {
    while (running) {
      try {
        const r = await gatewayMessage(gatewayUrl, token, 'load');
        if (r.status === 200) ok++;
        else failures.push(`${r.status} ${r.body.slice(0, 200)}`);
      } catch (err) {
        failures.push(String(err));
      }
    }
  });
  return {
    get ok() {
      return ok;
    },
    async stop() {
      running = false;
      await Promise.all(loops);
      return { ok, failures };
    },
  };
}

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** `npm run <script> -- <args>` from the repository's root, as an operator runs it; never throws. */
export function npmRun(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn('npm', ['run', '-s', script, '--', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? ROOT, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = { stdout: '', stderr: '' };
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out.stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (out.stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, ...out });
    });
  });
}
