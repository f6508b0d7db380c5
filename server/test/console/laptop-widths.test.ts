// Every page of the console with a table or badges, at the laptop widths of issue 19 (1366 px and
// 1280 px), filled with long, real data: credentials named like production services (one revoked, one
// expired), a provider key with a long name and base URL, dated model names, findings of every
// severity, an MCP server with a long URL and its tools, a slopsquat catch of a scoped package, a SIEM
// destination, and Gateway requests allowed, redacted, blocked and failed upstream. On each page, once
// its data is shown, helpers/text-fit.ts measures: no badge, cell or ellipsis clips its text, and no
// single token (a model name, a URL, a key's name, an id) is broken across lines where its table could
// keep it whole (the exact rules are in that file's header). Every problem of every page is collected
// and the test fails with the whole list, naming the page, the width, the element and its text. The
// page body never scrolls sideways either.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { MOCK_KEYS } from '../mocks/mock-upstream.ts';
import { startGatewayFixture, type GatewayFixture } from '../helpers/gateway.ts';
import { createCredential, exchangeToken } from '../helpers/api-client.ts';
import { consoleSuite, screenshot, signInAsOwner, type PageGlobals } from '../helpers/console-page.ts';
import { addDeveloper, insertDevice } from '../helpers/people.ts';
import { findingsFor, policyDoc, setPolicy } from '../helpers/policy.ts';
import { eachEngineWithBrowser } from '../helpers/browser.ts';
import { textFitProblems } from '../helpers/text-fit.ts';
import { DEVS, catchesOf } from '../slopsquat/caught.ts';

const CREDENTIAL = 'billing-exporter-production-eu-west-1';
const REVOKED = 'legacy-ci-runner-staging-us-east-2';
const EXPIRED = 'nightly-eval-harness-research';
const KEY = 'openai-fallback-unreachable-westeurope';
const KEY_URL = 'http://127.0.0.1:9/openai/deployments/fallback-westeurope-001/v1';
const CLAUDE = 'claude-sonnet-4-5-20250929';
const GPT = 'gpt-4.1-mini-2025-04-14';
/** An Azure deployment is named by its owner, and often at length. */
const DEPLOYMENT = 'gpt-4o-2024-08-06-global-standard-westeurope-prod';
const AZURE_KEY = 'azure-openai-production-westeurope';
const DEVELOPER = 'ada.lovelace-byron@analytical-engines.example.com';
const DEVICE = 'ada-lovelace-macbook-pro-16-2024';
const MCP_ALIAS = 'github-enterprise-code-review';
const MCP_URL = 'https://mcp.github-enterprise.internal.example.com/api/v1/mcp/streamable-http';
const MCP_TOOL = 'create_pull_request_review_comment';
const PACKAGE = '@acme-platform/billing-exporter-client-sdk';
const SIEM = 'Splunk HEC production eu-west-1';

const CUSTOM = [
  { id: 'falcon', keywords: ['Project Falcon'], action: 'block' as const, severity: 'critical' as const },
  { id: 'internal-only', keywords: ['internal-only'], action: 'alert' as const, severity: 'low' as const },
];

/** What a page opens: a dialog (measured alone: the page behind it was measured already) or a page. */
interface Opened {
  name: string;
  ready: Locator;
  dialog?: string;
  close?(): Promise<void>;
}

/** A page of the console: where it is, and what shows that its data has been rendered. */
interface Stop {
  name: string;
  path: string;
  ready(page: Page): Locator;
  /** What to open on the page (a detail drawer, a server's page) and measure too. */
  open?(page: Page): Promise<Opened>;
}

