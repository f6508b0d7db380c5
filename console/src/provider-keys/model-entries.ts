// Model names as the admin types them: one per line or comma-separated. The syntax is the server's own
// (shared/model-patterns.ts), so that the form names exactly the entries the API would
// refuse, before anything is sent.
import { MODEL_PATTERN_SYNTAX, isPattern } from '../../../shared/model-patterns.ts';

const VALID = new RegExp(MODEL_PATTERN_SYNTAX);

export interface ParsedModels {
  entries: string[];
  invalid: string[];
}

/** Enabled models of a key: exact names and `*` patterns. With `exactOnly`, patterns are refused. */
export function parseModels(text: string, exactOnly = false): ParsedModels {
  const entries = [...new Set(text.split(/[\s,]+/).filter((e) => e !== ''))];
  const invalid = entries.filter((e) => !VALID.test(e) || (exactOnly && isPattern(e)));
  return { entries, invalid };
}

export function modelsError(list: ParsedModels, exactOnly = false): string | null {
  if (list.invalid.length === 0) return null;
  const named = list.invalid.map((e) => `"${e}"`).join(', ');
  const what = exactOnly ? 'a model name' : 'a model name or pattern';
  return `Not ${what} (letters, digits and . _ - : / @${exactOnly ? '' : ' and *'}): ${named}`;
}

export const modelsText = (models: readonly string[]) => models.join('\n');
