// The developer tools and SDKs the Gateway recognises by their user agent without any setting, shared
// by the Gateway (server/src/gateway/tools.ts) and the console's policy page, which lists them.

export interface ToolSignature {
  id: string;
  name: string;
  pattern: RegExp;
}

export const BUILT_IN_TOOLS: readonly ToolSignature[] = [
  { id: 'claude-code', name: 'Claude Code', pattern: /^claude-cli\//i },
  { id: 'codex', name: 'Codex CLI', pattern: /^codex(_cli_rs|_exec|-tui)?\//i },
  // Gemini CLI 0.61 names its client: `GeminiCLI-tui/0.61.0/<model> (linux; x64; terminal)`, in -p mode too.
  { id: 'gemini-cli', name: 'Gemini CLI', pattern: /^GeminiCLI(-[\w.-]+)?\//i },
  { id: 'cursor', name: 'Cursor', pattern: /\bcursor\b/i },
  { id: 'anthropic-sdk', name: 'Anthropic SDK', pattern: /^Anthropic\//i },
  { id: 'openai-sdk', name: 'OpenAI SDK', pattern: /^(OpenAI|AzureOpenAI)\//i },
  { id: 'google-genai-sdk', name: 'Google Gen AI SDK', pattern: /google-genai-sdk\//i },
  { id: 'curl', name: 'curl', pattern: /^curl\//i },
];
