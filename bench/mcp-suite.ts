// The MCP suite of `npm run bench` (issues 16 and 17): an MCP server (the official SDK's, in its own
// process: mcp-upstream-process.ts) reached directly and through the Gatehouse Gateway's /mcp/{alias}
// (authentication, tool pins, the policy's mcp section and the detectors on arguments and results all
// on, as deployed), side by side in one run, the two taking turns in each round; then the endpoint
// shim's decision route, POST /mcp/decide, on its own (nothing to compare it with but its goals); then a
// local stdio server run directly and through `gatehouse-client mcp wrap` (mcp-stdio.ts).
import type { AdminSession } from './fixtures.ts';
import {
  adminPost,
  createCredential,
  exchangeToken,
  json,
  signIn,
  tokenExchangeRequest,
} from './fixtures.ts';
import { checkLoopbackOnly, type ChildServer } from './gateway-processes.ts';
import type { Stoppable, SuiteContext } from './gateway-suite.ts';
import { processGroup } from './gateway-suite.ts';
import type { RequestSpec } from './load.ts';
import type { CpuShare } from './machine.ts';
import { describe, measure, mergeMeasured, type LoadSettings, type Measured } from './measure.ts';
import type { LoadResult } from './load.ts';
import { runStdioScenario } from './mcp-stdio.ts';
import { mainThreadProfile } from './cpu-profile.ts';
import { launch, startServer } from './server-process.ts';

export const MCP_PROTOCOL_VERSION = '2025-06-18';
export const MCP_CALL_RATE = 500;
// The SDK server spends about 10 ms of CPU on each 200-tool list (it converts every schema anew), so
// the list is measured at a rate it serves with room to spare.
export const MCP_LIST_RATE = 20;
export const DECIDE_RATE = 1_000;

/** The targets reached over HTTP (MCP_SCENARIOS); the stdio ones are STDIO_SCENARIO's. */
export type HttpTargetId = 'direct' | 'bare' | 'gatehouse';
export type McpTargetId = HttpTargetId | 'stdio-direct' | 'stdio-wrapped';
export const MCP_TARGETS: { id: McpTargetId; label: string }[] = [
  { id: 'direct', label: 'Direct to the MCP server' },
  { id: 'bare', label: 'Through a bare proxy that reads each answer whole (the floor)' },
  { id: 'gatehouse', label: 'Through the Gateway (/mcp/{alias})' },
  { id: 'stdio-direct', label: 'The stdio server run directly' },
  { id: 'stdio-wrapped', label: 'The stdio server through `gatehouse-client mcp wrap`' },
];

export const MCP_SCENARIO_IDS = [
  'call-500',
  'list-200',
  'call-saturation',
  'decide-saturation',
  'decide-1000',
  'stdio-call-200',
] as const;
export type McpScenarioId = (typeof MCP_SCENARIO_IDS)[number];

export interface McpScenario<T extends McpTargetId = McpTargetId> {
  id: McpScenarioId;
  title: string;
  mode: 'open' | 'closed';
  rate?: number;
  /** Which targets it runs on: the decision route exists on the Gateway only. */
  targets: T[];
}

export const MCP_SCENARIOS: McpScenario<HttpTargetId>[] = [
  {
    id: 'call-500',
    title: `tools/call at ${MCP_CALL_RATE}/s (open loop)`,
    mode: 'open',
    rate: MCP_CALL_RATE,
    targets: ['direct', 'gatehouse'],
  },
  {
    id: 'list-200',
    title: `tools/list of a server with 200 tools at ${MCP_LIST_RATE}/s (open loop)`,
    mode: 'open',
    rate: MCP_LIST_RATE,
    targets: ['direct', 'bare', 'gatehouse'],
  },
  {
    id: 'call-saturation',
    title: 'tools/call, saturation (closed loop)',
    mode: 'closed',
    targets: ['direct', 'gatehouse'],
  },
  {
    id: 'decide-saturation',
    title: 'POST /mcp/decide (a tool call with arguments to scan), saturation (closed loop)',
    mode: 'closed',
    targets: ['gatehouse'],
  },
  {
    id: 'decide-1000',
    title: `POST /mcp/decide at ${DECIDE_RATE.toLocaleString('en-US')}/s (open loop)`,
    mode: 'open',
    rate: DECIDE_RATE,
    targets: ['gatehouse'],
  },
];

