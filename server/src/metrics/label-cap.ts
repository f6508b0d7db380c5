// A label whose values come from outside the code (model names, operations, policy rules) keeps the
// first `limit` distinct values it sees and reports every later one as `other`, so that a caller
// inventing names cannot grow the series a scrape returns without bound.

export const OTHER = 'other';

export class LabelCap {
  private readonly seen = new Set<string>();

  constructor(private readonly limit: number) {}

  value(v: string): string {
    if (this.seen.has(v)) return v;
    if (this.seen.size >= this.limit) return OTHER;
    this.seen.add(v);
    return v;
  }
}

/** 2xx, 4xx, …: the status as a label with five values. */
export function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other';
}
