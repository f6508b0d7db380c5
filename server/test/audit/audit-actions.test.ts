// The list of audit actions (AUDIT_ACTIONS) against the server's own code: every action name an event is
// written with (an `action:` member, or the first argument of changeEvent or of an entity's event helper)
// is in the list, and every name in the list is written somewhere. The source is read with the
// TypeScript parser, so that a new event with a name the list lacks fails here even if its type was
// widened. Then GET /api/v1/audit/actions serves the list, and the events a real session writes are in it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import ts from 'typescript';
import { AUDIT_ACTIONS } from '../../src/audit/audit-actions.ts';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { ApiClient, createCredential, exchangeToken, signIn } from '../helpers/api-client.ts';

const SRC = path.resolve(import.meta.dirname, '../../src');
/** `<entity>.<verb>`: what an action name looks like, and a column reference or a file name does not. */
const ACTION_SHAPE = /^[a-z_]+\.[a-z_]+$/;
/** Calls whose first argument is an action: the shared changeEvent and each service's own `event`. */
const EMITTERS = new Set(['changeEvent', 'event']);

interface Emitted {
  /** The name, or for a template (`${entity}.approved`) a pattern its holes match anything in. */
  name: string | RegExp;
  where: string;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(full) : e.name.endsWith('.ts') ? [full] : [];
  });
}

/** The literal names an expression may evaluate to: a string, a template, either branch of a ?:. */
function names(node: ts.Expression): (string | RegExp)[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isConditionalExpression(node)) return [...names(node.whenTrue), ...names(node.whenFalse)];
  if (ts.isParenthesizedExpression(node)) return names(node.expression);
  if (ts.isTemplateExpression(node)) {
    const quote = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const parts = [
      quote(node.head.text),
      ...node.templateSpans.map((s) => `[a-z_]+${quote(s.literal.text)}`),
    ];
    return [new RegExp(`^${parts.join('')}$`)];
  }
  return [];
}

function emittedActions(): Emitted[] {
  const found: Emitted[] = [];
  for (const file of sourceFiles(SRC)) {
    const text = fs.readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const where = (n: ts.Node) =>
      `${path.relative(SRC, file)}:${source.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
    const visit = (node: ts.Node): void => {
      let value: ts.Expression | undefined;
      if (ts.isPropertyAssignment(node) && node.name.getText(source) === 'action') value = node.initializer;
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && EMITTERS.has(node.expression.text))
        value = node.arguments[0];
      for (const name of value ? names(value) : []) {
        // `action: 'block'` is a policy's action, not an audit event's: only <entity>.<verb> names count.
        if (typeof name !== 'string' || ACTION_SHAPE.test(name)) found.push({ name, where: where(node) });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

test('every action the server code writes is in AUDIT_ACTIONS', () => {
  const emitted = emittedActions();
  assert.ok(emitted.length >= 40, `found only ${emitted.length} emitting places: the scan is broken`);
  const listed = new Set<string>(AUDIT_ACTIONS);
  const missing = emitted.filter((e) =>
    typeof e.name === 'string' ? !listed.has(e.name) : !AUDIT_ACTIONS.some((a) => (e.name as RegExp).test(a)),
  );
  assert.deepEqual(
    missing.map((m) => `${String(m.name)} at ${m.where}`),
    [],
    'add these to server/src/audit/audit-actions.ts',
  );
});

test('every action in AUDIT_ACTIONS is written somewhere, once in the list, in alphabetical order', () => {
  const emitted = emittedActions();
  const stale = AUDIT_ACTIONS.filter(
    (a) => !emitted.some((e) => (typeof e.name === 'string' ? e.name === a : e.name.test(a))),
  );
  assert.deepEqual(stale, [], 'no server code writes these: remove them or find what stopped writing them');
  assert.equal(new Set(AUDIT_ACTIONS).size, AUDIT_ACTIONS.length, 'no name twice');
  assert.deepEqual([...AUDIT_ACTIONS], [...AUDIT_ACTIONS].sort(), 'alphabetical, as the console lists them');
});

eachEngine('GET /api/v1/audit/actions', (engine) => {
  let server: TestServer;
  let siem: ApiClient;

  before(async () => {
    server = await startTestServer(engine);
    const admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    const cred = await createCredential(admin, { name: 'siem-actions', scopes: ['audit:read'] });
    const { access_token } = await exchangeToken(server.consoleUrl, cred.client_id, cred.client_secret);
    siem = new ApiClient(server.consoleUrl, { authorization: `Bearer ${access_token}` });
  });
  after(() => server.close());

  test('serves the list to an audit:read token, and the events written so far carry names from it', async () => {
    const res = await siem.get<{ actions: string[] }>('/api/v1/audit/actions');
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.actions, [...AUDIT_ACTIONS]);
    for (let i = 0; i < 200 && server.gatehouse.services.audit.pending > 0; i++)
      await new Promise((r) => setTimeout(r, 10));
    const events = await siem.get<{ events: { action: string }[] }>('/api/v1/audit/events?limit=1000');
    assert.equal(events.status, 200);
    const written = new Set(events.body.events.map((e) => e.action));
    for (const action of ['session.sign_in', 'credential.created', 'credential.token_issued'])
      assert.ok(written.has(action), `${action} was written`);
    assert.deepEqual(
      [...written].filter((a) => !res.body.actions.includes(a)),
      [],
      'every written action is listed',
    );
  });
});
