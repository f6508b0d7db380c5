// How the mock provider leads a coding agent to a local MCP server's tool, as a model would: asked to
// read a note with the notes server's read_note on offer (as the agent names an MCP tool), it calls that
// tool; given the tool's result, it answers with what the result says, so that the answer proves the call
// went through and its output came back. Before it answers with the call, it runs `beforeCall` (the test
// blocks the tool there, as an admin would while the agent is running). Anything else falls through to
// the agents' own script (titles, probes).
import type { ScriptedRequest, ScriptedTurn } from '../mocks/mock-upstream.ts';
import { AGENT_SCRIPT } from './agent-script.ts';

/** The server's name in the agent's MCP configuration, and its tool. */
export const MCP_SERVER = 'notes';
export const MCP_TOOL = 'read_note';

/** What read_note answers for a note: the marker ties the model's answer to the server's result. */
export const noteText = (name: string): string => `gatehouse-mcp-note ${name} 5e1d0c`;

/** The task: the note's name is what the tool is called with. */
export const noteTask = (name: string): string =>
  `Use the ${MCP_TOOL} tool of the ${MCP_SERVER} MCP server to read the note named ${name}, and tell me what it says.`;

const TASK = /read the note named ([a-z0-9-]+)/;
const NOTE = /gatehouse-mcp-note [a-z0-9-]+ 5e1d0c/;

/** The name Claude Code gives an MCP server's tool. */
const TOOL_NAME = `mcp__${MCP_SERVER}__${MCP_TOOL}`;
/** The namespace tool Codex offers the server's tools in (Responses API `type: "namespace"`). */
const NAMESPACE = `mcp__${MCP_SERVER}`;

const text = (v: unknown): string => JSON.stringify(v ?? null);

/** The answer once the tool's result is back: the note, or what the agent got instead (its error). */
function answer(result: unknown): ScriptedTurn {
  const found = NOTE.exec(text(result));
  return { pieces: found ? ['The note says: ', found[0], '.'] : ['The tool failed: ', text(result), '.'] };
}

/** Whether a tool call (the model's, or one in the conversation) is the server's tool. */
const isMcpCall = (c: { name?: unknown; namespace?: unknown } | undefined): boolean =>
  c?.name === TOOL_NAME || (c?.namespace === NAMESPACE && c?.name === MCP_TOOL);

/**
 * Anthropic Messages (Claude Code). Claude Code defers MCP tools: they are named in a reminder, and loaded
 * (offered in `tools`) once the model asks its ToolSearch for them, as its reminder tells the model to do.
 */
function messagesTurn(body: Record<string, any>): ScriptedTurn | undefined {
  const tools: string[] = (body.tools ?? []).map((t: any) => t?.name);
  const messages: any[] = Array.isArray(body.messages) ? body.messages : [];
  const blocks = (role: string) => [messages.filter((m) => m?.role === role).at(-1)?.content ?? []].flat();
  const results = blocks('user').filter((b: any) => b?.type === 'tool_result');
  const lastCall = blocks('assistant')
    .filter((b: any) => b?.type === 'tool_use')
    .at(-1);
  if (results.length > 0 && isMcpCall(lastCall)) return answer(results);
  const note = TASK.exec(text(messages))?.[1];
  if (!note) return undefined;
  if (tools.includes(TOOL_NAME)) return { toolCall: { name: TOOL_NAME, arguments: { name: note } } };
  if (text(body).includes(TOOL_NAME) && tools.includes('ToolSearch') && lastCall?.name !== 'ToolSearch')
    return { toolCall: { name: 'ToolSearch', arguments: { query: `select:${TOOL_NAME}` } } };
  return undefined;
}

/** The OpenAI Responses API (Codex): each MCP server's tools are offered in a namespace tool. */
function responsesTurn(body: Record<string, any>): ScriptedTurn | undefined {
  const input: any[] = [body.input ?? []].flat();
  const outputs = input.filter((i) => i?.type === 'function_call_output');
  const lastCall = input.filter((i) => i?.type === 'function_call').at(-1);
  if (outputs.length > 0 && isMcpCall(lastCall)) return answer(outputs);
  const note = TASK.exec(text(input.filter((i) => i?.role === 'user')))?.[1];
  const offered = (body.tools ?? []).some(
    (t: any) =>
      t?.type === 'namespace' &&
      t.name === NAMESPACE &&
      (t.tools ?? []).some((f: any) => f?.name === MCP_TOOL),
  );
  return note && offered
    ? { toolCall: { name: MCP_TOOL, namespace: NAMESPACE, arguments: { name: note } } }
    : undefined;
}

/** The task's next turn, per API shape; undefined: not a turn of the task. */
function turnOf(request: ScriptedRequest): ScriptedTurn | undefined {
  if (request.operation === 'messages') return messagesTurn(request.body);
  if (request.operation === 'responses') return responsesTurn(request.body);
  return undefined;
}

export function mcpAgentScript(beforeCall: () => Promise<void>) {
  return async (request: ScriptedRequest): Promise<ScriptedTurn | undefined> => {
    const turn = turnOf(request);
    if (isMcpCall(turn?.toolCall)) await beforeCall();
    return turn ?? AGENT_SCRIPT(request);
  };
}
