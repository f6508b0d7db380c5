// The shim's side of docs/decisions/mcp-shim-protocol.md: `POST /mcp/observations` and `POST /mcp/decide`
// on the Gateway, with the device token. Requests go one at a time through one queue, so that one keep-alive
// connection to the Gateway serves them all (keep-alive-post.ts); a decision the Gateway marks `cacheable` is reused
// until an answer names another policy version (or a minute has passed, so an admin's change reaches a busy
// shim that only ever hits its cache). When the Gateway cannot decide (unreachable, a 5xx, an answer that is
// not the protocol's), the policy's `offline` decides, and the shim says so in one line on stderr.
import { describeNetworkError } from '../network.ts';
import { CLIENT_VERSION } from '../version.ts';
import { isObject } from './json-lines.ts';
import { postText } from './keep-alive-post.ts';
import { rememberOffline, type OfflinePolicy } from './offline-policy.ts';

/** The local server as the shim names it to the Gateway (the arguments only hashed). */
export interface LocalServer {
  name: string;
  command: string;
  args_sha256: string;
}

export interface Block {
  rule: string;
  message: string;
}

export type Decision =
  { decision: 'allow' } | ({ decision: 'block' } & Block) | { decision: 'redact'; value: unknown };

export type Phase = 'call' | 'result';

/** What the shim knows from the last observation: a blocked server, and the tools left out of lists. */
export interface Observation {
  server?: Block;
  blockedTools: Map<string, Block>;
}

/** Where the device token and the Gateway come from (the signed-in session, refreshed). */
export interface Credentials {
  gatewayUrl: string;
  token: string;
}

export interface SessionSource {
  /** The current credentials (refreshed when due), or undefined when the machine is not signed in. */
  current(): Promise<Credentials | undefined>;
  /** The credentials as stored now, after the Gateway refused the ones in hand (another process refreshed). */
  reload(): Promise<Credentials | undefined>;
}

type Reply =
  | { kind: 'ok'; json: Record<string, unknown> }
  /** The Gateway could not decide: the offline policy does, for `why`. */
  | { kind: 'undecided'; why: string }
  /** The Gateway refused the device (401, 403): blocked, with what to do. */
  | { kind: 'refused'; message: string };

const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** After a failed connection, how long the shim decides offline before it tries the Gateway again. */
const RETRY_AFTER_MS = 10_000;
const CACHE_TTL_MS = 60_000;
const DECISION_TIMEOUT_MS = 5_000;

function timeoutMs(): number {
  const v = Number(process.env.GATEHOUSE_CLIENT_TIMEOUT_MS);
  return Number.isFinite(v) && v > 0 ? v : DECISION_TIMEOUT_MS;
}

function gatewayMessage(json: unknown): string | undefined {
  const error = isObject(json) && isObject(json.error) ? json.error : undefined;
  return typeof error?.message === 'string' ? error.message.slice(0, 500) : undefined;
}

function block(value: Record<string, unknown>, fallbackRule: string): Block {
  return {
    rule: typeof value.rule === 'string' ? value.rule : fallbackRule,
    message:
      typeof value.message === 'string' && value.message
        ? value.message
        : 'This MCP call is blocked by the organisation’s policy.',
  };
}

export class GatewayDecisions {
  private queue: Promise<unknown> = Promise.resolve();
  private cache = new Map<string, { decision: Decision; at: number }>();
  private policyVersion: unknown;
  private downUntil = 0;
  /** Whether the last request reached the Gateway: the stderr line is printed once per outage. */
  private reachable = true;
  private serverInfo: { server_info?: unknown; protocol_version?: unknown } = {};
  private last: Observation = { blockedTools: new Map() };
  private said = new Set<string>();

  constructor(
    private readonly server: LocalServer,
    private readonly session: SessionSource,
    private offline: OfflinePolicy,
    private readonly notice: (line: string) => void,
  ) {}

  /** The `initialize` result's serverInfo and protocolVersion, sent with every observation from now on. */
  initialized(serverInfo: unknown, protocolVersion: unknown): void {
    this.serverInfo = {
      ...(serverInfo !== undefined ? { server_info: serverInfo } : {}),
      ...(protocolVersion !== undefined ? { protocol_version: protocolVersion } : {}),
    };
  }

  /** Reports the server (and a tools/list answer); the Gateway's verdicts, or the last known ones offline. */
  async observe(tools?: unknown[]): Promise<Observation> {
    const body = { server: { ...this.server, ...this.serverInfo }, ...(tools ? { tools } : {}) };
    const reply = await this.post('/mcp/observations', body);
    if (reply.kind === 'refused')
      return { server: { rule: 'gatehouse:session', message: reply.message }, blockedTools: new Map() };
    if (reply.kind === 'undecided') return this.last;
    const json = reply.json;
    const blockedTools = new Map<string, Block>();
    for (const t of Array.isArray(json.tools) ? json.tools : [])
      if (isObject(t) && typeof t.name === 'string' && t.decision === 'block')
        blockedTools.set(t.name, block(t, 'mcp:blocked_tool'));
    const server =
      isObject(json.server) && json.server.decision === 'block'
        ? block(json.server, 'mcp:blocked_server')
        : undefined;
    this.last = { ...(server ? { server } : {}), blockedTools };
    return this.last;
  }

