// What changed between two versions of the policy document, as a list of changes at JSON-pointer paths
// (RFC 6901): for the version history ("who changed what"), the audit event, and the console's review of
// the changes it is about to save (so that it lists them exactly as the history will). It describes, it
// is not a JSON Patch to apply: a list of rules is compared by rule id and a list of allowlist entries by
// value, so that removing the first custom rule reads as one removal, not as every later rule changed.
// Reordering a list is not a change (the detectors do not depend on the order).

export interface PolicyChange {
  op: 'add' | 'remove' | 'replace';
  /** JSON pointer into the document: the earlier version's for a removal, the later one's otherwise. */
  path: string;
  /** The value before (remove, replace). */
  before?: unknown;
  /** The value after (add, replace). */
  after?: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const escape = (key: string | number) => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

/** Documents are built with a fixed key order (policy-validation.ts), so their JSON text compares them. */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** How a list's elements are matched across versions: a rule by its id, anything else by its value. */
function keyOf(v: unknown): string {
  if (isObject(v) && typeof v.id === 'string') return `id:${v.id}`;
  return `value:${JSON.stringify(v)}`;
}

function diffLists(before: unknown[], after: unknown[], path: string, out: PolicyChange[]): void {
  const beforeKeys = before.map(keyOf);
  const afterKeys = after.map(keyOf);
  // Duplicate keys cannot be matched one to one: compare position by position instead.
  if (new Set(beforeKeys).size !== before.length || new Set(afterKeys).size !== after.length) {
    const n = Math.max(before.length, after.length);
    for (let i = 0; i < n; i++) {
      if (i >= after.length) out.push({ op: 'remove', path: `${path}/${i}`, before: before[i] });
      else if (i >= before.length) out.push({ op: 'add', path: `${path}/${i}`, after: after[i] });
      else diffInto(before[i], after[i], `${path}/${i}`, out);
    }
    return;
  }
  const afterIndex = new Map(afterKeys.map((k, i) => [k, i]));
  const beforeIndex = new Map(beforeKeys.map((k, i) => [k, i]));
  beforeKeys.forEach((k, i) => {
    if (!afterIndex.has(k)) out.push({ op: 'remove', path: `${path}/${i}`, before: before[i] });
  });
  afterKeys.forEach((k, j) => {
    const i = beforeIndex.get(k);
    if (i === undefined) out.push({ op: 'add', path: `${path}/${j}`, after: after[j] });
    else diffInto(before[i], after[j], `${path}/${j}`, out);
  });
}

function diffInto(before: unknown, after: unknown, path: string, out: PolicyChange[]): void {
  if (same(before, after)) return;
  if (isObject(before) && isObject(after)) {
    for (const k of Object.keys(before))
      if (!(k in after)) out.push({ op: 'remove', path: `${path}/${escape(k)}`, before: before[k] });
    for (const k of Object.keys(after)) {
      const p = `${path}/${escape(k)}`;
      if (!(k in before)) out.push({ op: 'add', path: p, after: after[k] });
      else diffInto(before[k], after[k], p, out);
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) return diffLists(before, after, path, out);
  out.push({ op: 'replace', path, before, after });
}

/** The changes that turn `before` into `after`; empty when they are the same. */
export function diffPolicy(before: unknown, after: unknown): PolicyChange[] {
  const out: PolicyChange[] = [];
  diffInto(before, after, '', out);
  return out;
}
