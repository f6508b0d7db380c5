// Number and table formatting shared by the report's sections.

export const int = (n: number) => Math.round(n).toLocaleString('en-US');

/** Microseconds as milliseconds: three decimals below 10 ms (µs resolution), fewer above. */
export function ms(us: number): string {
  const v = us / 1000;
  if (Math.abs(v) < 10) return v.toFixed(3);
  if (Math.abs(v) < 1000) return v.toFixed(1);
  return int(v);
}

/** A difference in microseconds as signed milliseconds: `+0.441` or `-0.530`. */
export const plusMs = (us: number) => `${us >= 0 ? '+' : ''}${ms(us)}`;

export const cores = (n: number | null | undefined) => (n === null || n === undefined ? 'n/a' : n.toFixed(2));

export const mark = (met: boolean | null) => (met === null ? '–' : met ? '✅ met' : '❌ missed');

export function table(head: string[], rows: string[][]): string[] {
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ];
}
