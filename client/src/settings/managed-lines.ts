// Edits to line-based settings files (dotenv, TOML) that touch only the lines the client owns: its
// settings sit between two marker comments, and a line of the person's own that would clash with them
// (the same key) is commented out with a marker rather than deleted. Removing the block and restoring
// those lines gives back the file as it was, comments and order included. Applying twice gives the same
// file as applying once.
import { CliError, EXIT } from '../errors.ts';

const BEGIN_PREFIX = '# >>> gatehouse-client';
const END = '# <<< gatehouse-client <<<';
const DISABLED = '# gatehouse-client disabled: ';

export interface ManagedEdit {
  tool: string;
  /** Lines placed at the very top of the file (TOML keys that must precede every table). */
  top: string[];
  /** Lines placed at the end. */
  bottom: string[];
  /** Whether one of the person's own lines would clash with ours; it is commented out while ours stay. */
  clashes(line: string, index: number, lines: string[]): boolean;
}

interface Lines {
  lines: string[];
  eol: string;
  finalEol: boolean;
}

function split(text: string): Lines {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.split(/\r?\n/);
  const finalEol = lines.length > 1 && lines[lines.length - 1] === '';
  if (finalEol) lines.pop();
  if (lines.length === 1 && lines[0] === '') lines.pop();
  return { lines, eol, finalEol };
}

function join({ lines, eol, finalEol }: Lines): string {
  if (lines.length === 0) return '';
  return lines.join(eol) + (finalEol ? eol : '');
}

/** The person's own lines: the client's blocks removed and the lines it disabled restored. */
function ownLines(lines: string[], file: string): string[] {
  const own: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith(BEGIN_PREFIX)) {
      const end = lines.indexOf(END, i + 1);
      if (end < 0)
        throw new CliError(
          `${file} has a gatehouse-client block without its closing line "${END}". ` +
            'Remove the block by hand (or add the closing line) and run the command again.',
          EXIT.failed,
        );
      i = end;
      continue;
    }
    own.push(line.startsWith(DISABLED) ? line.slice(DISABLED.length) : line);
  }
  return own;
}

export function hasManagedBlock(text: string): boolean {
  return split(text).lines.some((l) => l.startsWith(BEGIN_PREFIX));
}

/** The file with the client's lines in place; `file` names it in error messages. */
export function applyManaged(text: string | null, edit: ManagedEdit, file: string): string {
  const parsed = split(text ?? '');
  const own = ownLines(parsed.lines, file);
  const kept = own.map((line, i) => (edit.clashes(line, i, own) ? DISABLED + line : line));
  const begin = `${BEGIN_PREFIX} ${edit.tool} >>> written by \`gatehouse-client setup ${edit.tool}\`; \`gatehouse-client setup --undo ${edit.tool}\` removes it`;
  const block = (body: string[]) => (body.length ? [begin, ...body, END] : []);
  return join({
    lines: [...block(edit.top), ...kept, ...block(edit.bottom)],
    eol: parsed.eol,
    finalEol: true,
  });
}

/** The file as it was before `applyManaged`. */
export function removeManaged(text: string, file: string): string {
  const parsed = split(text);
  return join({ ...parsed, lines: ownLines(parsed.lines, file) });
}