export interface McpSettings extends LoadSettings {
  rounds: number;
  logLevel: string;
  /** BENCH_CPU_PROFILE: Gatehouse runs under --cpu-prof, its profile written here. */
  cpuProfileDir: string | undefined;
  /** Which scenarios (BENCH_MCP_SCENARIOS; all by default). */
  scenarios: readonly McpScenarioId[];
}

export interface McpResult {
  scenario: McpScenarioId;
  target: McpTargetId;
  load?: LoadResult;
  cpu?: CpuShare;
  skipped?: string;
}

export interface McpRun {
  command: string;
  startedAt: Date;
  finishedAt: Date;
  settings: McpSettings;
  results: McpResult[];
  /** What the checked requests answered, per target and scenario, when it was not what was expected. */
  unavailable: Partial<Record<McpTargetId, Partial<Record<McpScenarioId, string>>>>;
  error?: string;
}

const ACCEPT = 'application/json, text/event-stream';

/** A process of this suite that announces its endpoint: the MCP server, the bare proxy. */
async function startAnnounced(
  repoRoot: string,
  script: string,
  what: string,
  env: Record<string, string> = {},
): Promise<ChildServer> {
  const launched = await launch({
    repoRoot,
    args: ['--import', 'tsx', script],
    env,
    stdout: 'announce',
    startTimeoutMs: 15_000,
    cleanup: () => {},
  });
  const server = { ...launched, url: String(launched.announced?.url) };
  await checkLoopbackOnly(what, server);
  return server;
}

/** initialize and notifications/initialized, as a client opens a session; the session's headers. */
async function openSession(url: string, headers: Record<string, string>): Promise<Record<string, string>> {
  const post = (body: unknown, session?: string) =>
    fetch(url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        accept: ACCEPT,
        ...(session ? { 'mcp-session-id': session, 'mcp-protocol-version': MCP_PROTOCOL_VERSION } : {}),
      },
      body: JSON.stringify(body),
    });
  const init = await post({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: {
      protocolVersion: MCP_PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: { name: 'gatehouse-bench', version: '1' },
    },
  });
  const answer = await json(init, 200, `initialize at ${url}`);
  if (!answer.result) throw new Error(`initialize at ${url}: ${JSON.stringify(answer).slice(0, 300)}`);
  const session = init.headers.get('mcp-session-id');
  if (!session) throw new Error(`initialize at ${url}: no Mcp-Session-Id in the answer`);
  const initialized = await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, session);
  await initialized.arrayBuffer();
  if (initialized.status !== 202)
    throw new Error(`notifications/initialized at ${url}: ${initialized.status}`);
  return {
    ...headers,
    'content-type': 'application/json',
    accept: ACCEPT,
    'mcp-session-id': session,
    'mcp-protocol-version': MCP_PROTOCOL_VERSION,
  };
}

/** A JSON-RPC request with a new id on every send: the server keeps answers apart by id. */
function rpc(path: string, headers: Record<string, string>, method: string, params: unknown): RequestSpec {
  let id = 1;
  return {
    method: 'POST',
    path,
    headers,
    nextBody: () => Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: id++, method, params })),
    expectStatus: 200,
  };
}

const DECIDE_BODY = Buffer.from(
  JSON.stringify({
    server: { name: 'filesystem', command: 'npx', args_sha256: 'a'.repeat(64) },
    phase: 'call',
    tool: 'read_file',
    arguments: { path: 'src/index.ts', encoding: 'utf8' },
  }),
);

