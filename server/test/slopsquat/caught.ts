// A catch as the Gateway's slopsquat detection leaves it, made through the same services it calls: the
// finding (rule slopsquat:<reason>, the package shown), the sighting handed to the observatory, and the
// request's activity record with its signal. For the console's tests, which need every reason and
// several developers without as many Gateway round trips; slopsquat-gateway-page.test.ts has the
// Gateway itself catch a name.
import type { TestServer } from '../helpers/server.ts';
import type { Ecosystem, SlopsquatReason } from '../../src/slopsquat/slopsquat-contract.ts';

/** Three callers of the Gateway: credentials, as the activity and the findings name them. */
export const DEVS = ['alice', 'bob', 'carol'].map((n) => ({
  type: 'credential' as const,
  id: `cred_${n}`,
  name: n,
}));
export type Dev = (typeof DEVS)[number];

export interface Caught {
  ecosystem: Ecosystem;
  name: string;
  reason: Exclude<SlopsquatReason, 'unreachable'>;
  dev: Dev;
  blocked: boolean;
  near?: string;
  firstPublished?: string;
}

export interface Catches {
  caught(k: Caught): Promise<void>;
  /** Everything recorded written, and the observatory's snapshot read again. */
  settle(): Promise<void>;
  /** The request id of each catch, by `ecosystem:name:dev`. */
  requests: Map<string, string>;
}

export function catchesOf(server: TestServer): Catches {
  const requests = new Map<string, string>();
  let seq = 0;

  /**
   * One catch as the Gateway's detection leaves it: the finding (rule slopsquat:<reason>, the package
   * shown), the sighting for the observatory, and the request's activity record with its signal. Each
   * in a millisecond of its own, as requests through the Gateway are: the page finds a finding's request
   * by its caller, its rule and the time of its last sighting.
   */
  async function caught(k: Caught) {
    const { risk, observatory, activity } = server.gatehouse.services;
    await new Promise((r) => setTimeout(r, 2));
    const rule = `slopsquat:${k.reason}`;
    const requestId = `req_slopsquat_${++seq}`;
    requests.set(`${k.ecosystem}:${k.name}:${k.dev.name}`, requestId);
    risk.observe({
      rule,
      detector: 'slopsquat',
      severity: k.reason === 'near_popular' ? 'medium' : 'high',
      label: k.reason,
      value: `${k.ecosystem}:${k.name}`,
      actor: k.dev,
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      tool: 'claude-code',
      where: 'response',
      location: 'content[1].input.command',
      evidence: {
        kind: 'slopsquat',
        ecosystem: k.ecosystem,
        package: k.name,
        reason: k.reason,
        ...(k.near ? { near: k.near } : {}),
        ...(k.firstPublished ? { first_published: k.firstPublished.slice(0, 10) } : {}),
        score: 90,
        weak: ['no_repository'],
        source: 'tool_call',
        tool_call: 'Bash',
        action: k.blocked ? 'blocked' : 'alerted',
        where: 'response',
        location: 'content[1].input.command',
      },
    });
    observatory.record({
      ecosystem: k.ecosystem,
      name: k.name,
      developerKey: `developer:${k.dev.id}`,
      modelFamily: 'claude',
      at: Date.now(),
      reason: k.reason,
      blocked: k.blocked,
      ...(k.firstPublished ? { firstPublished: k.firstPublished } : {}),
    });
    activity.record({
      time: Date.now(),
      requestId,
      actor: k.dev,
      device: null,
      tool: 'claude-code',
      mode: 'provider_key',
      userAgent: 'claude-cli/2.1.0 (external, cli)',
      ip: '127.0.0.1',
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      providerKeyId: null,
      operation: 'messages',
      status: 200,
      outcome: k.blocked ? 'blocked' : 'allowed',
      errorCode: k.blocked ? 'policy_blocked' : null,
      signals: [rule],
      signalActions: { [rule]: k.blocked ? 'block' : 'alert' },
      inputTokens: 120,
      outputTokens: 40,
      cachedTokens: null,
      reasoningTokens: null,
      latencyUs: 900_000,
      ttfbUs: 300_000,
      stream: false,
      requestBytes: 512,
      responseBytes: 700,
    });
  }

  return {
    caught,
    async settle() {
      const { risk, observatory, activity } = server.gatehouse.services;
      await Promise.all([risk.drain(), activity.drain(), observatory.drain()]);
      await observatory.refresh();
    },
    requests,
  };
}
