// The policy at the messages. On the way to the server: a tools/call is checked against the tool's
// state and the policy's mcp rules (McpToolGovernor.checkCall), its arguments are read by the
// detectors (block or redact before they leave), and the packages they would install are checked by
// the slopsquat detector (a blocking verdict under block refuses the call). On the way back: a tools/list answer is filtered
// (McpToolGovernor.onToolsList), and a tool's result (and a resource read, and a prompt) is read by the
// detectors: block, redact or alert, with the same actions and findings as model traffic, so that a
// secret a tool read from a `.env` file does not reach the model.
import { blockMessage, detectedKind, guardJson } from '../../gateway/json-guard.ts';
import { actorOf } from '../../gateway/exchange.ts';
import { checkMcpToolCall } from '../../slopsquat/detection/package-watch.ts';
import { noteSignal } from '../../activity/signal-actions.ts';
import type { McpToolDefinition } from '../mcp-contract.ts';
import type { McpCall, CallEntry } from './mcp-call.ts';
import { errorMessage, kindOf, RPC, toolOf, type JsonRpcId, type JsonRpcMessage } from './jsonrpc.ts';
import { shownAlias } from './mcp-errors.ts';
import type { PendingCall } from './session-ledger.ts';
import { splitId } from './list-repeat.ts';
import { gatherTools, reasonOf, type GatheredTools } from './tools-relist.ts';
import { aKind } from '../../../../shared/detector-words.ts';

/** Requests whose `params.arguments` carry the caller's (the model's) values to the server. */
const ARGUMENTS = new Set(['tools/call', 'prompts/get']);
/** Answers whose result is content from the server going to the model. */
const CONTENT = new Set(['tools/call', 'resources/read', 'prompts/get', 'completion/complete']);

export interface Outgoing {
  /** The error answers for the caller when a message is refused (nothing is sent then). */
  refused: JsonRpcMessage[] | null;
  /** Whether a message was redacted (the body must be serialised again). */
  changed: boolean;
}

/** Checks the caller's messages before they are sent; records an entry for each. */
export async function governOutgoing(call: McpCall, messages: JsonRpcMessage[]): Promise<Outgoing> {
  const route = call.route!;
  const policy = call.deps.policy();
  const scanArguments = call.deps.scanSettings().scanArguments;
  const scan = policy.active && scanArguments;
  const packages = scanArguments ? policy.slopsquat : null;
  const refusals = new Map<JsonRpcMessage, JsonRpcMessage>();
  let changed = false;
  for (const m of messages) {
    const kind = kindOf(m);
    const method = kind === 'response' ? null : m.method!;
    const tool = method === 'tools/call' ? (toolOf(m) ?? null) : null;
    const entry = call.add(method, tool?.slice(0, 256) ?? null, kind === 'request' ? m.id : undefined);
    if (kind !== 'request' || method === null) continue;
    if (method === 'tools/list' && (m.params as { cursor?: unknown } | undefined)?.cursor !== undefined)
      entry.paged = true;
    if (method === 'tools/call' && tool !== null) {
      const decision = call.deps.governor.checkCall(route, tool);
      if (decision.decision === 'block') {
        blockEntry(entry, decision.rule);
        refusals.set(m, refusal(m.id!, decision.message, 'mcp_tool_blocked', decision.rule));
        continue;
      }
    }
    if (!ARGUMENTS.has(method)) continue;
    const params = m.params as { arguments?: unknown } | undefined;
    if (params?.arguments === undefined) continue;
    if (packages && tool !== null && call.deps.slopsquat) {
      const { checker, reporter } = call.deps.slopsquat;
      const ctx = {
        actor: actorOf(call.caller),
        provider: null,
        model: null,
        tool: call.tool.id,
        where: 'request' as const,
        context: `mcp ${shownAlias(route.alias)} tools/call ${tool.slice(0, 64)}`,
        requestId: call.request.id,
      };
      const checked = await checkMcpToolCall(checker, reporter, packages, ctx, tool, params.arguments);
      for (const signal of checked.signals)
        noteSignal(entry.signals, entry.signalActions, signal, checked.actions[signal]!);
      if (checked.refusal) {
        const { rule, message } = checked.refusal;
        blockEntry(entry, rule, 'policy_blocked');
        refusals.set(m, refusal(m.id!, message, 'policy_blocked', rule));
        continue;
      }
    }
    if (!scan) continue;
    const found = guardJson(policy, params.arguments, 'request');
    if (found.spotted.length === 0) continue;
    call.noteSpotted(
      entry,
      found.spotted,
      'request',
      `mcp ${shownAlias(route.alias)} ${method} ${tool ?? ''} arguments`,
    );
    if (found.blocked) {
      blockEntry(entry, found.blocked.hit.match.rule, 'policy_blocked');
      refusals.set(
        m,
        refusal(
          m.id!,
          blockMessage(found.blocked, 'request'),
          'policy_blocked',
          found.blocked.hit.match.rule,
        ),
      );
    } else if (found.redacted) changed = true;
  }
  if (refusals.size === 0) return { refused: null, changed };
  // A batch goes to the server whole or not at all: its answer would otherwise have to be stitched
  // together from the server's and the Gateway's, over JSON or a stream.
  const refused: JsonRpcMessage[] = [];
  for (const m of messages) {
    const own = refusals.get(m);
    if (own) refused.push(own);
    else if (kindOf(m) === 'request') {
      refused.push(
        refusal(
          m.id!,
          'Not sent: another message of this batch was refused by Gatehouse policy; send it again on its own.',
          'batch_refused',
        ),
      );
    }
  }
  return { refused, changed };
}