const STOPS: Stop[] = [
  {
    name: 'overview',
    path: '/overview',
    ready: (p) => p.getByRole('table', { name: 'Busiest models' }).getByText(DEPLOYMENT),
  },
  {
    name: 'activity',
    path: '/activity',
    ready: (p) => p.getByRole('table', { name: 'Gateway requests' }).getByText(GPT).first(),
    async open(p) {
      await p.getByRole('table', { name: 'Gateway requests' }).getByText(GPT).first().click();
      const detail = p.getByRole('dialog', { name: 'Gateway request' });
      return {
        name: 'activity request',
        ready: detail.getByText('upstream_unreachable').first(),
        dialog: '[role="dialog"]',
        close: () => closeDialog(p, detail),
      };
    },
  },
  {
    name: 'risk findings',
    path: '/risk',
    ready: (p) => p.getByRole('table', { name: 'Risk findings' }).getByText('falcon').first(),
    async open(p) {
      await p
        .getByRole('table', { name: 'Risk findings' })
        .getByRole('row')
        .nth(1)
        .getByRole('button')
        .click();
      const detail = p.getByRole('dialog', { name: 'Risk finding' });
      return {
        name: 'risk finding',
        ready: detail.getByRole('rowheader', { name: 'Fingerprint' }),
        dialog: '[role="dialog"]',
        close: () => closeDialog(p, detail),
      };
    },
  },
  {
    name: 'audit log',
    path: '/audit',
    ready: (p) => p.getByRole('table', { name: 'Audit events' }).getByText(CREDENTIAL).first(),
  },
  {
    name: 'credentials',
    path: '/credentials',
    ready: (p) => p.locator(`tr[data-credential="${EXPIRED}"]`).getByText('Expired'),
  },
  {
    name: 'provider keys',
    path: '/provider-keys',
    ready: (p) => p.locator(`tr[data-provider-key="${KEY}"]`),
  },
  {
    name: 'people',
    path: '/people',
    ready: (p) => p.getByRole('table', { name: 'Developers' }).getByText(DEVELOPER),
  },
  {
    name: 'devices',
    path: '/devices',
    ready: (p) => p.getByRole('table', { name: 'Devices' }).getByText(DEVICE),
  },
  {
    name: 'policy',
    path: '/policy',
    ready: (p) => p.getByRole('table', { name: 'Custom rules' }).getByText('falcon', { exact: true }),
  },
  {
    name: 'mcp servers',
    path: '/mcp-servers',
    ready: (p) => p.locator(`tr[data-mcp-server="${MCP_ALIAS}"]`),
    async open(p) {
      await p.locator(`tr[data-mcp-server="${MCP_ALIAS}"]`).getByRole('link').first().click();
      return { name: 'mcp server', ready: p.locator(`tr[data-mcp-tool="${MCP_TOOL}"]`) };
    },
  },
  {
    name: 'slopsquat',
    path: '/slopsquat',
    ready: (p) => p.locator(`tr[data-package="npm:${PACKAGE}"]`).first(),
  },
  {
    name: 'siem',
    path: '/settings/siem',
    ready: (p) => p.getByRole('table', { name: 'SIEM destinations' }).getByText(SIEM),
  },
  {
    name: 'retention',
    path: '/settings/retention',
    ready: (p) => p.getByRole('table', { name: 'What is kept' }),
  },
];

