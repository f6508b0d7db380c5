// What points each tool at the Gateway. The device token rides in the base URL's path
// (`<gateway>/d/<device token>`), which every tool below accepts as its base URL. In provider-key mode
// (the default) the tool's API-key variable holds the device token too: the tools refuse to start
// without a key, and whichever place the Gateway reads, it finds the same token. In subscription mode
// only the base URL is set, so the tool keeps sending its own sign-in, which the Gateway passes on.
import { CliError, EXIT } from './errors.ts';
import { didYouMean } from './nearest.ts';
import type { Session, ToolMode } from './state-store.ts';

export interface EnvVar {
  name: string;
  value: string;
}

interface ToolSpec {
  label: string;
  /** The path after `<gateway>/d/<token>` that the tool's base URL must end with. */
  prefix: string;
  baseUrlVar: string;
  keyVar: string;
}

// Claude Code sends ANTHROPIC_AUTH_TOKEN as `Authorization: Bearer` without the one-time approval prompt
// that ANTHROPIC_API_KEY asks for; the SDKs read their usual key variables. The OpenAI SDK and Codex
// append /chat/completions, /responses to a base that ends in /v1; the Gemini clients append
// /v1beta/models/… to the Gateway's /gemini prefix (@google/genai joins base URL, API version and path,
// keeping the base URL's own path).
export const TOOLS: Record<string, ToolSpec> = {
  'claude-code': {
    label: 'Claude Code',
    prefix: '',
    baseUrlVar: 'ANTHROPIC_BASE_URL',
    keyVar: 'ANTHROPIC_AUTH_TOKEN',
  },
  'anthropic-sdk': {
    label: 'the Anthropic SDK',
    prefix: '',
    baseUrlVar: 'ANTHROPIC_BASE_URL',
    keyVar: 'ANTHROPIC_API_KEY',
  },
  codex: { label: 'Codex CLI', prefix: '/v1', baseUrlVar: 'OPENAI_BASE_URL', keyVar: 'OPENAI_API_KEY' },
  'openai-sdk': {
    label: 'the OpenAI SDK',
    prefix: '/v1',
    baseUrlVar: 'OPENAI_BASE_URL',
    keyVar: 'OPENAI_API_KEY',
  },
  'gemini-cli': {
    label: 'Gemini CLI',
    prefix: '/gemini',
    baseUrlVar: 'GOOGLE_GEMINI_BASE_URL',
    keyVar: 'GEMINI_API_KEY',
  },
  'google-genai-sdk': {
    label: 'the Google Gen AI SDK',
    prefix: '/gemini',
    baseUrlVar: 'GOOGLE_GEMINI_BASE_URL',
    keyVar: 'GEMINI_API_KEY',
  },
};

/**
 * Other names people type for a tool: its command (`claude`, `gemini`). Each resolves to the tool's
 * id, which is what the client stores and prints.
 */
export const TOOL_ALIASES: Record<string, string> = {
  claude: 'claude-code',
  gemini: 'gemini-cli',
};

export function toolSpec(id: string | undefined): ToolSpec & { id: string } {
  const canonical = id === undefined ? undefined : (TOOL_ALIASES[id] ?? id);
  const spec = canonical && Object.hasOwn(TOOLS, canonical) ? TOOLS[canonical] : undefined;
  if (!canonical || !spec) {
    const hint = id ? didYouMean(id, [...Object.keys(TOOLS), ...Object.keys(TOOL_ALIASES)]) : '';
    throw new CliError(
      `${id ? `Unknown tool "${id}".${hint}` : 'Name a tool.'} Tools: ${Object.keys(TOOLS).join(', ')}.`,
      EXIT.usage,
    );
  }
  return { ...spec, id: canonical };
}

/** The Gateway base URL that carries the device token, for a tool's path prefix. */
export function gatewayBase(session: Session, prefix: string): string {
  return `${session.gateway_url.replace(/\/+$/, '')}/d/${session.access_token}${prefix}`;
}

export function toolEnv(id: string, session: Session, mode: ToolMode): EnvVar[] {
  const spec = toolSpec(id);
  const vars = [{ name: spec.baseUrlVar, value: gatewayBase(session, spec.prefix) }];
  if (mode === 'provider_key') vars.push({ name: spec.keyVar, value: session.access_token });
  return vars;
}
