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

/**
 * The person's own lines: the client's blocks removed and the lines it disabled restored. With `tool`, only
 * that edit's blocks and disabled lines (`disabled` marks them): another edit's stay, as the person's.
 */
function ownLines(lines: string[], file: string, tool?: string, disabled = DISABLED): string[] {
  const own: string[] = [];
  const begin = tool === undefined ? BEGIN_PREFIX : `${BEGIN_PREFIX} ${tool} >>>`;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith(begin)) {
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
    own.push(line.startsWith(disabled) ? line.slice(disabled.length) : line);
  }
  return own;
}

/** Whether the text holds a block of the client's (of `tool`'s, when named). */
export function hasManagedBlock(text: string, tool?: string): boolean {
  const begin = tool === undefined ? BEGIN_PREFIX : `${BEGIN_PREFIX} ${tool} >>>`;
  return split(text).lines.some((l) => l.startsWith(begin));
}

const beginLine = (tool: string, command: string) =>
  `${BEGIN_PREFIX} ${tool} >>> written by \`gatehouse-client ${command}\`; \`gatehouse-client setup --undo ${tool.replace(/-mcp$/, '')}\` removes it`;

/** The file with the client's lines in place; `file` names it in error messages. */
export function applyManaged(text: string | null, edit: ManagedEdit, file: string): string {
  const parsed = split(text ?? '');
  const own = ownLines(parsed.lines, file, edit.tool);
  const kept = own.map((line, i) => (edit.clashes(line, i, own) ? DISABLED + line : line));
  const begin = beginLine(edit.tool, `setup ${edit.tool}`);
  const block = (body: string[]) => (body.length ? [begin, ...body, END] : []);
  return join({
    lines: [...block(edit.top), ...kept, ...block(edit.bottom)],
    eol: parsed.eol,
    finalEol: true,
  });
}

/** The file as it was before `applyManaged` (of `tool`'s edit, when named; every edit's otherwise). */
export function removeManaged(text: string, file: string, tool?: string): string {
  const parsed = split(text);
  return join({ ...parsed, lines: ownLines(parsed.lines, file, tool) });
}

/**
 * An edit inside the file rather than at its ends (keys inside a TOML table): its blocks go before given
 * lines, and the lines it replaces are disabled with a marker that names its tool, so that it and the
 * other edits of the same file (`applyManaged`) each take out only their own.
 */
export interface InlineEdit {
  tool: string;
  /** The command that writes it, named in the block's first line. */
  command: string;
  /** From the person's own lines: the blocks to put before line i, and the lines to disable. */
  plan(own: string[]): { before: Map<number, string[]>; disable: Set<number> };
}

const inlineDisabled = (tool: string) => `# gatehouse-client ${tool} disabled: `;

export function applyInline(text: string, edit: InlineEdit, file: string): string {
  const parsed = split(text);
  const disabled = inlineDisabled(edit.tool);
  const own = ownLines(parsed.lines, file, edit.tool, disabled);
  const { before, disable } = edit.plan(own);
  const lines: string[] = [];
  own.forEach((line, i) => {
    const body = before.get(i);
    if (body) lines.push(beginLine(edit.tool, edit.command), ...body, END);
    lines.push(disable.has(i) ? disabled + line : line);
  });
  return join({ ...parsed, lines });
}

/** The file as it was before `applyInline`. */
export function removeInline(text: string, tool: string, file: string): string {
  const parsed = split(text);
  return join({ ...parsed, lines: ownLines(parsed.lines, file, tool, inlineDisabled(tool)) });
}