  /** The decision on a tools/call (`call`, its arguments) or on its result (`result`). */
  async decide(phase: Phase, tool: string, payload: unknown): Promise<Decision> {
    const key = `${phase}\u0000${tool}`;
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.decision;
    const body = {
      server: this.server,
      phase,
      tool,
      [phase === 'call' ? 'arguments' : 'result']: payload,
    };
    const reply = await this.post('/mcp/decide', body);
    if (reply.kind === 'refused')
      return { decision: 'block', rule: 'gatehouse:session', message: reply.message };
    const decision = reply.kind === 'ok' ? this.parseDecision(reply.json, phase) : undefined;
    if (!decision)
      return this.offlineDecision(
        tool,
        reply.kind === 'undecided' ? reply.why : 'an answer that is not a decision',
      );
    if (reply.kind === 'ok' && reply.json.cacheable === true && decision.decision !== 'redact')
      this.cache.set(key, { decision, at: Date.now() });
    return decision;
  }

  private parseDecision(json: Record<string, unknown>, phase: Phase): Decision | undefined {
    if (json.decision === 'allow') return { decision: 'allow' };
    if (json.decision === 'block') return { decision: 'block', ...block(json, 'mcp:policy') };
    const member = phase === 'call' ? 'arguments' : 'result';
    if (json.decision === 'redact' && Object.hasOwn(json, member))
      return { decision: 'redact', value: json[member] };
    return undefined;
  }

  /** What the offline policy decides: a tool the last observation blocked stays blocked either way. */
  private offlineDecision(tool: string, why: string): Decision {
    const known = this.last.blockedTools.get(tool);
    if (known) return { decision: 'block', ...known };
    if (this.offline.offline === 'allow') return { decision: 'allow' };
    return {
      decision: 'block',
      rule: 'mcp:offline',
      message:
        `Gatehouse could not check this call to ${tool} (${why}), and the organisation's policy blocks ` +
        'MCP tool calls it cannot check. Try again once the Gatehouse Gateway can be reached.',
    };
  }

  /** One request after the one before it (one connection); never throws. */
  private post(path: string, body: unknown): Promise<Reply> {
    const run = this.queue.then(() => this.send(path, body));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async send(path: string, body: unknown): Promise<Reply> {
    let text: string;
    try {
      text = JSON.stringify(body);
    } catch {
      return this.undecided('the message could not be serialised for the Gateway');
    }
    if (Buffer.byteLength(text) > MAX_BODY_BYTES)
      return this.undecided('the message is larger than the 4 MB the Gateway checks');
    if (Date.now() < this.downUntil)
      return { kind: 'undecided', why: 'the Gatehouse Gateway cannot be reached' };
    let creds = await this.session.current();
    if (!creds)
      return this.undecided('this machine is not signed in to Gatehouse; run `gatehouse-client login`');
    for (let attempt = 0; ; attempt++) {
      const url = `${creds.gatewayUrl.replace(/\/+$/, '')}${path}`;
      let status: number;
      let json: unknown;
      try {
        const res = await postText(
          url,
          {
            authorization: `Bearer ${creds.token}`,
            'content-type': 'application/json',
            accept: 'application/json',
            'user-agent': `gatehouse-client/${CLIENT_VERSION}`,
          },
          text,
          timeoutMs(),
        );
        status = res.status;
        const answer = res.text;
        try {
          json = answer ? (JSON.parse(answer) as unknown) : undefined;
        } catch {
          json = undefined;
        }
      } catch (err) {
        this.downUntil = Date.now() + RETRY_AFTER_MS;
        return this.unreachable(describeNetworkError(err, url, 'the Gatehouse Gateway'));
      }
      if (status === 401 && attempt === 0) {
        // Another gatehouse-client may have refreshed the token since this one read it.
        const next = await this.session.reload();
        if (next && next.token !== creds.token) {
          creds = next;
          continue;
        }
      }
      if (status >= 500) {
        this.downUntil = Date.now() + RETRY_AFTER_MS;
        return this.unreachable(
          `The Gatehouse Gateway answered ${status}${gatewayMessage(json) ? `: ${gatewayMessage(json)}` : ''}.`,
        );
      }
      this.reachable = true;
      if (status === 401 || status === 403) return this.refused(status, gatewayMessage(json));
      if (status !== 200 || !isObject(json))
        return this.undecided(
          `the Gateway answered ${status}${gatewayMessage(json) ? `: ${gatewayMessage(json)}` : ''}`,
        );
      this.learn(json);
      return { kind: 'ok', json };
    }
  }

  /** A new policy version empties the cache; a new `offline` is kept for the next start. */
  private learn(json: Record<string, unknown>): void {
    if (json.policy_version !== undefined && json.policy_version !== this.policyVersion) {
      this.policyVersion = json.policy_version;
      this.cache.clear();
    }
    if ((json.offline === 'block' || json.offline === 'allow') && json.offline !== this.offline.offline) {
      this.offline = { offline: json.offline };
      rememberOffline(this.offline, (line) => this.notice(line));
    }
  }

  private unreachable(description: string): Reply {
    if (this.reachable)
      this.notice(
        `${description.replace(/\.$/, '')}; MCP calls follow the policy for when it is offline: ${this.offline.offline}.`,
      );
    this.reachable = false;
    return { kind: 'undecided', why: 'the Gatehouse Gateway cannot be reached' };
  }

  private undecided(why: string): Reply {
    // Once per reason: a machine that is not signed in would otherwise say so at every call.
    if (!this.said.has(why))
      this.notice(
        `Gatehouse could not check a message: ${why}; it follows the policy for when it is offline: ${this.offline.offline}.`,
      );
    this.said.add(why);
    return { kind: 'undecided', why };
  }

  private refused(status: number, detail: string | undefined): Reply {
    const message =
      status === 401
        ? `Gatehouse no longer accepts this device's session${detail ? ` (${detail.replace(/\.$/, '')})` : ''}; run \`gatehouse-client login\` on this machine.`
        : `Gatehouse refused this MCP call${detail ? `: ${detail.replace(/\.$/, '')}` : ''}.`;
    if (!this.said.has(message)) this.notice(message);
    this.said.add(message);
    return { kind: 'refused', message };
  }
}
