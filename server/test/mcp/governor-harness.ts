// The services the tool governor stands on, built by hand on a fresh store (one "replica" each), with
// the helpers its tests share: an admin origin, a caller, tool definitions, a policy with an mcp
// section, and the MCP findings written so far.
import { randomBytes } from 'node:crypto';
import { freshStore, type Engine, type FreshStore } from '../helpers/engines.ts';
import { openStore, type Store } from '../../src/store/database.ts';
import { migrate } from '../../src/store/migrate.ts';
import { createChangeBus, type ChangeBus } from '../../src/store/change-bus.ts';
import { createAuditLog, type AuditLog } from '../../src/audit/audit-log.ts';
import { createLogger } from '../../src/http/logger.ts';
import { createRiskService, type RiskService } from '../../src/risk/risk-service.ts';
import { createPolicyService, type PolicyService } from '../../src/policy/policy-service.ts';
import { DEFAULT_POLICY } from '../../src/policy/policy-defaults.ts';
import type { McpPolicy } from '../../src/policy/policy-types.ts';
import type { RequestOrigin } from '../../src/audit/audit-types.ts';
import type { RiskFinding } from '../../src/risk/risk-types.ts';
import { createMcpServerService, type McpServerService } from '../../src/mcp/mcp-server-service.ts';
import { createToolGovernor, type ToolGovernor } from '../../src/mcp/tool-governor.ts';
import type { McpCaller, McpRoute, McpToolDefinition } from '../../src/mcp/mcp-contract.ts';

const log = createLogger('silent');

export const ADMIN: RequestOrigin = {
  actor: { type: 'admin', id: 'adm_tester', name: 'tester@example.com' },
  ip: '127.0.0.1',
  userAgent: null,
  requestId: 'req-test',
};

export const CALLER: McpCaller = { actorId: 'cred_agent', developerId: null, deviceId: null };

export interface Replica {
  store: Store;
  changes: ChangeBus;
  audit: AuditLog;
  risk: RiskService;
  policy: PolicyService;
  servers: McpServerService;
  tools: ToolGovernor;
  close(): Promise<void>;
}

export interface Cluster {
  fresh: FreshStore;
  replicas: Replica[];
  close(): Promise<void>;
}

/** `count` replicas on one fresh store (more than one only means something on PostgreSQL). */
export async function startCluster(engine: Engine, count = 1): Promise<Cluster> {
  const fresh = await freshStore(engine);
  const options = {
    databaseUrl: fresh.databaseUrl,
    dataDir: fresh.dataDir,
    ...(fresh.pgSchema ? { pgSchema: fresh.pgSchema } : {}),
  };
  const key = randomBytes(32);
  const replicas: Replica[] = [];
  for (let i = 0; i < count; i++) {
    const store = openStore(options);
    if (i === 0) await migrate(store);
    const changes = createChangeBus(store, log);
    const audit = createAuditLog(store, log);
    const risk = createRiskService({ store, audit, fingerprintKey: key, log });
    const policy = createPolicyService({ store, changes, audit, risk, log });
    await policy.load();
    const servers = createMcpServerService({ store, changes, audit, risk, sealingKey: key, log });
    await servers.load();
    const tools = createToolGovernor({ store, changes, policy, risk, log });
    await tools.load();
    replicas.push({
      store,
      changes,
      audit,
      risk,
      policy,
      servers,
      tools,
      async close() {
        await tools.drain();
        await risk.drain();
        await audit.drain();
        await changes.close();
        await store.close();
      },
    });
  }
  return {
    fresh,
    replicas,
    async close() {
      for (const r of replicas) await r.close();
      await fresh.cleanup();
    },
  };
}

/** Registers a server and returns its route as the proxy would read it. */
export async function register(r: Replica, alias: string): Promise<McpRoute> {
  await r.servers.create(
    { alias, url: `https://${alias}.example.org/mcp`, description: null, headers: {}, enabled: true },
    ADMIN,
  );
  return r.servers.routeByAlias(alias)!;
}

/** Puts the policy's mcp section in force (the rest as the default policy). */
export async function setMcpPolicy(r: Replica, mcp: Partial<McpPolicy> | undefined): Promise<void> {
  await r.policy.replace({ ...DEFAULT_POLICY, ...(mcp ? { mcp: mcp as McpPolicy } : {}) }, '*', ADMIN);
}

export function tool(name: string, extra: Record<string, unknown> = {}): McpToolDefinition {
  return {
    name,
    description: `Does ${name}.`,
    inputSchema: { type: 'object', properties: { path: { type: 'string', description: 'A path.' } } },
    ...extra,
  };
}

export const names = (tools: readonly McpToolDefinition[]) => tools.map((t) => t.name);

/** The MCP tool findings written so far (after the writes pending are flushed), oldest first. */
export async function mcpFindings(r: Replica): Promise<RiskFinding[]> {
  await r.tools.drain();
  await r.risk.drain();
  const page = await r.risk.list({ order: 'asc', limit: 1000, kind: 'mcp_tool' });
  return page.documents.map((d) => JSON.parse(d) as RiskFinding);
}
