// Response headers an attacker on the network or a framing page would test: HSTS only when Gatehouse is
// reached over HTTPS (here, through a trusted proxy's X-Forwarded-Proto; never believed from anyone
// else, never over plain HTTP), on both listeners; and the API reference (/api/docs) framed by nobody,
// under a policy without `style-src https:`, still rendering in a real browser.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { eachEngine } from '../helpers/engines.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { browserSuiteOptions, launchBrowser } from '../helpers/browser.ts';
import { openConsole } from '../helpers/console-page.ts';

const HSTS = 'max-age=31536000; includeSubDomains';

eachEngine('headers', (engine) => {
  describe('Strict-Transport-Security', () => {
    let behindProxy: TestServer;
    let direct: TestServer;
    before(async () => {
      // The tests' own address is the trusted proxy of one server and a stranger to the other.
      behindProxy = await startTestServer(engine, { env: { GATEHOUSE_TRUSTED_PROXIES: '127.0.0.1' } });
      direct = await startTestServer(engine);
    });
    after(async () => {
      await behindProxy?.close();
      await direct?.close();
    });

    /** Paths answered on each listener: a page, an API answer, an error. */
    const paths = (s: TestServer) => [
      `${s.consoleUrl}/console/`,
      `${s.consoleUrl}/api/docs/`,
      `${s.consoleUrl}/api/v1/credentials`,
      `${s.consoleUrl}/nowhere`,
      `${s.gatewayUrl}/healthz`,
      `${s.gatewayUrl}/v1/models`,
      `${s.gatewayUrl}/nowhere`,
    ];

    test('sent on both listeners when a trusted proxy says the client came over HTTPS', async () => {
      for (const url of paths(behindProxy)) {
        const res = await fetch(url, { headers: { 'x-forwarded-proto': 'https' } });
        await res.arrayBuffer();
        assert.equal(res.headers.get('strict-transport-security'), HSTS, url);
      }
    });

    test('never over plain HTTP, and never on the word of an address that is not a trusted proxy', async () => {
      for (const url of paths(behindProxy)) {
        for (const headers of [{}, { 'x-forwarded-proto': 'http' }] as Array<Record<string, string>>) {
          const res = await fetch(url, { headers });
          await res.arrayBuffer();
          assert.equal(
            res.headers.get('strict-transport-security'),
            null,
            `${url} ${JSON.stringify(headers)}`,
          );
        }
      }
      for (const url of paths(direct)) {
        const res = await fetch(url, { headers: { 'x-forwarded-proto': 'https' } });
        await res.arrayBuffer();
        assert.equal(res.headers.get('strict-transport-security'), null, url);
      }
    });
  });

  describe('/api/docs', () => {
    let server: TestServer;
    let framer: http.Server;
    before(async () => {
      server = await startTestServer(engine);
      // Another origin (another port) that tries to frame the reference.
      framer = http.createServer((_req, res) =>
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(`<!doctype html><iframe id="f" src="${server.consoleUrl}/api/docs/"></iframe>`),
      );
      await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
    });
    after(async () => {
      await new Promise((resolve) => framer?.close(resolve));
      await server?.close();
    });

    test('the page and its assets: framed by nobody, as the console; no style-src https:', async () => {
      const page = await fetch(`${server.consoleUrl}/api/docs/`);
      const html = await page.text();
      const css = /href="([^"]+swagger-ui\.css)"/.exec(html)![1]!;
      for (const res of [
        page,
        await fetch(new URL(css, `${server.consoleUrl}/api/docs/`)),
        await fetch(`${server.consoleUrl}/api/docs/json`),
      ]) {
        await res.arrayBuffer().catch(() => {});
        assert.equal(res.status, 200, res.url);
        assert.equal(res.headers.get('x-frame-options'), 'DENY', res.url);
        const csp = res.headers.get('content-security-policy') ?? '';
        assert.match(csp, /frame-ancestors 'none'/, res.url);
        const styles = /style-src ([^;]*)/.exec(csp)?.[1] ?? '';
        assert.doesNotMatch(styles, /https:|\*|unsafe-inline/, res.url);
        assert.doesNotMatch(csp, /script-src[^;]*(https:|unsafe-inline|unsafe-eval)/, res.url);
        assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
      }
    });

    describe('in a browser', browserSuiteOptions() ?? {}, () => {
      let browser: Browser;
      before(async () => (browser = await launchBrowser()));
      after(() => browser?.close());

      test('renders in a real browser under its policy, with every operation listed', async () => {
        const { page, problems } = await openConsole(browser);
        await page.goto(`${server.consoleUrl}/api/docs/`);
        await page.locator('.swagger-ui .info .title').getByText('Gatehouse management API').waitFor();
        await page.locator('.opblock').first().waitFor();
        assert.ok((await page.locator('.opblock').count()) >= 10, 'the operations are listed');
        // Its stylesheet applied: swagger-ui's own layout, not the browser's defaults.
        // Runs in the page, where the DOM's getComputedStyle exists (not in this file's Node types).
        const display = await page
          .locator('.swagger-ui .opblock-summary')
          .first()
          .evaluate(
            (e) =>
              (
                globalThis as unknown as { getComputedStyle(el: unknown): { display: string } }
              ).getComputedStyle(e).display,
          );
        assert.equal(display, 'flex');
        assert.deepEqual(problems, [], 'no policy violation or script error');
        await page.close();
      });

      test('another origin cannot frame it', async () => {
        const { page } = await openConsole(browser);
        const { port } = framer.address() as AddressInfo;
        await page.goto(`http://127.0.0.1:${port}/`);
        const frame = await (await page.waitForSelector('#f')).contentFrame();
        await frame?.waitForLoadState('load');
        // A refused frame is left empty (Chromium shows its error page there), never the reference.
        const framed = frame
          ? await frame
              .locator('.swagger-ui')
              .count()
              .catch(() => 0)
          : 0;
        assert.equal(framed, 0);
        await page.close();
      });
    });
  });
});
