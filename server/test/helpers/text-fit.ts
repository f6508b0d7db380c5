// Whether the console's texts fit their boxes, measured in the page (issue 19): no badge, table cell or
// ellipsis hides part of its text, and no name (a model, a URL, a key's name, an id) is broken across
// two lines where its table could have kept it whole.
//
// The rules, as `textFitProblems` applies them to everything visible in the page (dialogs included):
// - Clipped: a Mantine Badge (its root and its label), a `td`, a `th`, or any element with
//   `text-overflow: ellipsis` whose scrollWidth exceeds its clientWidth by more than 1 px. An ellipsis is
//   allowed only where the full text is in a `title` on the element or an ancestor (a column that must
//   stay narrow, with the whole name a hover away).
// - Broken: a text node inside a `td` or `th` that is a single token (no white space, two characters or
//   more) and whose rendered lines (a Range's client rects, grouped by their top) are more than one —
//   whatever allowed the break (`overflow-wrap`, `word-break`, or a hyphen, which Chromium breaks after
//   too: "claude-sonnet-" / "4-5" is a model name broken as surely as "claude-so" / "nnet").
//   Exempt: a token wider on one line than half of the box its table is shown in (the table's scroll
//   container's viewport, else the dialog or the main area) — a column can never be given that much, so such a
//   token (a long hash, a long free-text value) may wrap.
// - Out of reach: a button in a table row (Edit, Delete, Test…) that lies, even in part, past the visible
//   edge of its table's scroll container: a row's actions must not need a sideways scroll to be seen.
import type { Page } from 'playwright-core';

/** What one measurement found wrong, in words that name the element and its text. */
export type FitProblem = string;

interface Rect {
  top: number;
  width: number;
}
interface DomNode {
  nodeType: number;
  data?: string;
  parentElement: El | null;
}
interface El extends DomNode {
  tagName: string;
  cellIndex?: number;
  className: string | { baseVal: string };
  textContent: string | null;
  scrollWidth: number;
  clientWidth: number;
  getAttribute(name: string): string | null;
  closest(selector: string): El | null;
  getClientRects(): ArrayLike<Rect>;
  getBoundingClientRect(): { left: number; right: number };
  querySelectorAll(selector: string): ArrayLike<El>;
}
interface Globals {
  document: {
    body: El;
    createRange(): { selectNodeContents(n: DomNode): void; getClientRects(): ArrayLike<Rect> };
    createTreeWalker(root: El, what: number): { nextNode(): DomNode | null };
  };
  getComputedStyle(el: El): { textOverflow: string; visibility: string };
}

/**
 * Every problem inside `within` (a selector: the page's body, or an open dialog) as it is now, each
 * once with how many times it was seen; an empty list when everything fits.
 */
export async function textFitProblems(page: Page, within = 'body'): Promise<FitProblem[]> {
  const found = await page.locator(within).first().evaluate(measureIn);
  const counts = new Map<string, number>();
  for (const p of found) counts.set(p, (counts.get(p) ?? 0) + 1);
  return [...counts].map(([p, n]) => (n > 1 ? `${p} (${n} times)` : p));
}

function measureIn(root: unknown): string[] {
  // No named functions inside: tsx compiles them with a __name helper that the page does not have.
  const { document, getComputedStyle } = globalThis as unknown as Globals;
  const body = root as El;
  const problems: string[] = [];

  // Clipped text.
  for (const el of Array.from(body.querySelectorAll('*'))) {
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (text === '' || el.scrollWidth <= el.clientWidth + 1) continue;
    if (el.getClientRects().length === 0 || getComputedStyle(el).visibility === 'hidden') continue;
    const cls = typeof el.className === 'string' ? el.className : el.className.baseVal;
    const badge = /\bmantine-Badge-(root|label)\b/.test(cls);
    const ellipsis = getComputedStyle(el).textOverflow === 'ellipsis';
    if (!badge && !ellipsis && el.tagName !== 'TD' && el.tagName !== 'TH') continue;
    // A truncation that keeps the whole text in a title is a narrow column's choice.
    if (!badge && ellipsis && (el.closest('[title]')?.getAttribute('title') ?? '').includes(text)) continue;
    const name = cls.split(/\s+/).find((c) => /^mantine-[A-Z]/.test(c)) ?? el.tagName.toLowerCase();
    const cell = el.closest('td, th');
    const head = cell?.closest('table')?.querySelectorAll('thead th')[cell.cellIndex ?? -1];
    const column = head ? ` in column "${(head.textContent ?? '').trim()}"` : '';
    problems.push(
      `clipped ${name}${column} "${text.slice(0, 80)}" (${el.scrollWidth} px in ${el.clientWidth} px)`,
    );
  }

  // Single tokens broken across lines.
  const tokens = new Set<DomNode>();
  for (const cell of Array.from(body.querySelectorAll('td, th'))) {
    if (cell.getClientRects().length === 0) continue;
    const walker = document.createTreeWalker(cell, 4 /* NodeFilter.SHOW_TEXT */);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) tokens.add(n);
  }
  for (const node of tokens) {
    const token = (node.data ?? '').trim();
    if (token.length < 2 || /\s/.test(token)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
    const tops: number[] = [];
    for (const r of rects) if (!tops.some((t) => Math.abs(t - r.top) < 3)) tops.push(r.top);
    if (tops.length < 2) continue;
    const natural = rects.reduce((sum, r) => sum + r.width, 0);
    const holder = node.parentElement?.closest(
      '.mantine-ScrollArea-viewport, .mantine-TableScrollContainer-scrollContainer, [role="dialog"], main',
    );
    const room = holder ? holder.clientWidth : 0;
    if (natural > room / 2) continue;
    const parent = node.parentElement;
    const cls = parent && typeof parent.className === 'string' ? parent.className : '';
    const name = cls.split(/\s+/).find((c) => /^mantine-[A-Z]/.test(c)) ?? parent?.tagName.toLowerCase();
    const cell = parent?.closest('td, th');
    const head = cell?.closest('table')?.querySelectorAll('thead th')[cell.cellIndex ?? -1];
    const column = head ? ` in column "${(head.textContent ?? '').trim()}"` : '';
    problems.push(
      `broken over ${tops.length} lines: ${name}${column} "${token.slice(0, 80)}" ` +
        `(${Math.round(natural)} px wide, ${room} px of room)`,
    );
  }

  // Row actions out of reach.
  for (const button of Array.from(body.querySelectorAll('td button'))) {
    const box = button.closest('.mantine-ScrollArea-viewport, .mantine-TableScrollContainer-scrollContainer');
    if (!box || button.getClientRects().length === 0) continue;
    const b = button.getBoundingClientRect();
    const c = box.getBoundingClientRect();
    const past = Math.round(Math.max(b.right - c.right, c.left - b.left));
    if (past <= 1) continue;
    const cell = button.closest('td');
    const head = cell?.closest('table')?.querySelectorAll('thead th')[cell.cellIndex ?? -1];
    const column = head ? ` in column "${(head.textContent ?? '').trim()}"` : '';
    const label = button.getAttribute('aria-label') ?? (button.textContent ?? '').trim();
    problems.push(
      `out of reach: button "${label.slice(0, 80)}"${column}, ${past} px past the table's visible edge`,
    );
  }
  return problems;
}
