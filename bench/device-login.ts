// A developer's machine signed in to the bench's Gatehouse as the endpoint client signs one in: the
// admin invites a developer, who accepts and signs in to the console; the real `gatehouse-client login`
// (RFC 8628 device sign-in) prints its code, the developer approves it, and the client keeps its session
// in a config directory of its own. The tests have their own helpers for this (under node:test); this one
// needs nothing but fetch and the client's command.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminPost, json, USER_AGENT, type AdminSession } from './fixtures.ts';

export interface SignedInMachine {
  /** The client's config directory (GATEHOUSE_CLIENT_CONFIG_DIR) and its HOME. */
  env: Record<string, string>;
  cleanup(): void;
}

const CODE = /approve the code ([B-DF-HJ-NP-TV-Z]{4}-[B-DF-HJ-NP-TV-Z]{4})/;
const PASSWORD = 'benchmark-developer-password';

/** The developer's console session: the cookie and CSRF token a browser would hold. */
async function developerSession(consoleUrl: string, email: string): Promise<AdminSession> {
  const res = await fetch(`${consoleUrl}/api/v1/developer/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { csrf_token } = await json(res, 200, 'developer sign-in');
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, csrfToken: String(csrf_token) };
}

/** Runs `gatehouse-client login`, approving its code as the developer; resolves once it exited 0. */
function login(
  repoRoot: string,
  consoleUrl: string,
  env: Record<string, string>,
  approve: (code: string) => Promise<void>,
) {
  const bin = path.join(repoRoot, 'client', 'bin', 'gatehouse-client.js');
  const child = spawn(process.execPath, [bin, 'login', '--console', consoleUrl, '--no-browser'], {
    cwd: env.HOME,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let approving: Promise<void> | undefined;
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise<void>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      out += c;
      const code = CODE.exec(out)?.[1];
      if (code && !approving) approving = approve(code).catch((err: Error) => (child.kill(), reject(err)));
    });
    child.stderr.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`gatehouse-client login exited ${code}: ${out.slice(-500)}`));
    });
  });
}

export async function signInMachine(
  repoRoot: string,
  consoleUrl: string,
  admin: AdminSession,
  email: string,
): Promise<SignedInMachine> {
  const invited = await adminPost(
    consoleUrl,
    admin,
    '/api/v1/developers',
    { email },
    201,
    'invite a developer',
  );
  const token = /#token=(ghiv_[A-Za-z0-9_-]+)$/.exec(String(invited.invitation_url))?.[1];
  if (!token)
    throw new Error(`invite a developer: no invitation link in ${JSON.stringify(invited).slice(0, 300)}`);
  const accepted = await fetch(`${consoleUrl}/api/v1/invitations/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT },
    body: JSON.stringify({ token, password: PASSWORD }),
  });
  await json(accepted, 200, 'accept the invitation');
  const developer = await developerSession(consoleUrl, email);

  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-bench-client-'));
  const home = path.join(root, 'home');
  fs.mkdirSync(home);
  const env = { HOME: home, GATEHOUSE_CLIENT_CONFIG_DIR: path.join(root, 'config') };
  const cleanup = () => fs.rmSync(root, { recursive: true, force: true });
  try {
    await login(repoRoot, consoleUrl, env, async (code) => {
      await adminPost(
        consoleUrl,
        developer,
        `/api/v1/developer/device-authorizations/${code}/approve`,
        {},
        200,
        'approve the device sign-in',
      );
    });
  } catch (err) {
    cleanup();
    throw err;
  }
  return { env, cleanup };
}
