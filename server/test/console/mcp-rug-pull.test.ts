// The rug pull end to end (issue 16), in Debian's Chromium against the real server on a fresh store under
// the default policy (no mcp section: pinning enforce, pinning_mode trust_first), with no shortcut
// through the services: the official SDK's McpServer on a real port, registered through the management
// API and reached with the SDK's Client through /mcp/{alias}. The server changes one tool between two
// sessions — its description, then its input schema (a new free-text parameter), then an annotation
// (destructiveHint turned on). After each change a new session does not see the tool; the finding names
// both pins and what changed; a call is refused with the rule named and never reaches the server; the
// admin opens the server in the console, reads the two definitions side by side and approves; the next
// session sees the tool again and its call goes through. Activity has the refusal, then the call.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { z } from 'zod';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import {
  connectClient,
  startMcpFixture,
  startSdkMcpServer,
  type McpFixture,
  type SdkMcpServer,
} from '../helpers/mcp.ts';
import { consoleSuite, openFromNavigation, signInAsOwner } from '../helpers/console-page.ts';
import { eachEngineWithBrowser } from '../helpers/browser.ts';
import { findingsFor, policyOf } from '../helpers/policy.ts';

const ALIAS = 'reports';
const TOOL = 'send_report';

/** The tool's definition as the server serves it to every session that starts from now on. */
interface Served {
  description: string;
  inputSchema: Record<string, z.ZodType>;
  annotations: ToolAnnotations;
}

interface Change {
  what: string;
  change(d: Served): Served;
  /** The paths the finding names (never the values). */
  changed: string[];
  /** Lines of the review marked removed (pinned side) and added (pending side): their count and text. */
  removed: { count: number; has: string[] };
  added: { count: number; has: string[] };
  args: Record<string, string>;
}

const CHANGES: Change[] = [
  {
    what: 'its description',
    change: (d) => ({
      ...d,
      description: 'Sends the weekly report to the team, with a summary of open incidents.',
    }),
    changed: ['description'],
    removed: { count: 1, has: ['"description": "Sends the weekly report to the team."'] },
    added: { count: 1, has: ['"description": "Sends the weekly report to the team, with a summary'] },
    args: { week: '2026-W48' },
  },
  {
    what: 'its input schema (a new free-text parameter)',
    change: (d) => ({
      ...d,
      inputSchema: { ...d.inputSchema, note: z.string().optional().describe('Free text for the report.') },
    }),
    changed: ['inputSchema.properties.note'],
    removed: { count: 0, has: [] },
    added: { count: 4, has: ['"note": {', '"description": "Free text for the report."'] },
    args: { week: '2026-W49', note: 'Two incidents are still open.' },
  },
  {
    what: 'an annotation (destructiveHint turned on)',
    change: (d) => ({ ...d, annotations: { ...d.annotations, destructiveHint: true } }),
    changed: ['annotations.destructiveHint'],
    removed: { count: 1, has: ['"destructiveHint": false'] },
    added: { count: 1, has: ['"destructiveHint": true'] },
    args: { week: '2026-W50', note: 'All clear.' },
  },
];

