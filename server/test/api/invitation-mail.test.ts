// Invitation e-mails through a real SMTP server on a local port: with GATEHOUSE_SMTP_URL set, each
// invitation is sent, logged in with the URL's user and password, from GATEHOUSE_SMTP_FROM, and holds
// the very link the API returned, which works. A mail server that cannot be reached fails the e-mail,
// not the invitation: the answer says so and the link still works.
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { auditEvents, signIn, waitForAudit, type ApiClient } from '../helpers/api-client.ts';
import { accept, tokenOf } from '../helpers/people.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';

const FROM = 'Gatehouse <gatehouse@example.com>';

/** A port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as { port: number };
  await new Promise((resolve) => s.close(resolve));
  return port;
}

eachEngine('invitation e-mail', (engine) => {
  describe('with a mail server', () => {
    let smtp: TestSmtp;
    let server: TestServer;
    let owner: ApiClient;
    before(async () => {
      smtp = await startTestSmtp();
      server = await startTestServer(engine, {
        env: { GATEHOUSE_SMTP_URL: smtp.url, GATEHOUSE_SMTP_FROM: FROM },
      });
      owner = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    });
    after(async () => {
      await server.close();
      await smtp.close();
    });

    test('a developer invitation is e-mailed with the link the API returned, and the link works', async () => {
      const res = await owner.post('/api/v1/developers', { email: 'mailed@example.com', name: 'Mailed' });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      assert.deepEqual(res.body.email, { status: 'sent', error: null });
      const mail = await smtp.mailFor('mailed@example.com');
      assert.deepEqual([mail.from, mail.to], ['gatehouse@example.com', ['mailed@example.com']]);
      assert.equal(mail.headers.from, FROM);
      assert.equal(mail.headers.subject, 'Your Gatehouse invitation');
      assert.ok(
        mail.text.split('\n').includes(res.body.invitation_url),
        `the link stands on a line of its own:\n${mail.text}`,
      );
      assert.match(mail.text, /owner@example\.com has invited you/);
      assert.match(mail.text, /works once, until/);
      const accepted = await accept(server.consoleUrl, tokenOf(res.body.invitation_url));
      assert.equal(accepted.status, 200);
      const sent = await waitForAudit(owner, { action: 'invitation.emailed' }, (e) => e.length >= 1);
      assert.deepEqual([sent[0]!.outcome, sent[0]!.target?.name], ['success', 'mailed@example.com']);
    });

    test('an admin invitation says the role', async () => {
      const res = await owner.post('/api/v1/admins', { email: 'mailed-admin@example.com', role: 'viewer' });
      assert.equal(res.status, 201);
      assert.equal(res.body.email.status, 'sent');
      const mail = await smtp.mailFor('mailed-admin@example.com');
      assert.equal(mail.headers.subject, 'Your Gatehouse admin invitation');
      assert.match(mail.text, /to administer Gatehouse, your organisation's AI gateway, as viewer\./);
      assert.ok(mail.text.includes(res.body.invitation_url), mail.text);
    });
  });

  describe('with a mail server that cannot be reached', () => {
    let server: TestServer;
    let owner: ApiClient;
    before(async () => {
      const port = await closedPort();
      server = await startTestServer(engine, {
        env: { GATEHOUSE_SMTP_URL: `smtp://127.0.0.1:${port}`, GATEHOUSE_SMTP_FROM: 'gatehouse@example.com' },
      });
      owner = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
    });
    after(() => server.close());

    test('the invitation is made and its link returned; the answer and the audit log say the e-mail failed', async () => {
      const res = await owner.post('/api/v1/developers', { email: 'unmailed@example.com' });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      assert.equal(res.body.email.status, 'failed');
      assert.match(res.body.email.error, /ECONNREFUSED|connect/i);
      assert.equal((await accept(server.consoleUrl, tokenOf(res.body.invitation_url))).status, 200);
      const failed = await waitForAudit(owner, { action: 'invitation.emailed' }, (e) => e.length >= 1);
      assert.equal(failed[0]!.outcome, 'failure');
      assert.ok(
        (await auditEvents(owner, { action: 'developer.invited' })).length === 1,
        'the invitation itself was recorded',
      );
    });
  });
});
