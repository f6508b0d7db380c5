// The JSON-RPC relay between the agent (the shim's stdin and stdout) and the wrapped server (its child).
// Every line passes byte for byte, except where the Gateway says otherwise: the `initialize` answer and each
// `tools/list` answer are reported (a blocked server answers every request with its message; blocked tools
// are left out of the list), and each `tools/call` and its result are decided (block → a JSON-RPC error,
// redact → the redacted arguments or result). Each direction handles one line after the other, so requests
// and answers keep their order; lines that are not JSON, and messages nested too deeply to re-serialise,
// are never parsed further (the latter refused where the Gateway would have to see them).
import type { GatewayDecisions, Block } from './gateway-decisions.ts';
import {
  errorLine,
  idKey,
  isObject,
  jsonDepth,
  MAX_JSON_DEPTH,
  parseLine,
  type JsonRpcId,
} from './json-lines.ts';

/** The JSON-RPC error code of a message the Gateway blocked (docs/decisions/mcp-shim-protocol.md). */
export const BLOCKED = -32001;
const INVALID_PARAMS = -32602;

const NL = Buffer.from('\n');

type Pending = { kind: 'initialize' } | { kind: 'list' } | { kind: 'call'; tool: string };

/** What becomes of one message from the server: as it came, left out, or replaced by `value`. */
type Outcome = 'keep' | 'drop' | { value: unknown };

export type Send = (lines: Buffer[]) => Promise<void>;

function serialise(value: unknown, id: JsonRpcId): Buffer {
  try {
    return Buffer.from(`${JSON.stringify(value)}\n`);
  } catch {
    return errorLine(id, BLOCKED, 'Gatehouse could not pass this message on: it is nested too deeply.');
  }
}

function blockedAnswer(id: JsonRpcId, b: Block): Record<string, unknown> {
  return { jsonrpc: '2.0', id, error: { code: BLOCKED, message: b.message, data: { rule: b.rule } } };
}

const tooDeep = (text: string) => jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH;
const DEEP = `it is nested more than ${MAX_JSON_DEPTH} levels deep, more than Gatehouse checks`;

export class McpRelay {
  private pending = new Map<string, Pending>();
  private serverBlock: Block | undefined;

  constructor(
    private readonly gateway: GatewayDecisions,
    private readonly toServer: Send,
    private readonly toAgent: Send,
  ) {}

  /** One line the agent wrote (without its newline). */
  async fromAgent(line: Buffer): Promise<void> {
    const parsed = parseLine(line);
    const msg = parsed?.value;
    if (Array.isArray(msg)) return this.agentBatch(line, msg);
    if (!parsed || !isObject(msg) || typeof msg.method !== 'string') return this.toServer([line, NL]);
    const key = idKey(msg.id);
    const id = (msg.id ?? null) as JsonRpcId;
    if (this.serverBlock) {
      // A blocked server hears nothing more: requests are answered here, notifications dropped.
      if (msg.id !== undefined) await this.toAgent([serialise(blockedAnswer(id, this.serverBlock), id)]);
      return;
    }
    if (key === undefined) return this.toServer([line, NL]);
    if (msg.method === 'initialize') this.pending.set(key, { kind: 'initialize' });
    else if (msg.method === 'tools/list') this.pending.set(key, { kind: 'list' });
    else if (msg.method === 'tools/call') return this.call(line, parsed.text, msg, key, id);
    return this.toServer([line, NL]);
  }

  private async call(
    line: Buffer,
    text: string,
    msg: Record<string, unknown>,
    key: string,
    id: JsonRpcId,
  ): Promise<void> {
    const params = isObject(msg.params) ? msg.params : undefined;
    const tool = params?.name;
    // Malformed: the server answers it as such, and no tool runs.
    if (!params || typeof tool !== 'string') return this.toServer([line, NL]);
    if (tooDeep(text))
      return this.toAgent([
        errorLine(id, INVALID_PARAMS, `The arguments of ${tool} were not sent: ${DEEP}.`),
      ]);
    const decision = await this.gateway.decide('call', tool, params.arguments ?? {});
    if (decision.decision === 'block') return this.toAgent([serialise(blockedAnswer(id, decision), id)]);
    this.pending.set(key, { kind: 'call', tool });
    if (decision.decision === 'allow') return this.toServer([line, NL]);
    return this.toServer([serialise({ ...msg, params: { ...params, arguments: decision.value } }, id)]);
  }

