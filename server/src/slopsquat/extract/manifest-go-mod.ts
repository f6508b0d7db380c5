// go.mod's requirements: `require path v1.2.3` lines and `require ( … )` blocks (`// indirect`
// comments after them). `replace`, `exclude` and `retract` name no module to fetch for the first
// time. A fragment (an edit's new text) may hold bare `path v1.2.3` lines of a block.
import { lines } from './lines.ts';
import { plainWord } from './shell-words.ts';
import { found, goModulePath, type Found } from './specs.ts';

/** `path version`: the module path exactly as go.mod writes it (a module's, not a package's). */
const REQUIREMENT = /^([^\s"]{1,300})[ \t]+(v[0-9][^\s]{0,100})/;

export function goModRefs(text: string, fragment = false): Found[] {
  const out: Found[] = [];
  let block: string | null = null;
  for (const { text: raw, start: p } of lines(text)) {
    const lead = raw.length - raw.trimStart().length;
    let line = raw.trim();
    let at = p + lead;
    const comment = line.indexOf('//');
    if (comment >= 0) line = line.slice(0, comment).trim();
    if (block !== null) {
      if (line === ')') block = null;
      else if (block === 'require') requirement(out, line, at);
    } else {
      const directive = /^(require|replace|exclude|retract|tool|module|go|toolchain|godebug)\b/.exec(line);
      if (directive && line.slice(directive[0].length).trim() === '(') block = directive[1]!;
      else if (directive?.[1] === 'require') {
        const rest = line.slice(7);
        at += 7 + (rest.length - rest.trimStart().length);
        requirement(out, rest.trim(), at);
      } else if (!directive && fragment) requirement(out, line, at);
    }
  }
  return out;
}

function requirement(out: Found[], line: string, at: number): void {
  const m = REQUIREMENT.exec(line);
  if (!m) return;
  const path = m[1]!;
  if (!goModulePath(path)) return;
  out.push(found('go', plainWord(path, at), { name: path, version: m[2]!, from: 0, to: path.length }));
}
