// A command line read the way a POSIX shell splits it, in one pass: quotes ('…', "…", $'…'),
// backslash escapes, line continuations, comments, the operators that end a command (`;`, `&`, `&&`,
// `|`, `||`, newline, and the parentheses of subshells and `$(…)`), redirections (their targets are
// no arguments) and here-documents (their bodies are no commands; `cat > package.json <<EOF` keeps
// its body for the manifest readers). Nothing is expanded: an installer's arguments are read as
// written. Every character of a word keeps its offset in the text, so a name found inside
// `"express@4"` is reported where it stands.

/** One word after quote removal, with where each of its characters stood in the text. */
export interface Word {
  text: string;
  /** Offset in the text of each character of `text` (for `end`, the last one's plus one). */
  at: number[];
}

/** A here-document's body: the text as written (a manifest, when the command writes one). */
export interface Heredoc {
  text: string;
  start: number;
}

export interface Command {
  words: Word[];
  /** The target of the last `>` / `>>` redirection, when there is one. */
  writes: Word | null;
  heredoc: Heredoc | null;
}

/** Offsets of text[from..to) of a word, for a name found inside it. */
export function spanOf(word: Word, from: number, to: number): { start: number; end: number } {
  if (to <= from) return { start: word.at[from] ?? 0, end: word.at[from] ?? 0 };
  return { start: word.at[from]!, end: word.at[to - 1]! + 1 };
}

/** The part [from, to) of a word as a word of its own (`--registry=x` gives `x`). */
export function sliceWord(word: Word, from: number, to = word.text.length): Word {
  return { text: word.text.slice(from, to), at: word.at.slice(from, to) };
}

/** A word read from a string on its own (an argv element), offsets relative to that string. */
export function plainWord(text: string, offset = 0): Word {
  const at = new Array<number>(text.length);
  for (let i = 0; i < text.length; i++) at[i] = offset + i;
  return { text, at };
}

const isBlank = (c: string) => c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v';
const ENDS_COMMAND = new Set([';', '&', '|', '(', ')', '`', '\n']);
const ANSI_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"' };

interface PendingHeredoc {
  delimiter: string;
  stripTabs: boolean;
  command: Command;
}