  /**
   * A batch (JSON-RPC 2.0; MCP has dropped them since 2025-06-18). A batch with a tools/call is refused as a
   * whole, since each call needs its own decision; others pass, their list and initialize requests noted.
   */
  private async agentBatch(line: Buffer, batch: unknown[]): Promise<void> {
    const requests = batch.filter(
      (m): m is Record<string, unknown> => isObject(m) && typeof m.method === 'string',
    );
    if (this.serverBlock || requests.some((m) => m.method === 'tools/call')) {
      const answers = requests
        .filter((m) => m.id !== undefined)
        .map((m) =>
          blockedAnswer(
            (m.id ?? null) as JsonRpcId,
            this.serverBlock ?? {
              rule: 'gatehouse:batch',
              message: 'Gatehouse checks each tools/call on its own: send it outside a JSON-RPC batch.',
            },
          ),
        );
      if (answers.length) await this.toAgent([serialise(answers, null)]);
      return;
    }
    for (const m of requests) {
      const key = idKey(m.id);
      if (key !== undefined && (m.method === 'initialize' || m.method === 'tools/list'))
        this.pending.set(key, m.method === 'initialize' ? { kind: 'initialize' } : { kind: 'list' });
    }
    return this.toServer([line, NL]);
  }

  /** One line the server wrote (without its newline). */
  async fromServer(line: Buffer): Promise<void> {
    const parsed = parseLine(line);
    if (!parsed) return this.serverBlock ? undefined : this.toAgent([line, NL]);
    const msg = parsed.value;
    const deep = tooDeep(parsed.text);
    if (Array.isArray(msg)) {
      const outcomes: Outcome[] = [];
      for (const m of msg) outcomes.push(await this.serverMessage(m, deep));
      if (outcomes.every((o) => o === 'keep')) return this.toAgent([line, NL]);
      const kept = msg.flatMap((m, i) => {
        const o = outcomes[i]!;
        return o === 'keep' ? [m] : o === 'drop' ? [] : [o.value];
      });
      return kept.length ? this.toAgent([serialise(kept, null)]) : undefined;
    }
    const outcome = await this.serverMessage(msg, deep);
    if (outcome === 'keep') return this.toAgent([line, NL]);
    if (outcome !== 'drop')
      return this.toAgent([serialise(outcome.value, isObject(msg) ? ((msg.id ?? null) as JsonRpcId) : null)]);
  }

  private async serverMessage(msg: unknown, deep: boolean): Promise<Outcome> {
    if (!isObject(msg)) return this.serverBlock ? 'drop' : 'keep';
    const key = idKey(msg.id);
    const pending = key === undefined || msg.method !== undefined ? undefined : this.pending.get(key);
    if (!pending) return this.serverBlock ? 'drop' : 'keep';
    this.pending.delete(key!);
    const id = msg.id as JsonRpcId;
    const result = msg.result;
    if (!isObject(result)) return 'keep'; // an error answer passes as it is
    const refuse = (b: Block): Outcome => ({ value: blockedAnswer(id, b) });
    if (pending.kind === 'initialize') {
      this.gateway.initialized(result.serverInfo, result.protocolVersion);
      const seen = await this.gateway.observe();
      this.serverBlock = seen.server;
      return seen.server ? refuse(seen.server) : 'keep';
    }
    if (pending.kind === 'list') {
      if (!Array.isArray(result.tools)) return 'keep';
      if (deep)
        return refuse({
          rule: 'gatehouse:too_deep',
          message: `Gatehouse could not check the tool list: ${DEEP}.`,
        });
      const seen = await this.gateway.observe(result.tools);
      if (seen.server) {
        this.serverBlock = seen.server;
        return refuse(seen.server);
      }
      const tools = result.tools.filter(
        (t) => !(isObject(t) && typeof t.name === 'string' && seen.blockedTools.has(t.name)),
      );
      return tools.length === result.tools.length
        ? 'keep'
        : { value: { ...msg, result: { ...result, tools } } };
    }
    if (deep)
      return refuse({
        rule: 'gatehouse:too_deep',
        message: `The result of ${pending.tool} was withheld: ${DEEP}.`,
      });
    const decision = await this.gateway.decide('result', pending.tool, result);
    if (decision.decision === 'block') return refuse(decision);
    if (decision.decision === 'redact') return { value: { ...msg, result: decision.value } };
    return 'keep';
  }
}
