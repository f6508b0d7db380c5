// The policy suite of `npm run bench` (issue 5): what the policy costs a coding agent's conversation.
// One mock provider and one Gatehouse; a Claude-Code-style Messages request of about 1 MB (a system
// prompt, then forty rounds of tool use reading source files, then one new question) sent at a fixed
// rate, with the policy off and with the default policy on (secrets redacted, PII recorded), the two
// taking turns in rounds. Each request's last message is new, as in a real second turn: the history is
// the one the Gateway has scanned before, the question is not.
//
// For scale it also measures a first turn: every request's whole history new (nothing to recognise).
import { randomUUID } from 'node:crypto';
import { adminPost, type AdminSession } from './fixtures.ts';
import { prepareGatehouse } from './gateway-fixtures.ts';
import { checkLoopbackOnly, startMock } from './gateway-processes.ts';
import { processGroup, type SuiteContext } from './gateway-suite.ts';
import type { RequestSpec } from './load.ts';
import { describe, measure, mergeMeasured, type LoadSettings, type Measured } from './measure.ts';
import { startServer } from './server-process.ts';

export const POLICY_MODEL = 'claude-sonnet-4-5';
export const CONVERSATION_BYTES = 1024 * 1024;

export interface PolicySettings extends LoadSettings {
  /** Requests per second of the 1 MB conversation (default 20: 20 MB/s through the Gateway). */
  rate: number;
  rounds: number;
  logLevel: string;
}

export type PolicyMode = 'off' | 'on';

export interface PolicyRun {
  command: string;
  startedAt: Date;
  finishedAt: Date;
  settings: PolicySettings;
  bodyBytes: number;
  /** The second turn: history seen before, one new message. */
  secondTurn: Partial<Record<PolicyMode, Measured>>;
  /** A first turn: all of it new. */
  firstTurn: Partial<Record<PolicyMode, Measured>>;
  error?: string;
}

/** A source file's worth of realistic code, different per conversation (seed) and file index. */
function sourceFile(seed: string, n: number, bytes: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const line =
      i % 7 === 0
        ? `export function ${seed}Handler${n}_${i}(request: Request, config: Config): Promise<Response> {`
        : i % 7 === 6
          ? '}'
          : `  const value${i} = await fetchRecord(request.params.id, { retries: ${i % 5}, timeoutMs: ${1000 + i} }); // step ${i}`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n');
}

/**
 * The conversation as JSON text up to (not including) its last message, and a function that closes it
 * with a new question: the body of one request.
 */
export function conversation(seed: string, bytes = CONVERSATION_BYTES) {
  const messages: unknown[] = [
    { role: 'user', content: 'Help me find why the order service drops retries.' },
  ];
  const rounds = 40;
  const perFile = Math.floor((bytes - 4_000) / rounds);
  for (let i = 0; i < rounds; i++) {
    const id = `toolu_${seed}_${i}`;
    messages.push({
      role: 'assistant',
      content: [
        { type: 'text', text: `Let me read src/service/module-${i}.ts.` },
        { type: 'tool_use', id, name: 'Read', input: { file_path: `/repo/src/service/module-${i}.ts` } },
      ],
    });
    messages.push({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: id, content: sourceFile(seed, i, perFile) }],
    });
  }
  const head = JSON.stringify({
    model: POLICY_MODEL,
    max_tokens: 1024,
    system: 'You are Claude Code, a coding agent. Use the tools to read and edit files.',
    messages,
  });
  // Reopen the messages array: the new question goes in as its last element.
  const prefix = head.slice(0, head.length - 2);
  return (question: string) =>
    Buffer.from(`${prefix},${JSON.stringify({ role: 'user', content: question })}]}`);
}

function request(token: string, nextBody: () => Buffer): RequestSpec {
  return {
    method: 'POST',
    path: '/v1/messages',
    headers: {
      'content-type': 'application/json',
      'x-api-key': token,
      'anthropic-version': '2023-06-01',
      'user-agent': 'claude-cli/2.0.0 (external, cli)',
    },
    nextBody,
    expectStatus: 200,
  };
}