function blockEntry(entry: CallEntry, rule: string, code = 'mcp_tool_blocked'): void {
  entry.outcome = 'blocked';
  entry.errorCode = code;
  noteSignal(entry.signals, entry.signalActions, rule, 'block');
}

function refusal(id: JsonRpcId, message: string, code: string, rule?: string): JsonRpcMessage {
  const m = errorMessage(id, RPC.refused, message, code);
  if (rule) (m.error as { data: Record<string, unknown> }).data.rule = rule;
  return m;
}

/** What an answer from the server is for: the request this exchange (or, resumed, the session) asked. */
export type Lookup = (id: JsonRpcId) => { entry: CallEntry | null; pending: PendingCall | undefined };

/**
 * Governs one message from the server. Resolves to the message to send in its place (or the same one,
 * changed in place, with `changed`), never rejects for what the message holds.
 */
export async function governIncoming(
  call: McpCall,
  m: JsonRpcMessage,
  lookup: Lookup,
  /** The message's text, when it came alone: a whole tools/list passed unchanged is remembered by it. */
  text?: string,
): Promise<{ message: JsonRpcMessage; changed: boolean }> {
  if (kindOf(m) !== 'response' || m.id === null || m.id === undefined) return { message: m, changed: false };
  const { entry, pending } = lookup(m.id);
  const route = call.route!;
  const result = m.result as Record<string, unknown> | undefined;
  // An answer this proxy cannot place (forgotten, or from another replica) is governed by its shape.
  const method = pending?.method ?? (result && Array.isArray(result.tools) ? 'tools/list' : 'unknown');
  const tool = pending?.tool ?? null;
  if (method === 'tools/list') {
    if (!result || !Array.isArray(result.tools)) return { message: m, changed: false };
    const tools = (result.tools as unknown[]).filter(
      (t): t is Record<string, unknown> => t !== null && typeof t === 'object' && !Array.isArray(t),
    );
    const shown = await judgeToolsList(call, tools, result.nextCursor, pending);
    if (shown.length === result.tools.length) {
      const whole = pending?.method === 'tools/list' && !pending.paged && result.nextCursor === undefined;
      const split = whole && text !== undefined ? splitId(text) : null;
      if (split && split.id === m.id) call.deps.governor.rememberList(route, split);
      return { message: m, changed: false };
    }
    result.tools = shown;
    return { message: m, changed: true };
  }
  if (method === 'tools/call' && tool !== null)
    call.deps.governor.recordCall(route, tool, m.error !== undefined || result?.isError === true);
  if (!(CONTENT.has(method) || method === 'unknown') || result === undefined)
    return { message: m, changed: false };
  const policy = call.deps.policy();
  if (!policy.active || !call.deps.scanSettings().scanResults) return { message: m, changed: false };
  const found = guardJson(policy, result, 'answer');
  if (found.spotted.length === 0) return { message: m, changed: false };
  const target = entry ?? call.main();
  call.noteSpotted(
    target,
    found.spotted,
    'response',
    `mcp ${shownAlias(route.alias)} ${method} ${tool ?? ''} result`,
  );
  if (found.blocked) {
    blockEntry(target, found.blocked.hit.match.rule, 'policy_blocked');
    const message = `Gatehouse policy stopped the MCP server's answer: it contained ${aKind(detectedKind(found.blocked.hit.match.rule, found.blocked.hit.match.label))} (rule ${found.blocked.hit.match.rule}). Ask your Gatehouse admin if you need it.`;
    return { message: refusal(m.id, message, 'policy_blocked', found.blocked.hit.match.rule), changed: true };
  }
  return { message: m, changed: found.redacted };
}

