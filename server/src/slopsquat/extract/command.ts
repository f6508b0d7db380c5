// A command line's packages: each command of the line (shell-words.ts) is taken past what only
// wraps a command (`VAR=1`, `sudo -u x`, `env -i`, `time`, `nohup`, `timeout 60`, a Dockerfile's
// `RUN`), into the command strings that shells run (`bash -lc "…"`, `sh -c`, `eval`, `cmd /c`,
// `pwsh -Command`, read again, up to MAX_NESTING deep), and then read by its installer. A manifest
// written by the command (`cat > package.json <<EOF`, `echo 'flask==3.0' >> requirements.txt`) is read
// as that manifest.
import { readArgs, valued, type Installer } from './args.ts';
import { JS_INSTALLERS } from './installers-js.ts';
import { OTHER_INSTALLERS } from './installers-other.ts';
import { isPython, PYTHON_INSTALLERS, pythonModule } from './installers-python.ts';
import { manifestOfPath, manifestRefs } from './manifests.ts';
import { patchRefs } from './patch.ts';
import { splitCommands, type Command, type Word } from './shell-words.ts';
import { append, type Found } from './specs.ts';

const INSTALLERS: Record<string, Installer> = { ...JS_INSTALLERS, ...PYTHON_INSTALLERS, ...OTHER_INSTALLERS };

/** How many command strings deep (`bash -c "sh -c '…'"`) a line is read. */
const MAX_NESTING = 4;

const MAX_WRAPPERS = 16;

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=/;
/** Words that come before a command without changing which it is. */
const KEYWORDS = new Set(['!', '{', '}', 'if', 'then', 'else', 'elif', 'do', 'while', 'until', 'RUN']);

/** Wrappers and the options of theirs that take a value: the command follows them. */
const WRAPPERS: Record<string, ReadonlySet<string>> = {
  sudo: valued('-u -g -C -D -h -p -r -t -T -U --user --group --chdir --host --prompt'),
  doas: valued('-u -C'),
  env: valued('-u --unset -C --chdir -S --split-string'),
  nohup: valued(''),
  time: valued(''),
  command: valued(''),
  exec: valued('-a'),
  nice: valued('-n --adjustment'),
  stdbuf: valued('-i -o -e'),
  corepack: valued(''),
  caffeinate: valued('-t -w'),
};

const SHELLS = new Set(['bash', 'sh', 'zsh', 'dash', 'ksh', 'fish', 'ash']);
const POWERSHELLS = new Set(['powershell', 'pwsh']);
/** Commands that run a shell somewhere else (a container, a host), its command string among their arguments. */
const RUNS_A_SHELL = new Set([
  'docker',
  'docker-compose',
  'podman',
  'nerdctl',
  'kubectl',
  'oc',
  'ssh',
  'vagrant',
  'wsl',
  'distrobox',
  'toolbox',
  'xargs',
]);

/** The name a command word runs: `/usr/bin/npm` and `npm.cmd` are npm. */
function commandName(text: string): string {
  const base = text.slice(Math.max(text.lastIndexOf('/'), text.lastIndexOf('\\')) + 1).toLowerCase();
  return base.replace(/\.(?:exe|cmd|bat|ps1)$/, '');
}

/** Names in a command line's text; offsets into `text`. */
export function commandRefs(text: string, depth = 0): Found[] {
  const out: Found[] = [];
  for (const command of splitCommands(text)) {
    append(out, wordsRefs(command.words, depth));
    append(out, writtenManifest(command));
    // `apply_patch <<'EOF'`: Codex's patch given as a here-document.
    const { heredoc } = command;
    if (heredoc && command.words[0] && commandName(command.words[0].text) === 'apply_patch')
      append(
        out,
        patchRefs(heredoc.text).map((r) => ({
          ...r,
          start: r.start + heredoc.start,
          end: r.end + heredoc.start,
        })),
      );
  }
  return out;
}

/** Names in one command, given as words (an argv, or a command of a line). */
export function wordsRefs(words: readonly Word[], depth = 0): Found[] {
  let i = 0;
  let wrappers = 0;
  while (i < words.length) {
    const t = words[i]!.text;
    if (ASSIGNMENT.test(t) || KEYWORDS.has(t)) {
      i++;
      continue;
    }
    const name = commandName(t);
    const rest = words.slice(i + 1);
    const wrapper = Object.hasOwn(WRAPPERS, name) ? WRAPPERS[name] : undefined;
    // No command has more than a few wrappers; `sudo sudo sudo …` by the thousand is not read.
    if ((wrapper || name === 'timeout') && ++wrappers > MAX_WRAPPERS) return [];
    if (wrapper) {
      // `command -v npm` asks where npm is; it runs nothing.
      if (name === 'command' && rest[0] && /^-[vV]/.test(rest[0].text)) return [];
      const args = readArgs(rest, { takesValue: wrapper, maxPositionals: 0 });
      const split = args.options.find((o) => o.name === '-S' || o.name === '--split-string');
      if (name === 'env' && split?.value) return nested(split.value, depth);
      i += 1 + rest.length - args.rest.length;
      continue;
    }
    if (name === 'timeout') {
      // `timeout [options] DURATION command …`
      const args = readArgs(rest, { takesValue: valued('-s --signal -k --kill-after'), maxPositionals: 1 });
      i += 1 + rest.length - args.rest.length;
      continue;
    }
    if (SHELLS.has(name)) return shellString(rest, depth);
    if (POWERSHELLS.has(name) || name === 'cmd' || name === 'eval') return commandString(name, rest, depth);
    if (isPython(name)) return pythonModule(rest);
    if (name === 'php' && rest[0] && /^composer(?:\.phar)?$/.test(commandName(rest[0].text)))
      return INSTALLERS.composer!(rest.slice(1));
    if (name === 'apply_patch' && rest[0]) return patchRefs(rest[0].text).map((r) => through(rest[0]!, r));
    const installer = Object.hasOwn(INSTALLERS, name) ? INSTALLERS[name] : undefined;
    if (installer) return installer(rest);
    if (!RUNS_A_SHELL.has(name)) return [];
    // `docker compose exec api bash -lc "…"`, `kubectl exec pod -- sh -c "…"`: a shell run inside.
    const shell = rest.findIndex((w) => SHELLS.has(commandName(w.text)));
    return shell >= 0 ? shellString(rest.slice(shell + 1), depth) : [];
  }
  return [];
}

