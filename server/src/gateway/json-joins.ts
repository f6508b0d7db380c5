// A secret cut in two: `AKIAQYLP` at the end of one text block and `MN5HFIQR7XQZ` at the start of the
// next, or across two messages. The model reads the parts one after another, so the policy reads the
// joins too: the last JOIN_WINDOW characters of the texts before (which may be several short parts)
// with the first JOIN_WINDOW of the next, keeping only what spans the join. Each join costs a scan of
// at most twice the window, remembered by the scan cache like any short text, never a rescan of the
// texts themselves. A secret longer than the window, or cut into parts with structure between them
// (a role, a type, an id: STRUCTURAL_KEYS), is not put together.
import type { Hit } from '../policy/evaluation.ts';

/** Longer than every token format; a PEM block or a long JWT cut in two is beyond it (a known miss). */
export const JOIN_WINDOW = 128;

/** Fields whose strings are structure, not text the model reads as a continuation. */
export const STRUCTURAL_KEYS: ReadonlySet<string> = new Set([
  'type',
  'role',
  'id',
  'model',
  'name',
  'tool_use_id',
  'tool_call_id',
  'call_id',
  'media_type',
  'mimeType',
  'mime_type',
  'object',
  'signature',
  'stop_reason',
  'finish_reason',
  'finishReason',
  'cache_control',
  'detail',
]);

/** A string of the document that the guard may rewrite. */
export interface TextSlot {
  text: string;
  /** Its own hits that redact, and the parts of joined hits that fall in it. */
  cuts: Array<{ start: number; end: number; label: string }>;
  location(): string;
}

/** A join hit: what was found, its value, and where its parts were. */
export interface JoinHit {
  hit: Hit;
  value: string;
  location: string;
  /** Where its parts are, in the strings they are in. */
  parts: Array<{ slot: TextSlot; start: number; end: number }>;
}

interface Piece {
  slot: TextSlot;
  /** Where in slot.text the piece's part of the window starts. */
  from: number;
}

export function createJoiner(scan: (text: string) => readonly Hit[], found: (j: JoinHit) => void) {
  let pieces: Piece[] = [];
  let tail = '';
  return {
    /** The next text in document order. */
    next(slot: TextSlot): void {
      const text = slot.text;
      if (text.length === 0) return;
      if (tail.length > 0) join(slot);
      if (text.length >= JOIN_WINDOW) {
        pieces = [{ slot, from: text.length - JOIN_WINDOW }];
        tail = text.slice(text.length - JOIN_WINDOW);
        return;
      }
      pieces.push({ slot, from: 0 });
      tail += text;
      while (tail.length > JOIN_WINDOW) {
        const first = pieces[0]!;
        const length = first.slot.text.length - first.from;
        const over = tail.length - JOIN_WINDOW;
        if (over >= length) {
          pieces.shift();
          tail = tail.slice(length);
        } else {
          first.from += over;
          tail = tail.slice(over);
        }
      }
    },
  };

  function join(slot: TextSlot): void {
    const head = slot.text.slice(0, JOIN_WINDOW);
    const joined = tail + head;
    const seam = tail.length;
    for (const hit of scan(joined)) {
      const { start, end } = hit.match;
      if (!(start < seam && end > seam)) continue;
      const parts: Array<{ slot: TextSlot; start: number; end: number }> = [];
      let at = 0;
      for (const p of pieces) {
        const length = p.slot.text.length - p.from;
        const s = Math.max(start, at);
        const e = Math.min(end, at + length);
        if (s < e) parts.push({ slot: p.slot, start: p.from + s - at, end: p.from + e - at });
        at += length;
      }
      parts.push({ slot, start: 0, end: end - seam });
      if (hit.action === 'redact')
        for (const p of parts) p.slot.cuts.push({ start: p.start, end: p.end, label: hit.match.label });
      const location = `${parts[0]!.slot.location()} + ${slot.location()}`.slice(0, 300);
      found({ hit, value: joined.slice(start, end), location, parts });
    }
  }
}
