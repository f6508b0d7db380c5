// A name another deployment's observatory feed reports is a known hallucination here: the Gateway, now
// subscribed to a second real Gatehouse's feed, stops a tool call that would install it without asking
// any registry, even once an attacker has registered it (the fake npm registry has it, days old or
// not); the finding and the activity say known_hallucination.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import Anthropic from '@anthropic-ai/sdk';
import { until } from '../helpers/audit-rows.ts';
import { eachEngine } from '../helpers/engines.ts';
import { MODELS } from '../helpers/gateway.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { toolCallHeader } from '../mocks/mock-upstream.ts';
import { daysAgo, startSlopsquatFixture, type SlopsquatFixture } from './gateway-fixture.ts';
import { FEED, settingsOf, settle, sight } from './observatory-helpers.ts';

/** Invented by another deployment's models, and registered since by someone. */
const SQUATTED = 'express-jwt-middleware-pro';

eachEngine('slopsquat: names other deployments report', (engine) => {
  let source: TestServer;
  let f: SlopsquatFixture;
  before(async () => {
    source = await startTestServer(engine);
    for (const dev of ['a', 'b', 'c']) sight(source, { name: SQUATTED, dev });
    await settle(source);
    f = await startSlopsquatFixture(engine);
    await f.policy();
    await settingsOf(f.gateway.admin, { subscriptions: [`${source.gatewayUrl}${FEED}`] });
    const observatory = f.gateway.server.gatehouse.services.observatory;
    await until(() => observatory.knownElsewhere('npm', SQUATTED), 5000, 'the subscribed feed');
  });
  after(async () => {
    await f?.close();
    await source?.close();
  });

  test('a known hallucination is blocked without a lookup, though a registry now has it', async () => {
    f.registries.set('npm', SQUATTED, { created: daysAgo(400), repository: 'https://github.com/x/y' });
    const before = f.registries.requests.length;
    const client = new Anthropic({ apiKey: f.gateway.token, baseURL: f.gateway.gatewayUrl, maxRetries: 0 });
    await assert.rejects(
      client.messages.create(
        { model: MODELS.anthropic, max_tokens: 100, messages: [{ role: 'user', content: 'Add JWT auth' }] },
        { headers: toolCallHeader({ name: 'Bash', arguments: { command: `npm install ${SQUATTED}` } }) },
      ),
      (e: unknown) => {
        assert.ok(e instanceof Anthropic.BadRequestError, String(e));
        assert.match(e.message, /other Gatehouse deployments report it as a name models invent/);
        assert.match(e.message, /rule slopsquat:known_hallucination/);
        return true;
      },
    );
    assert.equal(f.registries.requests.length, before, 'a registry was asked');
    const finding = await f.finding('slopsquat:known_hallucination', SQUATTED);
    assert.deepEqual([finding.severity, finding.evidence.action], ['high', 'blocked']);
  });
});