/** Splits `text` into commands. Never throws; an unterminated quote runs to the end of the text. */
export function splitCommands(text: string): Command[] {
  const commands: Command[] = [];
  const n = text.length;
  let cmd: Command = { words: [], writes: null, heredoc: null };
  let chars: string[] = [];
  let at: number[] = [];
  let inWord = false;
  let quoted = false;
  /** The redirection operator whose target the next word is. */
  let redirect: string | null = null;
  let heredocs: PendingHeredoc[] = [];

  const add = (c: string, i: number) => {
    chars.push(c);
    at.push(i);
    inWord = true;
  };
  const endWord = () => {
    if (!inWord) return;
    const word: Word = { text: chars.join(''), at };
    chars = [];
    at = [];
    inWord = false;
    quoted = false;
    if (redirect === null) {
      cmd.words.push(word);
      return;
    }
    if (redirect === '<<' || redirect === '<<-') {
      heredocs.push({ delimiter: word.text, stripTabs: redirect === '<<-', command: cmd });
    } else if (redirect === '>' || redirect === '>>' || redirect === '>|' || redirect === '&>') {
      cmd.writes = word;
    }
    redirect = null;
  };
  const endCommand = () => {
    endWord();
    redirect = null;
    if (cmd.words.length || cmd.heredoc || heredocs.some((h) => h.command === cmd)) commands.push(cmd);
    cmd = { words: [], writes: null, heredoc: null };
  };
  /** Reads the bodies of the here-documents opened on the line that ends at `i` (a newline). */
  const readHeredocs = (i: number): number => {
    let p = i + 1;
    for (const h of heredocs) {
      const start = p;
      let end = n;
      let next = n;
      while (p < n) {
        const nl = text.indexOf('\n', p);
        const lineEnd = nl < 0 ? n : nl;
        let line = text.slice(p, lineEnd);
        if (line.endsWith('\r')) line = line.slice(0, -1);
        if (h.stripTabs) line = line.replace(/^\t+/, '');
        if (line === h.delimiter) {
          end = p;
          next = nl < 0 ? n : nl + 1;
          break;
        }
        p = nl < 0 ? n : nl + 1;
      }
      h.command.heredoc = { text: text.slice(start, end), start };
      p = next;
    }
    heredocs = [];
    return p - 1;
  };

  for (let i = 0; i < n; i++) {
    const c = text[i]!;
    // A shell drops NUL bytes from what it reads (bash: "ignored null byte in input").
    if (c === '\0') continue;
    if (c === '\\') {
      if (text[i + 1] === '\n') {
        i++;
        continue;
      }
      if (text[i + 1] === '\r' && text[i + 2] === '\n') {
        i += 2;
        continue;
      }
      if (i + 1 < n) add(text[++i]!, i);
      else add(c, i);
      continue;
    }
    if (c === "'") {
      const close = text.indexOf("'", i + 1);
      const end = close < 0 ? n : close;
      for (let j = i + 1; j < end; j++) add(text[j]!, j);
      inWord = true;
      quoted = true;
      i = end;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      for (; j < n && text[j] !== '"'; j++) {
        const d = text[j]!;
        if (d === '\\' && j + 1 < n && '$`"\\\n'.includes(text[j + 1]!)) {
          j++;
          if (text[j] !== '\n') add(text[j]!, j);
          continue;
        }
        add(d, j);
      }
      inWord = true;
      quoted = true;
      i = j;
      continue;
    }
    if (c === '$' && text[i + 1] === "'") {
      let j = i + 2;
      for (; j < n && text[j] !== "'"; j++) {
        if (text[j] === '\\' && j + 1 < n) {
          const hex = /^(?:x([0-9A-Fa-f]{1,2})|u([0-9A-Fa-f]{1,4}))/.exec(text.slice(j + 1, j + 6));
          if (hex) {
            add(String.fromCharCode(parseInt(hex[1] ?? hex[2]!, 16)), j);
            j += hex[0].length;
            continue;
          }
          j++;
          add(ANSI_ESCAPES[text[j]!] ?? text[j]!, j);
          continue;
        }
        add(text[j]!, j);
      }
      inWord = true;
      quoted = true;
      i = j;
      continue;
    }
    if (c === '$' && text[i + 1] === '(') {
      // Command substitution: what it runs is a command of its own.
      endCommand();
      i++;
      continue;
    }
    if (c === '#' && !inWord) {
      const nl = text.indexOf('\n', i);
      if (nl < 0) break;
      i = nl - 1;
      continue;
    }
    if (isBlank(c)) {
      endWord();
      continue;
    }
    if (c === '>' || c === '<') {
      // `2>&1`: the digits before the operator name a file descriptor, not an argument.
      if (inWord && !quoted && /^\d+$/.test(chars.join(''))) {
        chars = [];
        at = [];
        inWord = false;
      }
      endWord();
      if (text[i + 1] === '(') {
        // Process substitution <(…) >(…): a command of its own.
        endCommand();
        i++;
        continue;
      }
      let op = c;
      if (c === '<' && text.startsWith('<<-', i)) op = '<<-';
      else if (c === '<' && text.startsWith('<<<', i)) op = '<<<';
      else if (text[i + 1] === c || (c === '>' && (text[i + 1] === '|' || text[i + 1] === '&')))
        op = c + text[i + 1]!;
      else if (c === '<' && (text[i + 1] === '&' || text[i + 1] === '>')) op = c + text[i + 1]!;
      i += op.length - 1;
      redirect = op;
      continue;
    }
    if (c === '&' && text[i + 1] === '>') {
      endWord();
      i += text[i + 2] === '>' ? 2 : 1;
      redirect = '&>';
      continue;
    }
    if (ENDS_COMMAND.has(c)) {
      endCommand();
      if (c === '\n' && heredocs.length) i = readHeredocs(i);
      continue;
    }
    add(c, i);
  }
  endCommand();
  // A here-document opened on the last line has no body to read.
  return commands;
}
