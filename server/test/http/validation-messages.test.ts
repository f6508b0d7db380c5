// The management API's schema validation errors reach a person as sentences that say what the field
// takes, never as the schema's own terms (a regular expression, "must match format"), and keep the
// field's path for a program in `error.field`. Through the real server, on both engines.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import type { ApiClient } from '../helpers/api-client.ts';
import { signIn } from '../helpers/api-client.ts';
import { policyDoc } from '../helpers/policy.ts';

/** Schema words a person should never read. */
const RAW = /must match|pattern|\^|\$"|\\s|format "|should|NOT|instancePath/;

eachEngine('validation messages', (engine) => {
  let server: TestServer;
  let owner: ApiClient;
  before(async () => {
    server = await startTestServer(engine);
    owner = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
  });
  after(() => server.close());

  async function refusal(method: string, path: string, body?: unknown) {
    const res = await owner.request(method, path, body);
    assert.equal(res.status, 400, `${method} ${path}: ${JSON.stringify(res.body)}`);
    assert.equal(res.body.error.code, 'invalid_request');
    assert.doesNotMatch(res.body.error.message, RAW, res.body.error.message);
    return res.body.error as { message: string; field: string; request_id: string };
  }

  test('a pattern is told in words, with the field path beside it', async () => {
    const email = await refusal('POST', '/api/v1/admins', { email: 'not-an-address', role: 'admin' });
    assert.equal(email.message, 'email must be an e-mail address such as ana@example.com.');
    assert.equal(email.field, 'body.email');
    assert.ok(email.request_id);
  });

  test("a custom rule's id, a nested field, names its path and what it takes", async () => {
    const doc = policyDoc('alert', {
      custom: [{ id: 'Bad Id', keywords: ['falcon'], action: 'alert', severity: 'low' }],
    });
    const res = await owner.request('PUT', '/api/v1/policy', doc, { 'if-match': '*' });
    assert.equal(res.status, 400, JSON.stringify(res.body));
    assert.doesNotMatch(res.body.error.message, RAW, res.body.error.message);
    assert.match(
      res.body.error.message,
      /^detectors\.custom\[0\]\.id must be lower-case letters, digits and hyphens/,
    );
    assert.equal(res.body.error.field, 'body.detectors.custom[0].id');
  });

  test('required, unknown, enum, lengths, numbers and types are sentences too', async () => {
    const cases: Array<[string, string, unknown, string, string]> = [
      ['POST', '/api/v1/admins', { email: 'a@example.com' }, 'role is required.', 'body.role'],
      [
        'POST',
        '/api/v1/admins',
        { email: 'a@example.com', role: 'root' },
        'role must be one of: "viewer", "admin", "owner"',
        'body.role',
      ],
      [
        'POST',
        '/api/v1/admins',
        { email: 'a@example.com', role: 'admin', team: 'x' },
        'The request body has an unknown field "team"',
        'body',
      ],
      [
        'POST',
        '/api/v1/admins',
        { email: `${'a'.repeat(250)}@example.com`, role: 'admin' },
        'email must be at most 254 characters long.',
        'body.email',
      ],
      [
        'GET',
        '/api/v1/audit/events?limit=0',
        undefined,
        'The query parameter limit must be 1 or more.',
        'querystring.limit',
      ],
      [
        'GET',
        '/api/v1/audit/events?after=abc',
        undefined,
        'The query parameter after must be a next_cursor from an earlier page.',
        'querystring.after',
      ],
      ['POST', '/api/v1/admins', { email: 12, role: 'admin' }, 'email must be', 'body.email'],
    ];
    for (const [method, path, body, message, field] of cases) {
      const error = await refusal(method, path, body);
      assert.ok(error.message.startsWith(message), `${path} ${JSON.stringify(body)}: ${error.message}`);
      assert.equal(error.field, field);
    }
  });

  test('an error that is not about a field carries no field', async () => {
    const res = await owner.request('DELETE', `/api/v1/admins/adm_${'a'.repeat(20)}`);
    assert.equal(res.status, 404);
    assert.equal(res.body.error.field, undefined);
  });
});
