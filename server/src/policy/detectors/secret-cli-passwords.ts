// Passwords given on a command line or in a `.netrc` file, where no `name=value` assignment marks
// them: `mysql -u root -pS3cret!`, `docker login -u bot -p S3cret!` (or `--password S3cret!`), and
// `machine host login user password S3cret!`. Each is found from a literal its own or another rule's
// search already finds, then parsed with a sticky RegExp from there; the value must look like a
// password, as an assigned one must (secret-assignments.ts), so `-p$MYSQL_PWD` or `password <yours>`
// never fire.
import type { Candidate } from './match-utils.ts';
import { plausibleValue } from './secret-assignments.ts';

/** A value on a shell line: unquoted up to a space or a quote, or quoted. Group 1, 2 or 3. */
const VALUE = `(?:'([^'\\n]{1,256})'|"([^"\\n]{1,256})"|([^\\s'"\`;|&]{1,256}))`;

/**
 * From a `-p` (which also finds `--password`, and costs one fast two-character search): the command
 * it belongs to, earlier on its line. mysql's `-p` takes its value attached (`-p S3cret` prompts, then
 * opens database S3cret); docker's takes it after a space or `=`.
 */
const MYSQL = new RegExp(`-p${VALUE}`, 'y');
const DOCKER = new RegExp(`(?:-p|--password)(?:[ \\t]+|=)${VALUE}`, 'y');
const MYSQL_COMMAND = /(?:^|[\s;&|(])(?:mysql|mariadb)(?:dump|admin|import|sh|-dump|-admin)?[ \t]/;
const DOCKER_COMMAND = /(?:^|[\s;&|(])(?:docker|podman|nerdctl)[ \t]+login[ \t]/;
/** How far back on its line a flag's command may be. */
const LINE_BACK = 240;

/** `.netrc` (curl, git, ftp): tokens separated by any white space, on one line or several. */
const NETRC = new RegExp(
  `machine[ \\t]+[^\\s]{1,253}(?:\\s+(?:login|account|port)\\s+[^\\s]{1,256}){0,3}\\s+password\\s+${VALUE}`,
  'y',
);
/** How far back from its `password` an entry's `machine` may be. */
const NETRC_BACK = 600;

function push(out: Candidate[], rule: string, m: RegExpExecArray): void {
  const quoted = m[1] ?? m[2];
  const value = quoted ?? m[3]!;
  if (!plausibleValue(value, 'password', quoted !== undefined)) return;
  const end = m.index + m[0].length - (quoted !== undefined ? 1 : 0);
  out.push({ rule, label: rule, severity: 'high', start: end - value.length, end, priority: 2 });
}

/**
 * `password <value>` in a `.netrc` entry, from the `password` word secret-assignments.ts found (its
 * prefilter finds it, so .netrc costs no pass of its own): the entry's `machine` before it.
 */
export function scanNetrcPassword(text: string, at: number, out: Candidate[]): void {
  const base = Math.max(0, at - NETRC_BACK);
  // A bounded look back: the search never runs past the window, however long the text before it.
  const window = text.slice(base, at);
  for (
    let i = window.lastIndexOf('machine');
    i >= 0;
    i = i === 0 ? -1 : window.lastIndexOf('machine', i - 1)
  ) {
    const from = base + i;
    if (from > 0 && !/\s/.test(text[from - 1]!)) continue;
    NETRC.lastIndex = from;
    const m = NETRC.exec(text);
    if (m && m.index + m[0].length > at) {
      push(out, 'netrc-password', m);
      return;
    }
  }
}

export function scanCliPasswords(text: string, out: Candidate[]): void {
  for (let at = text.indexOf('-p'); at >= 0; at = text.indexOf('-p', at + 2)) {
    const before = text[at - 1];
    const long = before === '-' && text.startsWith('password', at + 1);
    if (before !== ' ' && before !== '\t' && !long) continue;
    const flag = long ? at - 1 : at;
    const lineStart = Math.max(text.lastIndexOf('\n', flag) + 1, flag - LINE_BACK);
    const line = text.slice(lineStart, flag + 1);
    const re = MYSQL_COMMAND.test(line) && !long ? MYSQL : DOCKER_COMMAND.test(line) ? DOCKER : null;
    if (!re) continue;
    re.lastIndex = flag;
    const m = re.exec(text);
    if (m) push(out, 'cli-password', m);
  }
}

const NETRC_KEYWORDS = ['login', 'account', 'port', 'password'];
const COMMAND_WORD = /(?:^|[\s;&|(])(?:mysql|mariadb|docker|podman|nerdctl)/;

/**
 * On a stream: the last line when it holds a mysql or docker command (its `-p` may still come), and
 * a `.netrc` entry not finished yet, from its `machine`.
 */
export function cliPasswordHoldback(text: string): number {
  let hold = 0;
  let lineStart = text.length;
  while (lineStart > 0 && text.length - lineStart < LINE_BACK && text[lineStart - 1] !== '\n') lineStart--;
  if (COMMAND_WORD.test(text.slice(lineStart))) hold = text.length - lineStart;
  const base = Math.max(0, text.length - NETRC_BACK);
  const window = text.slice(base);
  const at = window.lastIndexOf('machine');
  if (at >= 0 && (at === 0 || /\s/.test(window[at - 1]!)) && netrcOpen(window.slice(at)))
    hold = Math.max(hold, window.length - at);
  return hold;
}

/** Whether `rest` (from `machine`) is the start of an entry whose password is not complete yet. */
function netrcOpen(rest: string): boolean {
  const tokens = rest.split(/\s+/);
  const ended = /\s$/.test(rest);
  if (ended) tokens.pop();
  if (tokens.length < 3) return true;
  for (let i = 2; i < tokens.length; i += 2) {
    const word = tokens[i]!;
    const last = i === tokens.length - 1;
    if (last) return NETRC_KEYWORDS.some((k) => k.startsWith(word));
    if (!NETRC_KEYWORDS.includes(word)) return false;
    // The password's value: open while it may still grow.
    if (word === 'password') return i + 1 === tokens.length - 1 && !ended;
  }
  return true;
}