/** `bash [options] -c 'command' …`: the command string, read as a line of its own. */
function shellString(words: readonly Word[], depth: number): Found[] {
  let command = false;
  for (let i = 0; i < words.length; i++) {
    const t = words[i]!.text;
    if (t === '-o' || t === '+o' || t === '--rcfile' || t === '--init-file') {
      i++;
      continue;
    }
    if (t === '-c' || t === '--command' || (/^-[a-zA-Z]+$/.test(t) && t.includes('c'))) {
      command = true;
      continue;
    }
    if (t.startsWith('-') || t.startsWith('+')) continue;
    // The first operand: the command string after -c, else a script file (not read).
    return command ? nested(words[i]!, depth) : [];
  }
  return [];
}

/** `eval …`, `cmd /c …`, `pwsh -Command …`: one word is a line to read again; several are the command. */
function commandString(name: string, words: readonly Word[], depth: number): Found[] {
  let i = 0;
  if (name !== 'eval') {
    const flag = name === 'cmd' ? /^\/[cCkK]$/ : /^-(?:c|command)$/i;
    while (i < words.length && !flag.test(words[i]!.text)) i++;
    i++;
  }
  const rest = words.slice(i);
  if (rest.length === 1) return nested(rest[0]!, depth);
  return depth < MAX_NESTING ? wordsRefs(rest, depth + 1) : [];
}

/** A word holding a command line: read it, and put its names back where they stand in the text. */
function nested(word: Word, depth: number): Found[] {
  if (depth >= MAX_NESTING) return [];
  return commandRefs(word.text, depth + 1).map((r) => through(word, r));
}

/** A name found in a word's text, with offsets in the text the word was read from. */
function through(word: Word, ref: Found): Found {
  const start = word.at[ref.start] ?? word.at[word.at.length - 1] ?? 0;
  const end = ref.end > ref.start ? (word.at[ref.end - 1] ?? start) + 1 : start;
  return { ...ref, start, end };
}

/**
 * What a command writes to a manifest: a here-document (`cat > package.json <<'EOF'`, `tee
 * requirements.txt <<EOF`), or echo's and printf's words (`echo "flask==3.0" >> requirements.txt`).
 */
function writtenManifest(command: Command): Found[] {
  const name = command.words[0] ? commandName(command.words[0].text) : '';
  const target =
    command.writes?.text ??
    (name === 'tee' ? command.words.slice(1).find((w) => !w.text.startsWith('-'))?.text : undefined);
  const kind = target ? manifestOfPath(target) : null;
  if (!kind) return [];
  if (command.heredoc) {
    const { text, start } = command.heredoc;
    return manifestRefs(kind, text).map((r) => ({ ...r, start: r.start + start, end: r.end + start }));
  }
  if (name !== 'echo' && name !== 'printf') return [];
  const out: Found[] = [];
  for (const w of command.words.slice(1)) {
    if (w.text.startsWith('-')) continue;
    // printf's `\n` (two characters) becomes a newline and a space (two): the offsets stay the word's.
    const text = name === 'printf' ? w.text.replace(/\\n/g, '\n ') : w.text;
    for (const r of manifestRefs(kind, text, true)) out.push(through(w, r));
  }
  return out;
}

/** Commands a script commonly starts with before it installs (`cd app && npm i x`). */
const SCRIPT_STARTS = new Set([
  'cd',
  'set',
  'export',
  'source',
  '.',
  'mkdir',
  'git',
  'apt-get',
  'apt',
  'brew',
]);

/**
 * Whether a string reads as a command line: its first command runs an installer, a wrapper or a shell
 * (or is a script's usual first step). An MCP tool's string arguments are read only when they do, so
 * that a prose argument ("Run `npm i x` to …" in an issue's body) names nothing.
 */
export function startsLikeCommand(text: string): boolean {
  const head = text.trimStart().slice(0, 400);
  if (head.startsWith('#!')) return true;
  // Markdown (`## Setup`, a fence) or a flag is no command line, whatever follows it.
  if (!/^[\w./~\\(]/.test(head)) return false;
  const words = splitCommands(head)[0]?.words ?? [];
  const first = words.find((w) => !ASSIGNMENT.test(w.text));
  if (!first) return false;
  const name = commandName(first.text);
  return (
    Object.hasOwn(INSTALLERS, name) ||
    Object.hasOwn(WRAPPERS, name) ||
    SHELLS.has(name) ||
    POWERSHELLS.has(name) ||
    isPython(name) ||
    SCRIPT_STARTS.has(name) ||
    name === 'timeout' ||
    name === 'eval' ||
    name === 'apply_patch'
  );
}
