// The text the detector benchmark scans: a few MB of what coding agents send, built from files on
// this machine (the repository's own code and docs, installed packages' code, minified bundles and
// READMEs, the lock file) and JSON conversations made from them, in fixed proportions and order so
// that every run measures the same text.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type TextKind = 'code' | 'minified' | 'lockfile' | 'prose' | 'json';

/** Share of the text by kind. */
const MIX: Readonly<Record<TextKind, number>> = {
  code: 0.3,
  minified: 0.15,
  lockfile: 0.15,
  prose: 0.2,
  json: 0.2,
};

function files(dir: string, pattern: RegExp, out: string[] = [], depth = 0): string[] {
  if (depth > 6 || !fs.existsSync(dir)) return out;
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== '.git' && e.name !== 'test' && e.name !== 'tests') files(p, pattern, out, depth + 1);
    } else if (pattern.test(e.name)) out.push(p);
  }
  return out;
}

/** Concatenates the files' contents, cycling through them, up to `bytes`. */
function fill(paths: readonly string[], bytes: number, maxPerFile = 200_000): string {
  let out = '';
  if (paths.length === 0) return out;
  for (let i = 0; out.length < bytes; i++) {
    const content = fs.readFileSync(paths[i % paths.length]!, 'utf8').slice(0, maxPerFile);
    out += content.slice(0, bytes - out.length) + '\n';
    if (i > paths.length * 4) break;
  }
  return out;
}

/** A coding agent's conversation as it sends it: the history as JSON messages with tool calls. */
function conversation(prose: string, code: string, bytes: number): string {
  const messages: unknown[] = [];
  let size = 0;
  for (let turn = 0; size < bytes; turn++) {
    const p = prose.slice(
      (turn * 1_500) % Math.max(1, prose.length - 1_500),
      ((turn * 1_500) % Math.max(1, prose.length - 1_500)) + 1_500,
    );
    const c = code.slice(
      (turn * 2_500) % Math.max(1, code.length - 2_500),
      ((turn * 2_500) % Math.max(1, code.length - 2_500)) + 2_500,
    );
    const batch = [
      { role: 'user', content: [{ type: 'text', text: p }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: `Looking at the file now (turn ${turn}).` },
          {
            type: 'tool_use',
            id: `toolu_${turn.toString(36).padStart(8, '0')}`,
            name: 'read_file',
            input: { path: `src/module-${turn}.ts` },
          },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: `toolu_${turn.toString(36).padStart(8, '0')}`, content: c },
        ],
      },
    ];
    messages.push(...batch);
    size += JSON.stringify(batch).length;
  }
  return JSON.stringify({ model: 'claude-sonnet-4-5', max_tokens: 8192, messages }, null, 1).slice(0, bytes);
}

export interface BenchText {
  text: string;
  parts: { kind: TextKind; chars: number }[];
}

/** About `totalChars` of mixed text (all parts are ASCII-dominated, so characters ≈ bytes). */
export function buildBenchText(totalChars = 4_000_000): BenchText {
  const nm = path.join(repoRoot, 'node_modules');
  const codeFiles = [
    ...files(path.join(repoRoot, 'server', 'src'), /\.ts$/),
    ...files(path.join(nm, 'fastify', 'lib'), /\.js$/),
    ...files(path.join(nm, 'undici', 'lib'), /\.js$/),
    ...files(path.join(nm, 'kysely', 'dist', 'esm'), /\.d\.ts$/),
  ];
  const minified = [path.join(nm, '@fastify', 'swagger-ui', 'static', 'swagger-ui-bundle.js')].filter((p) =>
    fs.existsSync(p),
  );
  const proseFiles = [
    ...files(path.join(repoRoot, 'docs'), /\.md$/),
    ...fs
      .readdirSync(nm)
      .sort()
      .map((d) => path.join(nm, d, 'README.md'))
      .filter((p) => fs.existsSync(p)),
  ];
  const lock = [path.join(repoRoot, 'package-lock.json')];
  const want = (k: TextKind) => Math.round(totalChars * MIX[k]);
  const code = fill(codeFiles, want('code'), 40_000);
  const prose = fill(proseFiles, want('prose'), 20_000);
  const parts: Record<TextKind, string> = {
    code,
    minified: fill(minified, want('minified'), 2_000_000),
    lockfile: fill(lock, want('lockfile'), 1_000_000),
    prose,
    json: conversation(prose, code, want('json')),
  };
  const order: TextKind[] = ['code', 'json', 'prose', 'lockfile', 'minified'];
  return {
    text: order.map((k) => parts[k]).join('\n'),
    parts: order.map((k) => ({ kind: k, chars: parts[k].length })),
  };
}
