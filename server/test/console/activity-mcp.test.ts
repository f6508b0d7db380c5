// MCP calls on the activity page, in Debian's Chromium against the real server: two MCP servers (the
// official SDK's, on real ports) registered through the management API and called through the
// Gateway's /mcp/{alias} with the SDK's client; their calls are rows naming the server and the tool,
// filtered by MCP server and by tool, and a row's detail shows the server, the method and the tool.
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { connectClient, startMcpFixture, startSdkMcpServer, type McpFixture } from '../helpers/mcp.ts';
import { consoleSuite, openFromNavigation, signInAsOwner } from '../helpers/console-page.ts';
import { eachEngineWithBrowser } from '../helpers/browser.ts';

const table = (page: Page) => page.getByRole('table', { name: 'Gateway requests' });

eachEngineWithBrowser('console: MCP calls in the activity', (engine) => {
  let f: McpFixture;
  const c = consoleSuite(async () => {
    f = await startMcpFixture(engine);
    const [docs, files] = [await startSdkMcpServer(), await startSdkMcpServer()];
    await f.register('docs', docs.url);
    await f.register('files', files.url);
    for (const alias of ['docs', 'files']) {
      const { client } = await connectClient(f.urlOf(alias), {
        headers: { authorization: `Bearer ${f.token}` },
      });
      await client.callTool({ name: 'echo', arguments: { text: `hello from ${alias}` } });
      if (alias === 'files') await client.callTool({ name: 'count', arguments: { n: 2 } });
      await client.close();
    }
    // Each session: initialize, notifications/initialized, the calls, and the session's end.
    await f.activity(1, 'mcp_server=files&mcp_tool=count');
    return {
      close: async () => {
        await f.close();
        await Promise.all([docs.close(), files.close()]);
      },
    };
  });

  test('MCP calls are rows naming the server and the tool, filtered by server and by tool', async () => {
    const { page } = c;
    await signInAsOwner(page, f.server);
    await openFromNavigation(page, 'Activity');
    const apply = () => page.getByRole('button', { name: 'Apply filters' }).click();

    await page.getByLabel('MCP server').fill('files');
    await page.getByLabel('MCP tool').fill('echo');
    await apply();
    await page.getByText('1 request', { exact: true }).waitFor();
    const row = table(page).locator('tbody tr');
    await row.getByText('MCP files').waitFor();
    await row.getByText('echo', { exact: true }).waitFor();

    await page.getByLabel('MCP tool').fill('');
    await apply();
    // The files server's calls only: echo and count among its session's messages.
    await table(page).getByText('count', { exact: true }).waitFor();
    await table(page).getByText('MCP docs').waitFor({ state: 'detached' });

    await row.filter({ hasText: 'count' }).getByRole('button').click();
    const fields = page.getByRole('dialog', { name: 'Gateway request' }).getByRole('table', {
      name: 'Request fields',
    });
    await fields.getByRole('row', { name: 'MCP server files' }).waitFor();
    await fields.getByRole('row', { name: 'MCP method tools/call' }).waitFor();
    await fields.getByRole('row', { name: 'MCP tool count' }).waitFor();
  });
});