async function setEnforcement(consoleUrl: string, session: AdminSession, mode: PolicyMode) {
  await adminPost(
    consoleUrl,
    session,
    '/api/v1/policy',
    {
      enforcement: mode === 'on' ? 'enforce' : 'off',
      detectors: {
        secrets: { action: 'redact', allowlist: [] },
        pii: { action: 'alert', allowlist: [] },
        custom: [],
      },
    },
    200,
    `policy ${mode}`,
    'PUT',
    { 'if-match': '*' },
  );
}

export async function runPolicySuite(ctx: SuiteContext, s: PolicySettings): Promise<PolicyRun> {
  const run: PolicyRun = {
    command: ctx.command,
    startedAt: new Date(),
    finishedAt: new Date(),
    settings: s,
    bodyBytes: 0,
    secondTurn: {},
    firstTurn: {},
  };
  const { keep, stopAll } = processGroup(ctx.running);
  try {
    ctx.say(`\nPolicy: a ${CONVERSATION_BYTES / 1024 / 1024} MB agent conversation, policy off and on`);
    const mock = keep(await startMock(ctx.repoRoot, 0));
    const gh = keep(
      await startServer({
        repoRoot: ctx.repoRoot,
        logLevel: s.logLevel,
        admin: ctx.admin,
        // The default policy's slopsquat detector asks the fakes beside the mock, never the internet.
        env: { GATEHOUSE_SLOPSQUAT_REGISTRIES: mock.registries },
      }),
    );
    await checkLoopbackOnly('the Gatehouse Gateway', { url: gh.gatewayUrl, stop: gh.stop });
    // The Gateway suite's provider keys, the Anthropic one (the conversation's model) among them.
    const prepared = await prepareGatehouse(gh.consoleUrl, ctx.admin, mock.url);
    const target = { origin: gh.gatewayUrl, cpuSeconds: gh.cpuSeconds, upstreamCpuSeconds: mock.cpuSeconds };

    const history = conversation('main');
    const secondTurn = () => history(`Now fix the retry bug, attempt ${randomUUID()}.`);
    // A first turn: a conversation never seen, each time (built ahead, so the generator stays cheap).
    const fresh = Array.from({ length: 64 }, (_, i) => conversation(`fresh${i}`)('Where is the bug?'));
    let f = 0;
    const firstTurn = () => fresh[f++ % fresh.length]!;
    run.bodyBytes = secondTurn().length;

    const parts: Record<'secondTurn' | 'firstTurn', Record<PolicyMode, Measured[]>> = {
      secondTurn: { off: [], on: [] },
      firstTurn: { off: [], on: [] },
    };
    const perRound = { ...s, durationS: s.durationS / s.rounds };
    for (let round = 0; round < s.rounds; round++) {
      // The two modes take turns, the order swapped each round.
      const modes: PolicyMode[] = round % 2 === 0 ? ['off', 'on'] : ['on', 'off'];
      for (const mode of modes) {
        await setEnforcement(gh.consoleUrl, prepared.session, mode);
        for (const [turn, next] of [
          ['secondTurn', secondTurn],
          ['firstTurn', firstTurn],
        ] as const) {
          ctx.write(
            `  ${turn === 'secondTurn' ? 'Second turn' : 'First turn'}, policy ${mode} (round ${round + 1}/${s.rounds}): `,
          );
          await ctx.settle();
          const m = await measure(
            target,
            { mode: 'open', rate: turn === 'secondTurn' ? s.rate : Math.min(s.rate, 10) },
            { ...request(prepared.accessToken, next) },
            { ...perRound, warmupS: round === 0 ? s.warmupS : 1 },
          );
          parts[turn][mode].push(m);
          ctx.say(describe(m.load, m.cpu, m.upstreamCpu));
        }
      }
    }
    for (const turn of ['secondTurn', 'firstTurn'] as const)
      for (const mode of ['off', 'on'] as const)
        if (parts[turn][mode].length) run[turn][mode] = mergeMeasured(parts[turn][mode]);
  } catch (err) {
    run.error = (err as Error).message;
    ctx.say(`\n  failed: ${run.error}`);
  } finally {
    await stopAll();
    run.finishedAt = new Date();
  }
  return run;
}
