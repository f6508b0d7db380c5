// requirements.txt (pip's requirements file format): one requirement a line, comments after ` #`,
// options on lines of their own (`-r other.txt`, `-e .`, `--index-url …`: none names a PyPI package
// to check), per-requirement options after the spec (`--hash=…`), and `\` continuations.
import { lines } from './lines.ts';
import { plainWord } from './shell-words.ts';
import { found, pep508, type Found } from './specs.ts';

/** Each requirement line: where it starts in `text`, and its spec. */
export function requirementLines(text: string): Array<{ start: number; spec: string }> {
  const out: Array<{ start: number; spec: string }> = [];
  let continued = false;
  for (const { text: line, start: p } of lines(text)) {
    const wasContinued = continued;
    continued = line.trimEnd().endsWith('\\');
    // A continuation line holds the options of the line before (`--hash=…`).
    if (!wasContinued) {
      let s = line;
      const hash = s.search(/(?:^|\s)#/);
      if (hash >= 0) s = s.slice(0, hash);
      const lead = s.length - s.trimStart().length;
      s = s.trim();
      const opts = s.search(/\s(?:--|\\)/);
      if (opts >= 0) s = s.slice(0, opts).trimEnd();
      if (s && s[0] !== '-') out.push({ start: p + lead, spec: s });
    }
  }
  return out;
}

export function requirementsRefs(text: string): Found[] {
  const out: Found[] = [];
  for (const { start, spec } of requirementLines(text)) {
    const parsed = pep508(spec);
    if (parsed) out.push(found('pypi', plainWord(spec, start), parsed));
  }
  return out;
}

/** Whether a line reads as a pinned or ranged requirement (`name==1.2`, `name[x]>=2`): content alone says "requirements". */
export function looksPinned(spec: string): boolean {
  const parsed = pep508(spec);
  return parsed !== null && parsed.version !== undefined && /^(?:==|>=|~=|<=|!=|<|>)/.test(parsed.version);
}
