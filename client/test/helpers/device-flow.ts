// The console side of a device sign-in, done the way a developer's browser would but through the
// developer API routes of the contract: sign in as the developer, then approve or deny the user code the
// client printed. The browser pages are another suite's subject.
import assert from 'node:assert/strict';
import { after, afterEach, before } from 'node:test';
import { ApiClient, signIn } from '../../../server/test/helpers/api-client.ts';
import type { Engine } from '../../../server/test/helpers/engines.ts';
import { addDeveloper, PASSWORD } from '../../../server/test/helpers/people.ts';
import { startTestServer, type TestServer } from '../../../server/test/helpers/server.ts';
import { newMachine, startCli, type Machine, type Run } from './cli.ts';

/** A developer console session (cookie and CSRF token). */
export async function developerSession(
  consoleUrl: string,
  email: string,
  password = PASSWORD,
): Promise<ApiClient> {
  const res = await fetch(`${consoleUrl}/api/v1/developer/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { csrf_token: string };
  assert.equal(res.status, 200, `developer sign-in: ${JSON.stringify(body)}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return new ApiClient(consoleUrl, { cookie, 'x-csrf-token': body.csrf_token });
}

export async function decide(developer: ApiClient, userCode: string, decision: 'approve' | 'deny') {
  const res = await developer.post(`/api/v1/developer/device-authorizations/${userCode}/${decision}`);
  assert.equal(res.status, 200, `${decision}: ${res.status} ${JSON.stringify(res.body)}`);
}

export interface People {
  owner: ApiClient;
  /** Invites and accepts a developer: their id. */
  developer(email: string): Promise<string>;
}

async function people(server: TestServer): Promise<People> {
  const owner = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
  return { owner, developer: (email) => addDeveloper(server, owner, email) };
}

/**
 * The hooks of a suite against one real Gatehouse on `engine`: the server and its owner's session made
 * once, and each test's machines (`machine()`) removed after the test.
 */
export function gatehouseSuite(engine: Engine) {
  let server: TestServer | undefined;
  let org: People | undefined;
  const machines: Machine[] = [];
  before(async () => {
    server = await startTestServer(engine);
    org = await people(server);
  });
  after(() => server?.close());
  afterEach(() => machines.splice(0).forEach((m) => m.cleanup()));
  return {
    get server(): TestServer {
      return server!;
    },
    get org(): People {
      return org!;
    },
    machine(): Machine {
      const m = newMachine();
      machines.push(m);
      return m;
    },
  };
}

/** Starts `login` and waits for the user code it prints. */
export async function startLogin(
  machine: Machine,
  server: TestServer,
  extraArgs: string[] = ['--no-browser'],
  env: Record<string, string> = {},
): Promise<{ run: Run; userCode: string }> {
  const run = startCli(machine, ['login', '--console', server.consoleUrl, ...extraArgs], env);
  const [, userCode] = await run.waitFor(
    'stdout',
    /approve the code ([B-DF-HJ-NP-TV-Z]{4}-[B-DF-HJ-NP-TV-Z]{4})/,
  );
  return { run, userCode: userCode! };
}

/** A whole sign-in: login started, approved by `email`, finished with exit 0. */
export async function signInMachine(machine: Machine, server: TestServer, email: string): Promise<void> {
  const { run, userCode } = await startLogin(machine, server);
  await decide(await developerSession(server.consoleUrl, email), userCode, 'approve');
  const res = await run.done();
  assert.equal(res.code, 0, `login: ${res.stdout}\n${res.stderr}`);
}