async function closeDialog(page: Page, dialog: Locator) {
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

/** What is wrong on the page as it is now, each problem prefixed with where it was found. */
async function measure(page: Page, where: string, within?: string): Promise<string[]> {
  const found = (await textFitProblems(page, within)).map((p) => `${where}: ${p}`);
  const { content, viewport } = await page.evaluate(() => {
    const { document } = globalThis as unknown as PageGlobals;
    return {
      content: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
      viewport: document.documentElement.clientWidth,
    };
  });
  if (content > viewport) found.push(`${where}: the page scrolls sideways (${content} px in ${viewport} px)`);
  return found;
}

/** Gateway requests of every outcome, findings of every severity, and what the other pages list. */
async function seed(f: GatewayFixture) {
  const { admin, server } = f;
  await setPolicy(admin, policyDoc('redact', { pii: 'alert', custom: CUSTOM }));
  const cred = await createCredential(admin, { name: CREDENTIAL, scopes: ['gateway:invoke', 'audit:read'] });
  const token = (await exchangeToken(server.consoleUrl, cred.client_id, cred.client_secret)).access_token;
  const revoked = await createCredential(admin, { name: REVOKED, scopes: ['gateway:invoke'] });
  assert.equal(
    (await admin.post(`/api/v1/credentials/${revoked.id}/revoke`, { confirm: REVOKED })).status,
    200,
  );
  const expired = await createCredential(admin, { name: EXPIRED, scopes: ['gateway:invoke'] });
  await server.gatehouse.services.store.db
    .updateTable('api_credentials')
    .set({ expires_at: Date.now() - 86_400_000 })
    .where('id', '=', expired.id)
    .execute();
  // Its requests fail: nothing listens on port 9.
  await f.addKey({
    name: KEY,
    provider: 'openai',
    secret: MOCK_KEYS.openai,
    base_url: KEY_URL,
    enabled_models: ['gpt-4.1-*'],
  });

  await f.addKey({
    name: AZURE_KEY,
    provider: 'azure',
    secret: MOCK_KEYS.azure,
    base_url: f.upstream.url,
    azure_api_version: '2024-10-21',
    enabled_models: [DEPLOYMENT],
  });

  const post = async (path: string, body: object) => {
    const res = await fetch(`${f.gatewayUrl}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'anthropic-version': '2023-06-01',
      },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return res.status === 200 ? 200 : `${res.status} ${text}`;
  };
  const chat = (model: string, content: string) =>
    post('/v1/chat/completions', { model, messages: [{ role: 'user', content }] });
  assert.equal(
    await post('/v1/messages', {
      model: CLAUDE,
      max_tokens: 64,
      messages: [{ role: 'user', content: 'Hello' }],
    }),
    200,
  );
  assert.equal(await chat('gpt-4o-mini', 'My key is AKIAQYLPMN5HFIQR7XQZ, keep it safe'), 200); // redacted, high
  assert.equal(await chat('gpt-4o-mini', 'Mail jane.doe@acme-corp.io about it'), 200); // medium
  assert.equal(await chat('gpt-4o-mini', 'This is internal-only material'), 200); // low
  assert.notEqual(await chat('gpt-4o-mini', 'The plan for Project Falcon'), 200); // blocked, critical
  assert.notEqual(await chat(GPT, 'Hello'), 200); // upstream_error
  assert.equal(
    await post(`/azure/openai/deployments/${DEPLOYMENT}/chat/completions?api-version=2024-10-21`, {
      messages: [{ role: 'user', content: 'Hello' }],
    }),
    200,
  );
  const records = await f.activity(7);
  assert.deepEqual(
    new Set(records.map((r) => r.outcome)),
    new Set(['allowed', 'redacted', 'blocked', 'upstream_error']),
  );
  await findingsFor(admin, 'custom:falcon');
  await findingsFor(admin, 'custom:internal-only');

  await insertDevice(server, await addDeveloper(server, admin, DEVELOPER), DEVICE);

  const mcp = await admin.post<{ id: string }>('/api/v1/mcp/servers', { alias: MCP_ALIAS, url: MCP_URL });
  assert.equal(mcp.status, 201, JSON.stringify(mcp.body));
  const { mcpServers, mcpTools } = server.gatehouse.services;
  mcpTools.onToolsList(
    mcpServers.routeByAlias(MCP_ALIAS)!,
    [
      {
        name: MCP_TOOL,
        description: 'Adds a review comment to a line of a pull request.',
        inputSchema: { type: 'object', properties: { body: { type: 'string' } } },
      },
    ],
    { actorId: cred.id, developerId: null, deviceId: null },
  );
  await mcpTools.drain();

  const catches = catchesOf(server);
  for (const dev of DEVS)
    await catches.caught({ ecosystem: 'npm', name: PACKAGE, reason: 'missing', dev, blocked: true });
  await catches.settle();

  const siem = await admin.post('/api/v1/siem/destinations', {
    name: SIEM,
    type: 'webhook',
    url: 'http://127.0.0.1:9/services/collector/event/security-operations-production',
    secret: 'whsec_laptop_widths_secret_0451',
    format: 'json',
    streams: ['audit', 'findings'],
  });
  assert.equal(siem.status, 201, JSON.stringify(siem.body));
}

for (const width of [1366, 1280]) {
  eachEngineWithBrowser(`console: every table page at ${width} px`, (engine) => {
    let f: GatewayFixture;
    const c = consoleSuite(async () => (f = await startGatewayFixture(engine)), width);

    before(async () => seed(f));

    test('no badge or cell clips its text, and no name is broken mid-word', async () => {
      const { page } = c;
      await signInAsOwner(page, f.server);
      const problems: string[] = [];
      for (const stop of STOPS) {
        await page.goto(`${f.server.consoleUrl}/console${stop.path}`);
        await stop.ready(page).waitFor();
        problems.push(...(await measure(page, `${stop.name} at ${width} px`)));
        if (width === 1366 && (stop.name === 'provider keys' || stop.name === 'credentials'))
          await screenshot(page, `laptop-1366-${stop.name.replace(' ', '-')}`);
        if (!stop.open) continue;
        const opened = await stop.open(page);
        await opened.ready.waitFor();
        problems.push(...(await measure(page, `${opened.name} at ${width} px`, opened.dialog)));
        await opened.close?.();
      }
      assert.ok(problems.length === 0, `texts that do not fit:\n${problems.join('\n')}`);
      assert.deepEqual(c.problems, []);
    });
  });
}
