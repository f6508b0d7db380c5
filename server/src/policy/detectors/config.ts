// A policy version's detector settings compiled once: the allowlist into a set and RegExps, and the
// custom rules' patterns and keywords into RegExps (kept beside the rules, see compiledRule), with every
// pattern checked first, so that a bad one is refused when the policy is written, not when it runs.
import type { AllowEntry, CustomRule } from '../policy-types.ts';
import type { DetectorConfig } from './detector-types.ts';
import { unsafePatternReason } from './regex-safety.ts';

/** A setting that cannot be compiled; `field` is its path inside the detector settings. */
export class DetectorConfigError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'DetectorConfigError';
  }
}

export interface CompiledCustomRule {
  rule: CustomRule;
  /** Global; for a pattern, run one line (or window) at a time by custom.ts. */
  re: RegExp;
  kind: 'pattern' | 'keywords';
  /** Keywords, lower-cased unless case-sensitive, for the stream holdback. */
  keywords: readonly string[];
  /**
   * A literal every match of the pattern contains (`.corp.acme.internal` in
   * `[a-z0-9-]+\.corp\.acme\.internal`), as a global RegExp: only lines holding it are matched.
   */
  literal: RegExp | null;
}

const KEYWORD_MAX = 200;
const compiled = new WeakMap<CustomRule, CompiledCustomRule>();

/**
 * Why an admin's pattern cannot be used (invalid, matches empty text, or unsafe to run on every
 * request: see regex-safety.ts), or null. The policy's validation calls this to name the field.
 */
export function patternProblem(source: string, caseSensitive: boolean): string | null {
  let re: RegExp;
  try {
    re = new RegExp(source, caseSensitive ? '' : 'i');
  } catch (err) {
    return `it is not a valid regular expression (${(err as Error).message.slice(0, 200)}).`;
  }
  if (re.test(''))
    return 'it matches empty text, so it would match everywhere; make it match at least one character.';
  const unsafe = unsafePatternReason(source);
  return unsafe ? `it ${unsafe}` : null;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const WORD = /[\p{L}\p{N}_]/u;

/**
 * What may stand between a keyword's words: any run of white space (NBSP and the other Unicode spaces
 * included), `-`, `_`, the Unicode dashes, soft hyphens and zero-width characters, or nothing at all.
 * `Project Falcon` is then found written `Project  Falcon`, `project-falcon`, `PROJECT_FALCON`, across
 * a line break, and as `ProjectFalcon`, which is what the invisible separators leave once the policy
 * has dropped them (detectors/normalize.ts).
 */
export const KEYWORD_SEPARATOR = '[\\s\\-_\\u00ad\\u200b-\\u200d\\u2060\\u2010-\\u2015\\u2212\\ufeff]';
const SEPARATORS = new RegExp(`${KEYWORD_SEPARATOR}+`, 'u');

/** A keyword's words, split where KEYWORD_SEPARATOR may stand. */
export const keywordWords = (k: string): string[] => k.split(SEPARATORS).filter((w) => w.length > 0);

/**
 * Keywords as one RegExp: whole words (a boundary only on a side that is a word character), any run
 * of separators between their words. ASCII keywords get ASCII boundaries and no `u` flag, which the
 * regex engine scans several times faster.
 */
function keywordRegExp(keywords: readonly string[], caseSensitive: boolean): RegExp {
  const ascii = keywords.every((k) => /^[\x20-\x7e]+$/.test(k));
  const word = ascii ? '[A-Za-z0-9_]' : '[\\p{L}\\p{N}_]';
  const alternatives = [...keywords]
    .sort((a, b) => b.length - a.length)
    .map((k) => {
      const parts = keywordWords(k);
      const body = parts.length ? parts.map(escape).join(`${KEYWORD_SEPARATOR}*`) : escape(k);
      const first = parts[0] ?? k;
      const last = parts[parts.length - 1] ?? k;
      const before = WORD.test(first[0]!) ? `(?<!${word})` : '';
      const after = WORD.test(last[last.length - 1]!) ? `(?!${word})` : '';
      return `${before}${body}${after}`;
    });
  return new RegExp(alternatives.join('|'), (caseSensitive ? 'g' : 'gi') + (ascii ? '' : 'u'));
}

/**
 * The longest literal (three characters or more) that every match of `source` must contain, or null:
 * read from the pattern's top level, where nothing is optional or alternative. A prefilter, as in
 * RE2 and ripgrep: it never changes what matches, only where the full pattern is tried.
 */
export function requiredLiteral(source: string): string | null {
  let best = '';
  let run = '';
  let depth = 0;
  const end = () => {
    if (run.length > best.length) best = run;
    run = '';
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (depth === 0 && c === '|') return null;
    if (c === '[') {
      end();
      for (i++; i < source.length && source[i] !== ']'; i++) if (source[i] === '\\') i++;
      continue;
    }
    if (c === '(') {
      end();
      depth++;
      continue;
    }
    if (c === ')') {
      depth--;
      continue;
    }
    if (depth > 0) {
      if (c === '\\') i++;
      continue;
    }
    if (c === '{') {
      // A quantifier after a group or a class: `(ab){2,3}`.
      const q = /^\{\d+(?:,\d*)?\}\??/.exec(source.slice(i, i + 24));
      end();
      if (q) i += q[0].length - 1;
      continue;
    }
    const next = source[c === '\\' ? i + 2 : i + 1];
    const optional =
      next === '*' ||
      next === '?' ||
      (next === '{' && /^\{0[,}]/.test(source.slice(c === '\\' ? i + 2 : i + 1)));
    const repeated = next === '+' || next === '{';
    let literal: string | null = null;
    if (c === '\\') {
      const e = source[++i];
      literal = e !== undefined && /[^A-Za-z0-9]/.test(e) ? e : null;
      // The arguments of \xHH, \uHHHH, \u{…}, \p{…}, \k<…>, \cX are not literals either.
      const arg =
        /^(?:x[0-9A-Fa-f]{2}|u\{[0-9A-Fa-f]+\}|u[0-9A-Fa-f]{4}|[pP]\{[^}]*\}|k<[^>]*>|c[A-Za-z])/.exec(
          source.slice(i),
        );
      if (arg) i += arg[0].length - 1;
    } else if (!'.^$*+?{}'.includes(c)) literal = c;
    if (literal === null || optional) {
      end();
      continue;
    }
    run += literal;
    if (repeated) end();
  }
  end();
  return best.length >= 3 ? best : null;
}

