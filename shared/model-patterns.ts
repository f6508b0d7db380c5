// A provider key's enabled models: exact names, and patterns where `*` stands for any run of
// characters (`claude-*`, `gpt-4o*`, `*`). Compiled once per key, so routing a request is a Set lookup
// and a few anchored regular expressions.

/** Model names and patterns: letters, digits and . _ - : / @ and the wildcard. */
export const MODEL_PATTERN_SYNTAX = '^[A-Za-z0-9._:/@*-]{1,200}$';

export function isPattern(entry: string): boolean {
  return entry.includes('*');
}

export function compileModelPatterns(entries: readonly string[]): (model: string) => boolean {
  const exact = new Set(entries.filter((e) => !isPattern(e)));
  const patterns = entries
    .filter(isPattern)
    .map((e) => new RegExp(`^${e.split('*').map(escape).join('.*')}$`));
  return (model) => exact.has(model) || patterns.some((p) => p.test(model));
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
