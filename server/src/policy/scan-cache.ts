// Texts already scanned under one policy version, with what was found in them. Coding agents resend
// the whole conversation on every turn, so nearly every string of a request was in the previous one:
// recognising them makes a turn cost in proportion to what is new, not to the conversation's length.
//
// Keyed by the text itself, not by a digest of it. A lookup then costs V8's string hash and, on a hit,
// one comparison of the two strings (both about as fast as memcmp), where a digest would cost a
// cryptographic hash of every text on every turn; and it is exact: no collision, crafted or not, can
// make a new text pass for one already scanned. The price is memory, bounded here by total length.
//
// Short texts are remembered too, in a small cache of their own (evaluation.ts): a conversation holds
// hundreds of them (roles, types, tool names, ids, file paths), and a lookup costs a tenth of a scan.
//
// Two generations, not a strict LRU: a hit in the young one changes nothing, so the usual turn costs
// one lookup per text and keeps nothing of the request alive. Keeping nothing matters as much as the
// lookup: a cache that stored each turn's copy of a text (as re-inserting for LRU order does) would keep
// a megabyte per request alive into the old heap, and the garbage collector would charge for it.

/** What one entry costs beyond its text, in characters: about its bytes in V8 (a Map slot, the entry
 * object, the string's header), so that a flood of tiny texts is bounded by memory, not by count. */
const ENTRY_COST = 64;

/** What was found in a text (the policy's hits): kept as given, returned as kept. */
export interface ScanCache<T> {
  get(text: string): T | undefined;
  set(text: string, found: T): void;
  readonly size: number;
  /** Characters held, entry costs included. */
  readonly chars: number;
}

interface Entry<T> {
  /** The text as first stored: the key it is put back under when it moves to the young generation. */
  text: string;
  found: T;
}

/**
 * `maxChars`: the most held at once (in UTF-16 units). New and recently used texts go in the young
 * generation; when it holds half of that it becomes the old one, and the old one is dropped. A text
 * found in the old generation moves back to the young.
 */
export function createScanCache<T>(maxChars: number): ScanCache<T> {
  const half = maxChars / 2;
  let young = new Map<string, Entry<T>>();
  let old = new Map<string, Entry<T>>();
  let youngChars = 0;
  let oldChars = 0;
  const cost = (text: string) => text.length + ENTRY_COST;

  function keep(entry: Entry<T>) {
    const c = cost(entry.text);
    if (youngChars + c > half) {
      old = young;
      oldChars = youngChars;
      young = new Map();
      youngChars = 0;
    }
    young.set(entry.text, entry);
    youngChars += c;
  }

  return {
    get(text) {
      const y = young.get(text);
      if (y !== undefined) return y.found;
      const o = old.get(text);
      if (o === undefined) return undefined;
      old.delete(o.text);
      oldChars -= cost(o.text);
      keep(o);
      return o.found;
    },
    set(text, found) {
      if (cost(text) > half || young.has(text) || old.has(text)) return;
      keep({ text, found });
    },
    get size() {
      return young.size + old.size;
    },
    get chars() {
      return youngChars + oldChars;
    },
  };
}
