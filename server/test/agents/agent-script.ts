// How the mock provider leads an agent through one task, per API shape, as a model would: asked to read a
// file (the prompt names its absolute path) with a tool for it on offer, it calls that tool; given the
// tool's result, it answers with what the result holds (so the answer proves the agent ran the tool and sent
// its output back); a request for JSON (Gemini CLI's model router and next-speaker check) gets an object
// that fits the request's schema; anything else (titles, quota probes) gets the mock's default text.
import type { ScriptedRequest, ScriptedTurn } from '../mocks/mock-upstream.ts';

/** The task every agent is given; `file` is absolute. */
export const task = (file: string): string => `Read the file ${file} and tell me what it says.`;

const TASK_FILE = /Read the file (\/\S+) and tell me what it says\./;
const FILE_MARK = /gatehouse-agent-check [0-9a-f]+/;

/** The tools each agent offers for reading a file, and the arguments each takes. */
const READERS: Array<{ name: string; args: (file: string) => Record<string, unknown> }> = [
  { name: 'Read', args: (file) => ({ file_path: file }) }, // Claude Code
  { name: 'exec_command', args: (file) => ({ cmd: `cat ${file}` }) }, // Codex
  { name: 'read_file', args: (file) => ({ file_path: file }) }, // Gemini CLI
];

const text = (v: unknown): string => JSON.stringify(v ?? null);

/** The answer once the tool's result is back: what the file holds, as found in the result. */
function answer(result: unknown): ScriptedTurn {
  const found = FILE_MARK.exec(text(result));
  return { pieces: found ? ['The file says: ', found[0], '.'] : ['The tool result did not hold the file.'] };
}

/** The tool call for the task, when the conversation asks it and one of the agent's tools can read files. */
function readCall(conversation: unknown, toolNames: string[]): ScriptedTurn | undefined {
  const file = TASK_FILE.exec(text(conversation))?.[1];
  const reader = READERS.find((r) => toolNames.includes(r.name));
  if (!file || !reader) return undefined;
  return { toolCall: { name: reader.name, arguments: reader.args(file.replace(/\\+$/, '')) } };
}

function anthropic(body: Record<string, any>): ScriptedTurn | undefined {
  // Claude Code may follow the user's turn with a `system` message of its own (date, skills).
  const messages: any[] = Array.isArray(body.messages) ? body.messages : [];
  const last = messages.filter((msg) => msg?.role === 'user').at(-1);
  const results = [last?.content ?? []].flat().filter((b: any) => b?.type === 'tool_result');
  if (results.length > 0) return answer(results);
  return readCall(
    last,
    (body.tools ?? []).map((t: any) => t?.name),
  );
}

function responses(body: Record<string, any>): ScriptedTurn | undefined {
  const input: any[] = [body.input ?? []].flat();
  const outputs = input.filter((i) => i?.type === 'function_call_output');
  if (outputs.length > 0) return answer(outputs);
  const users = input.filter((i) => i?.role === 'user');
  return readCall(
    users.at(-1),
    (body.tools ?? []).map((t: any) => t?.name),
  );
}

/**
 * A value that fits a JSON schema (the first of an enum, the properties an object requires, the least
 * number allowed or 1): Gemini CLI's router asks for {complexity_reasoning, complexity_score 1-100}.
 */
function fitting(schema: any, depth = 0): unknown {
  if (!schema || typeof schema !== 'object' || depth > 8) return null;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const type = String(schema.type ?? '').toLowerCase();
  if (type === 'object') {
    const props = schema.properties ?? {};
    const keys: string[] = schema.required ?? Object.keys(props);
    return Object.fromEntries(keys.map((k) => [k, fitting(props[k], depth + 1)]));
  }
  if (type === 'array') return [];
  if (type === 'boolean') return false;
  if (type === 'number' || type === 'integer') return schema.minimum ?? 1;
  return 'Chosen by the mock provider.';
}

function gemini(body: Record<string, any>): ScriptedTurn | undefined {
  const config = body.generationConfig ?? {};
  if (config.responseMimeType === 'application/json') {
    const schema = config.responseJsonSchema ?? config.responseSchema;
    return { pieces: [JSON.stringify(fitting(schema))] };
  }
  const contents: any[] = Array.isArray(body.contents) ? body.contents : [];
  const last = contents.at(-1);
  const responses = (last?.parts ?? []).filter((p: any) => p?.functionResponse);
  if (responses.length > 0) return answer(responses);
  const names = (body.tools ?? []).flatMap((t: any) =>
    (t?.functionDeclarations ?? []).map((f: any) => f?.name),
  );
  return readCall(last, names);
}

export function AGENT_SCRIPT(request: ScriptedRequest): ScriptedTurn | undefined {
  if (request.operation === 'messages') return anthropic(request.body);
  if (request.operation === 'responses') return responses(request.body);
  if (request.family === 'gemini' && request.operation !== 'countTokens') return gemini(request.body);
  return undefined;
}