/** One request of a kind, its answer read in full: null when it is what the scenario expects, else why. */
async function check(origin: string, spec: RequestSpec, expect: (body: Record<string, unknown>) => boolean) {
  try {
    const res = await fetch(`${origin}${spec.path}`, {
      method: spec.method,
      headers: spec.headers,
      body: spec.nextBody ? spec.nextBody() : spec.body,
    });
    const text = await res.text();
    if (res.status !== spec.expectStatus) return `${res.status}: ${text.slice(0, 200)}`;
    return expect(JSON.parse(text) as Record<string, unknown>) ? null : `answered ${text.slice(0, 200)}`;
  } catch (err) {
    return (err as Error).message;
  }
}

const isResult = (b: Record<string, unknown>) => typeof b.result === 'object' && b.result !== null;
const listsAll = (b: Record<string, unknown>) =>
  ((b.result as { tools?: unknown[] } | undefined)?.tools?.length ?? 0) === 200;

async function registerServer(consoleUrl: string, session: AdminSession, url: string) {
  await adminPost(
    consoleUrl,
    session,
    '/api/v1/mcp/servers',
    { alias: 'bench', url, description: 'The benchmark’s MCP server' },
    201,
    'register the MCP server',
  );
}

export async function runMcpSuite(ctx: SuiteContext, s: McpSettings): Promise<McpRun> {
  const run: McpRun = {
    command: ctx.command,
    startedAt: new Date(),
    finishedAt: new Date(),
    settings: s,
    results: [],
    unavailable: {},
  };
  const { keep, stopAll } = processGroup(ctx.running as Set<Stoppable>);
  try {
    ctx.say('\nMCP: starting the MCP server and Gatehouse');
    const upstream = keep(
      await startAnnounced(ctx.repoRoot, 'bench/mcp-upstream-process.ts', 'the MCP server'),
    );
    // The bare proxy (mcp-bare-proxy.ts): the floor of a proxy that reads answers whole.
    const bare = keep(
      await startAnnounced(ctx.repoRoot, 'bench/mcp-bare-proxy.ts', 'the bare proxy', {
        BENCH_UPSTREAM_URL: upstream.url,
      }),
    );
    const bareUrl = new URL(bare.url);
    const gh = keep(
      await startServer({
        repoRoot: ctx.repoRoot,
        logLevel: s.logLevel,
        admin: ctx.admin,
        cpuProfileDir: s.cpuProfileDir,
      }),
    );
    await checkLoopbackOnly('the Gatehouse Gateway', { url: gh.gatewayUrl, stop: gh.stop });
    const session = await signIn(gh.consoleUrl, ctx.admin);
    await registerServer(gh.consoleUrl, session, upstream.url);
    const { clientId, clientSecret } = await createCredential(gh.consoleUrl, session, 'bench-mcp', [
      'gateway:invoke',
    ]);
    const token = await exchangeToken(
      gh.consoleUrl,
      tokenExchangeRequest(clientId, clientSecret),
      'gateway:invoke',
    );
    const auth = { authorization: `Bearer ${token}` };
    const upstreamUrl = new URL(upstream.url);
    const targets = {
      direct: { origin: upstreamUrl.origin, path: upstreamUrl.pathname, cpuSeconds: upstream.cpuSeconds },
      bare: { origin: bareUrl.origin, path: bareUrl.pathname, cpuSeconds: bare.cpuSeconds },
      gatehouse: { origin: gh.gatewayUrl, path: '/mcp/bench', cpuSeconds: gh.cpuSeconds },
    };
    const requests: Record<HttpTargetId, Partial<Record<McpScenarioId, RequestSpec>>> = {
      direct: {},
      bare: {},
      gatehouse: {},
    };
    for (const id of ['direct', 'bare', 'gatehouse'] as const) {
      const t = targets[id];
      const headers = await openSession(`${t.origin}${t.path}`, id === 'gatehouse' ? auth : {});
      const call = rpc(t.path, headers, 'tools/call', { name: 'echo', arguments: { text: 'hello' } });
      const list = rpc(t.path, headers, 'tools/list', {});
      requests[id] = { 'call-500': call, 'call-saturation': call, 'list-200': list };
      // The Gateway pins the 200 tools on its first list, before anything is measured.
      const why = {
        'list-200': await check(t.origin, list, listsAll),
        'call-500': await check(t.origin, call, isResult),
      };
      if (why['list-200'] || why['call-500'])
        run.unavailable[id] = {
          ...(why['list-200'] ? { 'list-200': why['list-200'] } : {}),
          ...(why['call-500'] ? { 'call-500': why['call-500'], 'call-saturation': why['call-500'] } : {}),
        };
    }
    const decide: RequestSpec = {
      method: 'POST',
      path: '/mcp/decide',
      headers: { ...auth, 'content-type': 'application/json' },
      body: DECIDE_BODY,
      expectStatus: 200,
    };
    requests.gatehouse['decide-saturation'] = decide;
    requests.gatehouse['decide-1000'] = decide;
    const decideWhy = await check(gh.gatewayUrl, decide, (b) => b.decision === 'allow');
    if (decideWhy) {
      const u = (run.unavailable.gatehouse ??= {});
      u['decide-saturation'] = decideWhy;
      u['decide-1000'] = decideWhy;
    }
    for (const [id, kinds] of Object.entries(run.unavailable))
      for (const [scenario, why] of Object.entries(kinds))
        ctx.say(`  ${id}, ${scenario}: NOT ANSWERING — ${why}`);

    for (const scenario of MCP_SCENARIOS) {
      if (!s.scenarios.includes(scenario.id)) continue;
      ctx.say(`  ${scenario.title}`);
      const measurable = scenario.targets.filter((t) => !run.unavailable[t]?.[scenario.id]);
      const parts = new Map<HttpTargetId, Measured[]>(measurable.map((t) => [t, []]));
      for (let round = 0; round < s.rounds; round++) {
        const order = measurable.map((_, i) => measurable[(i + round) % measurable.length]!);
        for (const target of order) {
          ctx.write(`    ${target}${s.rounds > 1 ? ` (round ${round + 1}/${s.rounds})` : ''}: `);
          await ctx.settle();
          const warmupS = round === 0 ? s.warmupS : Math.min(1, s.warmupS);
          const m = await measure(
            {
              origin: targets[target].origin,
              cpuSeconds: targets[target].cpuSeconds,
              ...(target !== 'direct' ? { upstreamCpuSeconds: upstream.cpuSeconds } : {}),
            },
            scenario,
            requests[target][scenario.id]!,
            { ...s, warmupS, durationS: s.durationS / s.rounds },
          );
          parts.get(target)!.push(m);
          ctx.say(describe(m.load, m.cpu, target === 'direct' ? undefined : m.upstreamCpu));
        }
      }
      for (const target of scenario.targets) {
        const why = run.unavailable[target]?.[scenario.id];
        if (why) {
          run.results.push({ scenario: scenario.id, target, skipped: why });
          continue;
        }
        const m = mergeMeasured(parts.get(target)!);
        run.results.push({ scenario: scenario.id, target, load: m.load, cpu: m.cpu });
      }
    }
    if (s.scenarios.includes('stdio-call-200'))
      run.results.push(...(await runStdioScenario(ctx, s, keep, gh.consoleUrl, session)));
  } catch (err) {
    run.error = (err as Error).message;
    ctx.say(`\n  failed: ${run.error}`);
  } finally {
    await stopAll();
    const profile = s.cpuProfileDir && mainThreadProfile(s.cpuProfileDir);
    if (profile)
      ctx.say(`  Gatehouse CPU profile: ${profile} (node --import tsx bench/cpu-profile.ts <file> 40)`);
  }
  run.finishedAt = new Date();
  return run;
}
