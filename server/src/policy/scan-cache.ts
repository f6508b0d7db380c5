// Texts already scanned under one policy version, with what was found in them. Coding agents resend
// the whole conversation on every turn, so nearly every message of a request was in the previous one:
// recognising them makes a turn cost in proportion to what is new, not to the conversation's length.
//
// Keyed by the text itself, not by a digest of it. A lookup then costs V8's string hash and, on a hit,
// one comparison of the two strings (both about as fast as memcmp), where a digest would cost a
// cryptographic hash of every text on every turn; and it is exact: no collision, crafted or not, can
// make a new text pass for one already scanned. The price is memory, bounded here by total length.
/** Texts shorter than this are scanned again rather than remembered: scanning them costs less. */
export const MIN_CACHED_LENGTH = 256;

/** What was found in a text (the policy's hits): kept as given, returned as kept. */
export interface ScanCache<T> {
  get(text: string): T | undefined;
  set(text: string, found: T): void;
  readonly size: number;
  readonly chars: number;
}

/** `maxChars`: the most text (in UTF-16 units) held at once; the least recently used goes first. */
export function createScanCache<T>(maxChars: number): ScanCache<T> {
  const entries = new Map<string, T>();
  let chars = 0;
  return {
    get(text) {
      const found = entries.get(text);
      if (found !== undefined) {
        // Most recently used last: Map iteration order is insertion order.
        entries.delete(text);
        entries.set(text, found);
      }
      return found;
    },
    set(text, found) {
      if (text.length > maxChars || entries.has(text)) return;
      entries.set(text, found);
      chars += text.length;
      for (const oldest of entries.keys()) {
        if (chars <= maxChars) break;
        chars -= oldest.length;
        entries.delete(oldest);
      }
    },
    get size() {
      return entries.size;
    },
    get chars() {
      return chars;
    },
  };
}
