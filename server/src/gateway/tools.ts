// The tool behind a request, recognised from its user agent: the developer tools and SDKs people point
// at the Gateway. Admin-defined tools and per-tool modes come with the policy (a later issue); this is
// the built-in list they extend.
export interface ToolSignature {
  id: string;
  name: string;
  pattern: RegExp;
}

export const BUILT_IN_TOOLS: readonly ToolSignature[] = [
  { id: 'claude-code', name: 'Claude Code', pattern: /^claude-cli\//i },
  { id: 'codex', name: 'Codex CLI', pattern: /^codex(_cli_rs|_exec|-tui)?\//i },
  { id: 'gemini-cli', name: 'Gemini CLI', pattern: /^GeminiCLI\//i },
  { id: 'cursor', name: 'Cursor', pattern: /\bcursor\b/i },
  { id: 'anthropic-sdk', name: 'Anthropic SDK', pattern: /^Anthropic\//i },
  { id: 'openai-sdk', name: 'OpenAI SDK', pattern: /^(OpenAI|AzureOpenAI)\//i },
  { id: 'google-genai-sdk', name: 'Google Gen AI SDK', pattern: /google-genai-sdk\//i },
  { id: 'curl', name: 'curl', pattern: /^curl\//i },
];

const MEMO_LIMIT = 1_000;
const memo = new Map<string, string>();

/** The tool id for a user agent, or `unknown`. */
export function recogniseTool(userAgent: string | undefined): string {
  if (!userAgent) return 'unknown';
  let id = memo.get(userAgent);
  if (id === undefined) {
    id = BUILT_IN_TOOLS.find((t) => t.pattern.test(userAgent))?.id ?? 'unknown';
    // User agents carry versions, so there are many; bounded, and each costs a few regex tests anyway.
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(userAgent, id);
  }
  return id;
}