/**
 * The id of a tools/list answer, asked in this exchange, that repeats the whole list last judged for
 * this server and passed unchanged (list-repeat.ts), or null when the answer must be read. A repeat
 * goes on as it came; the request it answers is then settled as governIncoming would have.
 */
export function repeatedToolsList(call: McpCall, text: string, lookup: Lookup): JsonRpcId | null {
  const split = splitId(text);
  if (split === null) return null;
  const entry = call.entryOf(split.id);
  if (entry?.method !== 'tools/list' || entry.paged) return null;
  if (!call.deps.governor.repeatsList(call.route!, split)) return null;
  lookup(split.id);
  return split.id;
}

/**
 * A tools/list answer's tools as the caller may see them. The governor must judge the server's whole
 * list (a tool missing from one page is not removed): an answer that says more pages follow, to a
 * request without a cursor, is the first page, and the proxy fetches the rest in the session itself
 * (gatherTools), hands the governor the page with the rest, and filters the page by its verdicts. A
 * later page (asked with a cursor), or an answer the proxy cannot place, is judged as a page: its tools
 * pinned, compared and filtered, but nothing taken for removed. The rest is fetched once per listing,
 * on its first page, so a client paging through P pages costs the server P − 1 more requests, not P².
 */
async function judgeToolsList(
  call: McpCall,
  page: McpToolDefinition[],
  nextCursor: unknown,
  pending: PendingCall | undefined,
): Promise<McpToolDefinition[]> {
  const { governor } = call.deps;
  const route = call.route!;
  const caller = call.mcpCaller();
  if (pending === undefined || pending.method !== 'tools/list' || pending.paged)
    return governor.onToolsList(route, page, caller, { partial: true });
  if (typeof nextCursor !== 'string' || nextCursor === '') return governor.onToolsList(route, page, caller);
  let rest: GatheredTools;
  try {
    rest = await gatherTools(call, nextCursor);
  } catch (err) {
    call.request.log.warn(
      { mcpServer: route.alias, reason: reasonOf(err) },
      'could not fetch the rest of the MCP server’s paginated tools/list; its first page was judged alone',
    );
    return governor.onToolsList(route, page, caller, { partial: true });
  }
  // The page comes first: where a later page repeats a name, the definition the caller sees is judged.
  const visible = new Set(
    governor.onToolsList(route, [...page, ...rest.tools], caller, { partial: !rest.complete }),
  );
  return page.filter((t) => visible.has(t));
}
