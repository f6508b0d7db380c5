// The lines of a text with where each starts: how every line-based reader here walks its text.

export interface Line {
  text: string;
  start: number;
}

/** The lines of `text` (without their `\n`), the last one included even when empty. */
export function lines(text: string): Line[] {
  const out: Line[] = [];
  for (let p = 0; p <= text.length;) {
    const nl = text.indexOf('\n', p);
    const end = nl < 0 ? text.length : nl;
    out.push({ text: text.slice(p, end), start: p });
    if (nl < 0) break;
    p = nl + 1;
  }
  return out;
}