/** Compiles one custom rule (throwing a DetectorConfigError naming `field`), or returns it compiled. */
export function compiledRule(rule: CustomRule, field = `custom rule "${rule.id}"`): CompiledCustomRule {
  const known = compiled.get(rule);
  if (known) return known;
  const caseSensitive = rule.case_sensitive === true;
  let result: CompiledCustomRule;
  if (rule.pattern !== undefined && rule.keywords === undefined) {
    const problem = patternProblem(rule.pattern, caseSensitive);
    if (problem)
      throw new DetectorConfigError(
        `${field}.pattern`,
        `custom rule "${rule.id}" has a pattern that cannot be used: ${problem}`,
      );
    const literal = requiredLiteral(rule.pattern);
    result = {
      rule,
      re: new RegExp(rule.pattern, caseSensitive ? 'g' : 'gi'),
      kind: 'pattern',
      keywords: [],
      literal: literal === null ? null : new RegExp(escape(literal), caseSensitive ? 'g' : 'gi'),
    };
  } else if (rule.keywords !== undefined && rule.pattern === undefined) {
    const keywords = rule.keywords.map((k) => k.trim()).filter((k) => k.length > 0);
    if (keywords.length === 0)
      throw new DetectorConfigError(
        `${field}.keywords`,
        `custom rule "${rule.id}": give at least one keyword.`,
      );
    const long = keywords.find((k) => k.length > KEYWORD_MAX);
    if (long !== undefined) {
      throw new DetectorConfigError(
        `${field}.keywords`,
        `custom rule "${rule.id}": a keyword is longer than ${KEYWORD_MAX} characters.`,
      );
    }
    result = {
      rule,
      re: keywordRegExp(keywords, caseSensitive),
      kind: 'keywords',
      keywords: caseSensitive ? keywords : keywords.map((k) => k.toLowerCase()),
      literal: null,
    };
  } else {
    throw new DetectorConfigError(
      field,
      `custom rule "${rule.id}": give either pattern or keywords (exactly one).`,
    );
  }
  compiled.set(rule, result);
  return result;
}

/**
 * The DetectorConfig for one detector: its allowlist (values and patterns; patterns are matched
 * unanchored and case-sensitively, as written) and, for the custom detector, its rules. Throws a
 * DetectorConfigError whose field is `allowlist[i].pattern` or `custom[i].pattern|keywords`.
 */
export function compileDetectorConfig(
  settings: { allowlist: readonly AllowEntry[] },
  customRules: readonly CustomRule[] = [],
): DetectorConfig {
  const allowValues = new Set<string>();
  const allowPatterns: RegExp[] = [];
  settings.allowlist.forEach((entry, i) => {
    if ('value' in entry && typeof entry.value === 'string') {
      allowValues.add(entry.value);
      return;
    }
    const source = (entry as { pattern: string }).pattern;
    const problem = patternProblem(source, true);
    if (problem)
      throw new DetectorConfigError(
        `allowlist[${i}].pattern`,
        `this allowlist pattern cannot be used: ${problem}`,
      );
    allowPatterns.push(new RegExp(source));
  });
  // Frozen copies: the compiled RegExps are kept per rule object, so the object must not change later.
  const rules = customRules.map((rule) => {
    const copy: CustomRule = { ...rule };
    if (rule.keywords) copy.keywords = [...rule.keywords];
    return Object.freeze(copy);
  });
  rules.forEach((rule, i) => compiledRule(rule, `custom[${i}]`));
  return Object.freeze({
    allowValues,
    allowPatterns: Object.freeze(allowPatterns),
    customRules: Object.freeze(rules),
  });
}
