// The admin's own rules: keywords (a project's code name, an internal host) matched as whole words,
// and patterns matched one line at a time. A pattern never sees more than WINDOW characters per call
// (see regex-safety.ts for why): a line longer than that is matched in overlapping windows.
import { compiledRule, KEYWORD_SEPARATOR, keywordWords, type CompiledCustomRule } from './config.ts';
import { defineDetector, type DetectorConfig } from './detector-types.ts';
import { customSettings } from './custom-settings.ts';
import { finish, type Candidate } from './match-utils.ts';

export const WINDOW = 2048;
/** Overlap between a long line's windows: a match up to this long is found wherever it falls. */
const OVERLAP = 256;
/** What a pattern rule holds back on a stream: the line being written, up to this many characters. */
const PATTERN_HOLD = 256;
/** How far before a stream's cut a keyword that crosses it may start. */
const KEYWORD_SPAN = 1024;

const WORD = /[\p{L}\p{N}_]/u;
const SEPARATOR = new RegExp(`^${KEYWORD_SEPARATOR}$`, 'u');

function push(out: Candidate[], c: CompiledCustomRule, start: number, end: number): void {
  const id = c.rule.id;
  out.push({ rule: `custom:${id}`, label: id, severity: c.rule.severity, start, end, priority: 0 });
}

/** Matches the pattern within the line [lineStart, lineEnd), in windows when it is long. */
function scanLine(
  text: string,
  c: CompiledCustomRule,
  lineStart: number,
  lineEnd: number,
  out: Candidate[],
): void {
  const { re } = c;
  let lastEnd = lineStart;
  for (let w = lineStart; w < lineEnd || w === lineStart; w += WINDOW - OVERLAP) {
    const wEnd = Math.min(lineEnd, w + WINDOW);
    const slice = text.slice(w, wEnd);
    re.lastIndex = 0;
    for (let m = re.exec(slice); m !== null; m = re.exec(slice)) {
      if (m[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      const start = w + m.index;
      // A match the previous window found already (or one inside it) is not repeated.
      if (start >= lastEnd) {
        push(out, c, start, start + m[0].length);
        lastEnd = start + m[0].length;
      }
    }
    if (wEnd === lineEnd) break;
  }
}

function scanPattern(text: string, c: CompiledCustomRule, out: Candidate[]): void {
  if (c.literal) {
    // Only the lines that hold the pattern's required literal can match.
    const lit = c.literal;
    lit.lastIndex = 0;
    for (let m = lit.exec(text); m !== null; m = lit.exec(text)) {
      const lineStart = text.lastIndexOf('\n', m.index) + 1;
      let lineEnd = text.indexOf('\n', m.index);
      if (lineEnd < 0) lineEnd = text.length;
      scanLine(text, c, lineStart, lineEnd, out);
      lit.lastIndex = lineEnd + 1;
      if (lineEnd >= text.length) break;
    }
    return;
  }
  let lineStart = 0;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    scanLine(text, c, lineStart, lineEnd, out);
    lineStart = lineEnd + 1;
  }
}

function scanKeywords(text: string, c: CompiledCustomRule, out: Candidate[]): void {
  const { re } = c;
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) push(out, c, m.index, m.index + m[0].length);
}

/** Longest end of `text` that a keyword could begin with (a whole keyword included), separators
 * between its words skipped as the keyword's RegExp skips them. */
function keywordPrefixAtEnd(text: string, c: CompiledCustomRule): number {
  const caseSensitive = c.rule.case_sensitive === true;
  let best = 0;
  for (const k of c.keywords) {
    const compact = keywordWords(k).join('') || k;
    for (let len = Math.min(compact.length, text.length); len > 0; len--) {
      let i = text.length - 1;
      let j = len - 1;
      while (i >= 0 && j >= 0) {
        const ch = text[i]!;
        if (SEPARATOR.test(ch)) i--;
        else if ((caseSensitive ? ch : ch.toLowerCase()) === compact[j]) {
          i--;
          j--;
        } else break;
      }
      if (j < 0) {
        best = Math.max(best, text.length - 1 - i);
        break;
      }
    }
  }
  return best;
}

function active(config: DetectorConfig): CompiledCustomRule[] {
  return config.customRules.filter((r) => r.action !== 'off').map((r) => compiledRule(r));
}

export const customDetector = defineDetector({
  id: 'custom',
  label: 'Custom rules',
  description: "The organisation's own rules: regular expressions and keyword lists, each with its action.",
  findingKind: 'custom',
  settings: customSettings,
  scan(text, config) {
    const out: Candidate[] = [];
    for (const c of active(config)) {
      if (c.kind === 'keywords') scanKeywords(text, c, out);
      else scanPattern(text, c, out);
    }
    return finish('custom', text, out, config);
  },
  holdback(text, config) {
    let hold = 0;
    for (const c of active(config)) {
      if (c.kind === 'pattern') {
        let line = 0;
        while (line < PATTERN_HOLD && line < text.length && text[text.length - 1 - line] !== '\n') line++;
        hold = Math.max(hold, line);
        continue;
      }
      // A keyword being written, and the character before it: whether it starts a whole word.
      const prefix = keywordPrefixAtEnd(text, c);
      if (prefix > 0) hold = Math.max(hold, Math.min(text.length, prefix + 1));
      else if (text.length > 0 && WORD.test(text[text.length - 1]!)) hold = Math.max(hold, 1);
    }
    // A keyword may run across a line break (its words on two lines): a pattern's hold of its last
    // line must not cut one in two.
    const cut = text.length - hold;
    if (hold > 0 && cut > 0) {
      const from = Math.max(0, cut - KEYWORD_SPAN);
      const tail = text.slice(from);
      for (const c of active(config)) {
        if (c.kind !== 'keywords') continue;
        c.re.lastIndex = 0;
        for (let m = c.re.exec(tail); m !== null; m = c.re.exec(tail)) {
          const start = from + m.index;
          if (start < cut && start + m[0].length > cut) hold = Math.max(hold, text.length - start);
        }
      }
    }
    return hold;
  },
});
