// A tool's two definitions made readable side by side: each pretty-printed as canonical JSON (keys sorted
// at every level, as the pin hashes them), then compared line by line so that the review can mark what
// changed. The definitions come from an MCP server (through the API, bounded there to 256 KiB), so the
// comparison is bounded too: past LCS_CELLS the middle that differs is marked whole, rather than letting a
// huge definition stall the page.
export type Mark = 'same' | 'removed' | 'added' | 'filler';

export interface DiffLine {
  text: string;
  mark: Mark;
}

export interface SideBySide {
  left: DiffLine[];
  right: DiffLine[];
  /** How many lines differ on each side. */
  removed: number;
  added: number;
}

const LCS_CELLS = 2_000_000;

/** Keys sorted at every level (a replacer: JSON.stringify walks the value, the depth the API bounded). */
function sorted(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const obj = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(obj).sort()) out[k] = obj[k];
  return out;
}

export function prettyCanonical(definition: unknown): string {
  return JSON.stringify(definition, sorted, 2) ?? 'null';
}

type Op = 'same' | 'del' | 'ins';

/** The edit script from a to b: a longest common subsequence of lines, past the common ends. */
function editScript(a: string[], b: string[]): Op[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const n = endA - start;
  const m = endB - start;
  const middle: Op[] = [];
  if ((n + 1) * (m + 1) > LCS_CELLS) {
    for (let i = 0; i < n; i++) middle.push('del');
    for (let j = 0; j < m; j++) middle.push('ins');
  } else {
    // lcs[i][j]: the LCS length of a[start+i..endA) and b[start+j..endB), filled from the end.
    const w = m + 1;
    const lcs = new Uint32Array((n + 1) * w);
    for (let i = n - 1; i >= 0; i--)
      for (let j = m - 1; j >= 0; j--)
        lcs[i * w + j] =
          a[start + i] === b[start + j]
            ? lcs[(i + 1) * w + j + 1]! + 1
            : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && a[start + i] === b[start + j]) {
        middle.push('same');
        i++;
        j++;
      } else if (j < m && (i === n || lcs[i * w + j + 1]! >= lcs[(i + 1) * w + j]!)) {
        middle.push('ins');
        j++;
      } else {
        middle.push('del');
        i++;
      }
    }
  }
  return [...Array<Op>(start).fill('same'), ...middle, ...Array<Op>(a.length - endA).fill('same')];
}

/**
 * The two texts as aligned columns: equal lines side by side, a run of removed lines beside the run of
 * added lines that replaced it, and blank filler where one side has fewer.
 */
export function sideBySide(before: string, after: string): SideBySide {
  const a = before.split('\n');
  const b = after.split('\n');
  const ops = editScript(a, b);
  const left: DiffLine[] = [];
  const right: DiffLine[] = [];
  let i = 0;
  let j = 0;
  let removed = 0;
  let added = 0;
  for (let k = 0; k < ops.length;) {
    if (ops[k] === 'same') {
      left.push({ text: a[i++]!, mark: 'same' });
      right.push({ text: b[j++]!, mark: 'same' });
      k++;
      continue;
    }
    const dels: DiffLine[] = [];
    const ins: DiffLine[] = [];
    for (; k < ops.length && ops[k] !== 'same'; k++)
      if (ops[k] === 'del') dels.push({ text: a[i++]!, mark: 'removed' });
      else ins.push({ text: b[j++]!, mark: 'added' });
    removed += dels.length;
    added += ins.length;
    const rows = Math.max(dels.length, ins.length);
    for (let r = 0; r < rows; r++) {
      left.push(dels[r] ?? { text: '', mark: 'filler' });
      right.push(ins[r] ?? { text: '', mark: 'filler' });
    }
  }
  return { left, right, removed, added };
}
