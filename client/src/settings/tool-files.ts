// The settings file of each tool `setup` knows, and how the client's lines go in and come out of it.
// Where each key comes from (the tools' own documentation and source) is in docs/client.md.
import path from 'node:path';
import { CliError, EXIT } from '../errors.ts';
import type { ToolMode, ToolSetup } from '../state-store.ts';
import type { EnvVar } from '../tools.ts';
import type { JsonDefault } from './json-defaults.ts';
import { applyJsonEnv, undoJsonEnv } from './json-env.ts';
import { applyManaged, removeManaged } from './managed-lines.ts';

export interface Applied {
  text: string;
  /** What the state must remember to undo it (JSON only). */
  record: Pick<ToolSetup, 'previous' | 'created_env'>;
}

export interface ToolFile {
  /** The settings file, from the home directory and the environment (tools' own overrides). */
  file(home: string, env: NodeJS.ProcessEnv): string;
  apply(
    text: string | null,
    vars: EnvVar[],
    mode: ToolMode,
    record: ToolSetup | undefined,
    file: string,
  ): Applied;
  /** The file without the client's settings. */
  undo(text: string, record: ToolSetup | undefined, file: string): string;
  /** Undo needs the record `setup` kept (formats without comments to mark the lines). */
  needsRecord: boolean;
  /** A second settings file (JSON) with values the tool needs to use the first one, if any. */
  extra?: ExtraSettings;
}

export interface ExtraSettings {
  file(home: string, env: NodeJS.ProcessEnv): string;
  /** What the client sets there in `mode`, each only where the person has not chosen a value (json-defaults.ts). */
  defaults(mode: ToolMode): JsonDefault[];
  /** The tool reads comments in the file (JSONC); the client keeps them. */
  comments: boolean;
}

const quoted = (value: string) => JSON.stringify(value);
const assignment = (name: string) => new RegExp(`^\\s*(?:export\\s+)?${name}\\s*=`);

/** TOML: a table header line (`[x]` or `[[x]]`). */
const TABLE = /^\s*\[/;
const PROVIDER_ID = 'gatehouse';

/** Gemini CLI's own directory: `.gemini` in $GEMINI_CLI_HOME, which replaces the home directory for it. */
export const geminiDir = (home: string, env: NodeJS.ProcessEnv) =>
  path.join(env.GEMINI_CLI_HOME || home, '.gemini');

// With GOOGLE_GEMINI_BASE_URL set and no sign-in method chosen, Gemini CLI 0.61 picks its `gateway` method,
// which `gemini -p` refuses ("Invalid auth method selected."); "Use Gemini API Key" is the method that sends
// GEMINI_API_KEY to the base URL. In subscription mode too: through a base URL the developer's own
// subscription is their own Gemini API key. Signing in with a Google account (or Vertex AI) goes to another
// service that no base URL redirects, so a developer who chose one is told, not overruled.
const GEMINI_API_KEY_AUTH: JsonDefault = {
  path: ['security', 'auth', 'selectedType'],
  value: 'gemini-api-key',
  advice: (own, file) =>
    `Gemini CLI signs in with ${JSON.stringify(own)} (security.auth.selectedType in ${file}), which does ` +
    'not go through the Gatehouse Gateway: choose "Use Gemini API Key" in Gemini CLI\'s /auth, or set it to ' +
    '"gemini-api-key".',
};

export const TOOL_FILES: Record<string, ToolFile> = {
  // ~/.claude/settings.json, or $CLAUDE_CONFIG_DIR/settings.json; its `env` object is applied to every
  // session, and beats the shell's variables.
  'claude-code': {
    file: (home, env) => path.join(env.CLAUDE_CONFIG_DIR || path.join(home, '.claude'), 'settings.json'),
    apply(text, vars, _mode, record, file) {
      const { text: out, previous, created_env } = applyJsonEnv(text, vars, record, file);
      return { text: out, record: { previous, created_env } };
    },
    undo: (text, record, file) => (record ? undoJsonEnv(text, record, file) : text),
    needsRecord: true,
  },
  // ~/.gemini/.env: Gemini CLI loads it (when no project .env is found first, and only in a folder the
  // developer trusts) without overriding variables already set in the shell. Its sign-in method is in
  // ~/.gemini/settings.json.
  'gemini-cli': {
    file: (home, env) => path.join(geminiDir(home, env), '.env'),
    apply(text, vars, _mode, _record, file) {
      const names = vars.map((v) => v.name);
      const edit = {
        tool: 'gemini-cli',
        top: [],
        bottom: vars.map(({ name, value }) => `${name}=${quoted(value)}`),
        clashes: (line: string) => names.some((n) => assignment(n).test(line)),
      };
      return { text: applyManaged(text, edit, file), record: {} };
    },
    undo: (text, _record, file) => removeManaged(text, file, 'gemini-cli'),
    needsRecord: false,
    extra: {
      file: (home, env) => path.join(geminiDir(home, env), 'settings.json'),
      defaults: () => [GEMINI_API_KEY_AUTH],
      // Gemini CLI strips comments before parsing its settings, and keeps them when it saves.
      comments: true,
    },
  },
  // $CODEX_HOME/config.toml (~/.codex): a provider of its own, selected by the top-level model_provider
  // (a top-level key must come before the first table, hence the block at the top). Codex speaks the
  // Responses API. The device token is in the base URL, so in provider-key mode Codex sends no key of its
  // own and needs no login; in subscription mode requires_openai_auth makes it send its own sign-in.
  codex: {
    file: (home, env) => path.join(env.CODEX_HOME || path.join(home, '.codex'), 'config.toml'),
    apply(text, vars, mode, _record, file) {
      const baseUrl = vars.find((v) => v.name === 'OPENAI_BASE_URL')!.value;
      const own = removeManaged(text ?? '', file, 'codex').split(/\r?\n/);
      if (own.some((l) => new RegExp(`^\\s*\\[\\s*model_providers\\.${PROVIDER_ID}\\s*\\]`).test(l)))
        throw new CliError(
          `${file} already defines [model_providers.${PROVIDER_ID}] itself; rename or remove that table, ` +
            'then run the command again.',
          EXIT.failed,
        );
      const edit = {
        tool: 'codex',
        top: [`model_provider = ${quoted(PROVIDER_ID)}`],
        bottom: [
          `[model_providers.${PROVIDER_ID}]`,
          'name = "Gatehouse"',
          `base_url = ${quoted(baseUrl)}`,
          'wire_api = "responses"',
          ...(mode === 'subscription' ? ['requires_openai_auth = true'] : []),
        ],
        clashes(line: string, index: number, lines: string[]) {
          const firstTable = lines.findIndex((l) => TABLE.test(l));
          const topLevel = firstTable < 0 || index < firstTable;
          return topLevel && assignment('model_provider').test(line);
        },
      };
      return { text: applyManaged(text, edit, file), record: {} };
    },
    undo: (text, _record, file) => removeManaged(text, file, 'codex'),
    needsRecord: false,
  },
};

export const SETUP_TOOLS = Object.keys(TOOL_FILES);