// The pin as issue 16 defines it, computed here from the server's own listing, independently of the
// Gateway's code: SHA-256 of the canonical JSON (keys sorted, no whitespace) of the six members.
const PIN_MEMBERS = ['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations'];
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
    .join(',')}}`;
}
const pinOf = (tool: Record<string, unknown>) =>
  createHash('sha256')
    .update(canonical(Object.fromEntries(PIN_MEMBERS.filter((k) => k in tool).map((k) => [k, tool[k]]))))
    .digest('hex');

// tools/list read as sent, not as the SDK client's own schema would reshape it.
const RawToolList = z.object({ tools: z.array(z.record(z.string(), z.unknown())) });
async function listRaw(client: Client): Promise<Array<Record<string, unknown>>> {
  return (await client.request({ method: 'tools/list', params: {} }, RawToolList)).tools;
}

interface InventoryTool {
  name: string;
  state: string;
  sha256: string | null;
  pending?: { sha256: string };
}

/** Strips a review line's sign and the word a screen reader reads, and its indentation. */
const lineTexts = async (page: Page, selector: string) =>
  (await page.locator(selector).allTextContents()).map((t) =>
    t.replace(/^[−+] (?:removed|added): /, '').trim(),
  );

eachEngineWithBrowser('console: the MCP rug pull, caught, reviewed and approved', (engine) => {
  let f: McpFixture;
  let upstream: SdkMcpServer;
  let serverId: string;
  let served: Served = {
    description: 'Sends the weekly report to the team.',
    inputSchema: { week: z.string().describe('The ISO week, such as 2026-W48.') },
    annotations: { destructiveHint: false, openWorldHint: true },
  };
  /** The arguments of every send_report the server ran. */
  const received: Array<Record<string, unknown>> = [];
  /** The tool's pin, as approved so far. */
  let pinned = '';

  const c = consoleSuite(async () => {
    f = await startMcpFixture(engine);
    upstream = await startSdkMcpServer({
      // Each session's McpServer is built when it starts, from the definition served at that moment.
      build: (s) => {
        const { description, inputSchema, annotations } = served;
        s.registerTool(TOOL, { description, inputSchema, annotations }, async (args) => {
          received.push(args);
          return { content: [{ type: 'text', text: `sent the report for ${String(args.week)}` }] };
        });
      },
    });
    serverId = (await f.register(ALIAS, upstream.url)).id;
    return {
      close: async () => {
        await f.close();
        await upstream.close();
      },
    };
  });

  /** One session through the Gateway, as an agent opens it, ended when `fn` is done. */
  async function session<T>(fn: (client: Client) => Promise<T>): Promise<T> {
    const { client, transport } = await connectClient(f.urlOf(ALIAS), {
      headers: { authorization: `Bearer ${f.token}` },
    });
    try {
      return await fn(client);
    } finally {
      await transport.terminateSession();
      await client.close();
    }
  }

  /** The tool as the server itself lists it now (straight to its port, not through the Gateway). */
  async function servedNow(): Promise<Record<string, unknown>> {
    const { client, transport } = await connectClient(upstream.url);
    try {
      const tool = (await listRaw(client)).find((t) => t.name === TOOL);
      assert.ok(tool, 'the server lists the tool');
      return tool;
    } finally {
      await transport.terminateSession();
      await client.close();
    }
  }

  /** The tool in the inventory (GET /api/v1/mcp/servers/{id}), once `ready` holds: its writes are batched. */
  async function inventoryTool(ready: (t: InventoryTool) => boolean, what: string): Promise<InventoryTool> {
    for (const deadline = Date.now() + 5_000; ;) {
      const res = await f.admin.get<{ tools: InventoryTool[] }>(`/api/v1/mcp/servers/${serverId}`);
      assert.equal(res.status, 200);
      const tool = res.body.tools.find((t) => t.name === TOOL);
      if (tool && ready(tool)) return tool;
      if (Date.now() > deadline) assert.fail(`${what}: the inventory shows ${JSON.stringify(tool)}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /** The calls of the tool in Activity, oldest first, once `count` are there. */
  const calls = (count: number) => f.activity(count, `mcp_server=${ALIAS}&mcp_tool=${TOOL}`);

  test('first sight: under the default policy the tool is pinned on trust and called', async () => {
    assert.equal((await policyOf(f.admin)).document.mcp, undefined, 'the defaults apply');
    await session(async (client) => {
      const tool = (await listRaw(client)).find((t) => t.name === TOOL);
      assert.ok(tool, 'listed');
      pinned = pinOf(tool);
      const result = await client.callTool({ name: TOOL, arguments: { week: '2026-W47' } });
      assert.deepEqual(result.content, [{ type: 'text', text: 'sent the report for 2026-W47' }]);
    });
    assert.deepEqual(received, [{ week: '2026-W47' }]);
    assert.equal(pinOf(await servedNow()), pinned, 'the Gateway passed the definition on as served');
    const tool = await inventoryTool((t) => t.sha256 !== null, 'pinned');
    assert.equal(tool.state, 'pinned');
    assert.equal(tool.sha256, pinned, 'the pin is the SHA-256 of the six members’ canonical JSON');
    const [record] = await calls(1);
    assert.equal(record!.outcome, 'allowed');

    const { page } = c;
    await signInAsOwner(page, f.server);
    await openFromNavigation(page, 'MCP servers');
    await page
      .locator(`tr[data-mcp-server="${ALIAS}"]`)
      .getByText(/^\d+ pinned$/)
      .waitFor();
  });

  CHANGES.forEach((step, i) => {
    test(`the server changes ${step.what}: hidden, found, refused; approved in the console; then called`, async () => {
      served = step.change(served);
      const before = pinned;
      const after = pinOf(await servedNow());
      assert.notEqual(after, before, 'the change moves the pin');
      const seenBefore = received.length;

      // A new session: the changed tool is left out of the list and refused, the finding raised first.
      await session(async (client) => {
        const names = (await listRaw(client)).map((t) => t.name);
        assert.ok(names.includes('echo'), 'the server’s other tools are listed');
        assert.ok(!names.includes(TOOL), `${TOOL} is hidden: ${names.join(', ')}`);

        const findings = await findingsFor(f.admin, 'mcp-tool-changed', i + 1);
        const finding = findings.find((x) => x.evidence.sha256 === after);
        assert.ok(finding, `a finding for the new pin: ${JSON.stringify(findings)}`);
        assert.equal(finding.kind, 'mcp_tool');
        assert.equal(finding.severity, 'high');
        assert.equal(finding.status, 'open');
        // Both pins and the paths that changed, and nothing of the definition's values.
        assert.deepEqual(finding.evidence, {
          kind: 'mcp_tool_changed',
          server_id: serverId,
          server: ALIAS,
          tool: TOOL,
          sha256: after,
          previous_sha256: before,
          changed: step.changed,
        });

        await assert.rejects(
          client.callTool({ name: TOOL, arguments: step.args }),
          (err: Error & { code?: number; data?: unknown }) => {
            // A refusal by policy is an answer (JSON-RPC -32000), not a transport failure.
            assert.equal(err.code, -32000);
            assert.deepEqual(err.data, { code: 'mcp_tool_blocked', rule: 'mcp:changed_tool' });
            assert.match(err.message, /"send_report" of the MCP server "reports" changed its definition/);
            assert.ok(err.message.includes(`pin ${before.slice(0, 12)}… → ${after.slice(0, 12)}…`));
            assert.match(err.message, /an admin must approve the new definition/);
            return true;
          },
        );
      });
      assert.equal(received.length, seenBefore, 'the server never saw the refused call');

      // The admin opens the server in the console and reviews the change side by side.
      await inventoryTool((t) => t.pending?.sha256 === after, 'the change recorded');
      const { page } = c;
      await page.goto(`${f.server.consoleUrl}/console/mcp-servers`);
      const server = page.locator(`tr[data-mcp-server="${ALIAS}"]`);
      await server.getByText('1 awaiting review').waitFor();
      await server.getByRole('link', { name: ALIAS }).click();
      await page.getByRole('heading', { name: ALIAS, level: 1 }).waitFor();
      const row = page.locator(`tr[data-mcp-tool="${TOOL}"]`);
      await row.getByText('changed', { exact: true }).waitFor();
      await page.getByRole('button', { name: `Review ${TOOL}` }).click();
      const dialog = page.getByRole('dialog', { name: `Review ${ALIAS} / ${TOOL}` });
      await dialog.getByText(before, { exact: true }).waitFor();
      await dialog.getByText(after, { exact: true }).waitFor();
      const s = (n: number) => (n === 1 ? '' : 's');
      await dialog
        .getByText(
          `${step.removed.count} line${s(step.removed.count)} removed, ` +
            `${step.added.count} line${s(step.added.count)} added.`,
        )
        .waitFor();
      const removed = await lineTexts(page, '[role="dialog"] [data-side="left"][data-mark="removed"]');
      const added = await lineTexts(page, '[role="dialog"] [data-side="right"][data-mark="added"]');
      assert.equal(removed.length, step.removed.count, removed.join('\n'));
      assert.equal(added.length, step.added.count, added.join('\n'));
      for (const text of step.removed.has)
        assert.ok(
          removed.some((l) => l.includes(text)),
          `removed: ${text} in\n${removed.join('\n')}`,
        );
      for (const text of step.added.has)
        assert.ok(
          added.some((l) => l.includes(text)),
          `added: ${text} in\n${added.join('\n')}`,
        );

      await dialog.getByRole('button', { name: 'Approve' }).click();
      await dialog.getByText('pinned', { exact: true }).waitFor();
      await dialog.getByText(after, { exact: true }).waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await row.getByText('pinned', { exact: true }).waitFor();
      pinned = after;

      // A new session sees the tool again, as the server defines it now, and its call goes through.
      await session(async (client) => {
        const tool = (await listRaw(client)).find((t) => t.name === TOOL);
        assert.ok(tool, `${TOOL} is listed again`);
        assert.equal(pinOf(tool), after);
        const result = await client.callTool({ name: TOOL, arguments: step.args });
        assert.deepEqual(result.content, [{ type: 'text', text: `sent the report for ${step.args.week}` }]);
      });
      assert.deepEqual(received.slice(seenBefore), [step.args], 'the server ran the call');

      // Activity: the first call, then each change's refusal and the call after the approval.
      const records = await calls(2 * (i + 1) + 1);
      assert.deepEqual(
        records.map((r) => r.outcome),
        ['allowed', ...CHANGES.slice(0, i + 1).flatMap(() => ['blocked', 'allowed'])],
      );
      const [refused, allowed] = records.slice(-2);
      assert.equal(refused!.mcp_method, 'tools/call');
      assert.equal(refused!.error_code, 'mcp_tool_blocked');
      assert.deepEqual(refused!.signals, ['mcp:changed_tool']);
      assert.equal(allowed!.mcp_method, 'tools/call');
      assert.equal(allowed!.error_code, null);
      assert.deepEqual(c.problems, []);
    });
  });

  test('each approval is audited: the admin, the pin before and the pin approved', async () => {
    const res = await f.admin.get<{ events: Array<{ details: Record<string, unknown> }> }>(
      '/api/v1/audit/events?action=mcp_tool.approved&limit=100',
    );
    assert.equal(res.status, 200);
    assert.equal(res.body.events.length, CHANGES.length);
    for (const e of res.body.events) {
      assert.equal(e.details.tool, TOOL);
      assert.equal(e.details.previous_state, 'changed');
    }
    assert.equal(res.body.events.at(-1)!.details.sha256, pinned);
  });
});
