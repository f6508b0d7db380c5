// Reads a registry's JSON answer piece by piece as it arrives and hands over only the few values asked
// for (by path), never building the whole document. A full npm packument runs to tens of megabytes
// (every version's manifest) and a PyPI project's JSON to several: parsing one whole would block the
// event loop the Gateway streams on and allocate many times its size, for three small values.
//
// What is not asked for is skipped at native speed: strings by a regular expression to their closing
// quote, containers by counting brackets. Skipped regions are checked for structure (brackets, quotes,
// nesting depth) but not for every comma; a value that is picked is parsed by JSON.parse, so what is
// handed over is always valid JSON. The nesting is capped as everywhere else Gatehouse reads untrusted
// JSON (gateway/json-limits.ts), and a picked value past its size cap is dropped, not handed over cut.

import { MAX_JSON_DEPTH } from '../../gateway/json-limits.ts';

/** Keys from the root down; `*` stands for any key of an object or any index of an array. */
export type PickPath = readonly string[];

export class JsonPickError extends Error {
  constructor(readonly reason: 'bad_json' | 'too_deep') {
    super(reason === 'too_deep' ? `nested deeper than ${MAX_JSON_DEPTH} levels` : 'not valid JSON');
  }
}

/** Called once per value found at a path: `rule` is the path's index, `at` the keys that led to it. */
export type OnPick = (rule: number, at: readonly string[], value: unknown) => void;

/** Picked values larger than this (in UTF-16 units) are dropped: every value asked for is small. */
const MAX_VALUE_CHARS = 64 * 1024;
/** Longer keys are never a path's key: they are read no further and match only `*`. */
const MAX_KEY_CHARS = 1024;

const enum Mode {
  Value,
  Key,
  Colon,
  After,
  String,
  Literal,
  Skip,
  Done,
}

interface Frame {
  object: boolean;
  /** The paths (bits) that may still match below this container. */
  alive: number;
  /** The key (objects) or index (arrays) of the child being read. */
  key: string | null;
  index: number;
}

const STRING_STOP = /["\\]/g;
const LITERAL_END = /[,}\]\s]/g;
/** A whole string (quotes included) starting here, escapes and all: one native step per string. */
const WHOLE_STRING = /"[^"\\]*(?:\\[\s\S][^"\\]*)*"/y;
/** In a skipped container: the next whole string or bracket, or a quote whose string this piece cuts. */
const SKIP_TOKEN = /"[^"\\]*(?:\\[\s\S][^"\\]*)*"|["{}[\]]/g;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

export class JsonPicker {
  private readonly paths: PickPath[];
  private readonly onPick: OnPick;
  private readonly stack: Frame[] = [];
  private mode = Mode.Value;
  // The value about to start: which paths reach below it, and which (if any) ends at it.
  private nextAlive: number;
  private nextCapture = -1;
  // Strings: whether the one being read is a key, and an escape cut off at the end of a piece.
  private stringIsKey = false;
  private escapePending = false;
  private keyParts: string[] = [];
  private keyChars = 0;
  private keyEscaped = false;
  // A container skipped whole (or captured): its depth so far and whether the scan is in a string.
  private skipDepth = 0;
  private skipInString = false;
  // The value being captured.
  private captureRule = -1;
  private captureAt: string[] = [];
  private captureParts: string[] = [];
  private captureChars = 0;

  constructor(paths: PickPath[], onPick: OnPick) {
    if (paths.length > 30 || paths.some((p) => p.length === 0)) throw new Error('1 to 30 non-empty paths');
    this.paths = paths;
    this.onPick = onPick;
    this.nextAlive = (1 << paths.length) - 1;
  }

  /** Reads the next piece of the document; throws JsonPickError when it cannot be JSON. */
  write(text: string): void {
    let i = 0;
    const n = text.length;
    while (i < n) {
      switch (this.mode) {
        case Mode.Value:
          i = this.skipSpace(text, i);
          if (i < n) i = this.beginValue(text, i);
          break;
        case Mode.Key: {
          i = this.skipSpace(text, i);
          if (i >= n) break;
          const c = text.charCodeAt(i);
          if (c === 0x22 /* " */) {
            WHOLE_STRING.lastIndex = i;
            if (WHOLE_STRING.test(text)) {
              const end = WHOLE_STRING.lastIndex;
              const raw = text.slice(i + 1, end - 1);
              this.keyParts = [raw];
              this.keyChars = raw.length;
              this.keyEscaped = raw.includes('\\');
              this.endKey();
              i = end;
              break;
            }
            this.stringIsKey = true;
            this.keyParts = [];
            this.keyChars = 0;
            this.keyEscaped = false;
            this.mode = Mode.String;
            i++;
          } else if (c === 0x7d /* } */) {
            i = this.close(i, true);
          } else throw new JsonPickError('bad_json');
          break;
        }
        case Mode.Colon:
          i = this.skipSpace(text, i);
          if (i >= n) break;
          if (text.charCodeAt(i) !== 0x3a /* : */) throw new JsonPickError('bad_json');
          this.mode = Mode.Value;
          i++;
          break;
        case Mode.After: {
          i = this.skipSpace(text, i);
          if (i >= n) break;
          const c = text.charCodeAt(i);
          const top = this.stack[this.stack.length - 1]!;
          if (c === 0x2c /* , */) {
            i++;
            if (top.object) this.mode = Mode.Key;
            else {
              top.index++;
              this.prepareChild(top, String(top.index));
              this.mode = Mode.Value;
            }
          } else if ((c === 0x7d && top.object) || (c === 0x5d /* ] */ && !top.object)) {
            i = this.close(i, top.object);
          } else throw new JsonPickError('bad_json');
          break;
        }
        case Mode.String:
          i = this.readString(text, i);
          break;
        case Mode.Literal:
          i = this.readLiteral(text, i);
          break;
        case Mode.Skip:
          i = this.readSkipped(text, i);
          break;
        case Mode.Done:
          i = this.skipSpace(text, i);
          if (i < n) throw new JsonPickError('bad_json');
          break;
      }
    }
  }

  /** The document has ended: throws JsonPickError unless it was one whole JSON value. */
  end(): void {
    if (this.mode === Mode.Literal) this.endValue();
    if (this.mode !== Mode.Done) throw new JsonPickError('bad_json');
  }

  private skipSpace(text: string, i: number): number {
    while (i < text.length && isSpace(text.charCodeAt(i))) i++;
    return i;
  }

  /** Which paths go on below the child `key` of `frame`, and which one ends at it. */
  private prepareChild(frame: Frame, key: string | null): void {
    const at = this.stack.length - 1;
    let alive = 0;
    let capture = -1;
    for (let r = 0; r < this.paths.length; r++) {
      if (!(frame.alive & (1 << r))) continue;
      const step = this.paths[r]![at];
      if (step !== '*' && step !== key) continue;
      if (this.paths[r]!.length === at + 1) {
        if (capture === -1) capture = r;
      } else alive |= 1 << r;
    }
    frame.key = key;
    this.nextAlive = alive;
    this.nextCapture = capture;
  }

  private beginValue(text: string, i: number): number {
    const c = text.charCodeAt(i);
    const top = this.stack[this.stack.length - 1];
    // An empty array closes where its first value would start.
    if (c === 0x5d && top && !top.object && top.index === 0) return this.close(i, false);
    if (this.nextCapture !== -1) {
      this.captureRule = this.nextCapture;
      this.captureAt = this.stack.map((f) => (f.object ? (f.key ?? '') : String(f.index)));
      this.captureParts = [];
      this.captureChars = 0;
    }
    if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (this.captureRule === -1 && this.nextAlive !== 0) {
        if (this.stack.length >= MAX_JSON_DEPTH) throw new JsonPickError('too_deep');
        const frame: Frame = { object: c === 0x7b, alive: this.nextAlive, key: null, index: 0 };
        this.stack.push(frame);
        if (frame.object) this.mode = Mode.Key;
        else {
          this.prepareChild(frame, '0');
          this.mode = Mode.Value;
        }
        return i + 1;
      }
      this.skipDepth = 0;
      this.skipInString = false;
      this.mode = Mode.Skip;
      return this.readSkipped(text, i);
    }
    if (c === 0x22) {
      WHOLE_STRING.lastIndex = i;
      if (WHOLE_STRING.test(text)) {
        const end = WHOLE_STRING.lastIndex;
        this.record(text, i, end);
        this.endValue();
        return end;
      }
      this.stringIsKey = false;
      this.record(text, i, i + 1);
      this.mode = Mode.String;
      return i + 1;
    }
    this.mode = Mode.Literal;
    return this.readLiteral(text, i);
  }

  /** A string's text up to its closing quote (a key's is kept; a value's is recorded when captured). */
  private readString(text: string, i: number): number {
    const n = text.length;
    let from = i;
    if (this.escapePending) {
      this.escapePending = false;
      from = i + 1;
    }
    STRING_STOP.lastIndex = from;
    for (;;) {
      const m = STRING_STOP.exec(text);
      if (m === null) {
        this.keep(text, i, n);
        return n;
      }
      const j = m.index;
      if (text.charCodeAt(j) === 0x5c /* \ */) {
        if (this.stringIsKey) this.keyEscaped = true;
        if (j + 1 >= n) {
          this.escapePending = true;
          this.keep(text, i, n);
          return n;
        }
        STRING_STOP.lastIndex = j + 2;
        continue;
      }
      // The closing quote.
      if (this.stringIsKey) {
        this.keep(text, i, j);
        this.endKey();
      } else {
        this.record(text, i, j + 1);
        this.endValue();
      }
      return j + 1;
    }
  }

  /** Keeps a piece of the string being read: a key's text, or a captured value's. */
  private keep(text: string, from: number, to: number): void {
    if (!this.stringIsKey) {
      this.record(text, from, to);
      return;
    }
    if (this.keyChars > MAX_KEY_CHARS) return;
    this.keyParts.push(text.slice(from, to));
    this.keyChars += to - from;
  }

  private endKey(): void {
    let key: string | null = null;
    if (this.keyChars <= MAX_KEY_CHARS) {
      const raw = this.keyParts.join('');
      if (!this.keyEscaped) key = raw;
      else {
        try {
          key = JSON.parse(`"${raw}"`) as string;
        } catch {
          throw new JsonPickError('bad_json');
        }
      }
    }
    this.keyParts = [];
    this.prepareChild(this.stack[this.stack.length - 1]!, key);
    this.mode = Mode.Colon;
  }

  private readLiteral(text: string, i: number): number {
    LITERAL_END.lastIndex = i;
    const m = LITERAL_END.exec(text);
    const j = m === null ? text.length : m.index;
    this.record(text, i, j);
    if (m !== null) this.endValue();
    return j;
  }

  /** A container no path reaches into (or one captured whole): brackets counted, strings jumped. */
  private readSkipped(text: string, i: number): number {
    const n = text.length;
    let j = i;
    while (j < n) {
      if (this.skipInString) {
        let from = j;
        if (this.escapePending) {
          this.escapePending = false;
          from = j + 1;
        }
        STRING_STOP.lastIndex = from;
        let closed = -1;
        for (;;) {
          const m = STRING_STOP.exec(text);
          if (m === null) break;
          if (text.charCodeAt(m.index) === 0x5c) {
            if (m.index + 1 >= n) {
              this.escapePending = true;
              break;
            }
            STRING_STOP.lastIndex = m.index + 2;
            continue;
          }
          closed = m.index;
          break;
        }
        if (closed === -1) {
          this.record(text, i, n);
          return n;
        }
        this.skipInString = false;
        j = closed + 1;
        continue;
      }
      SKIP_TOKEN.lastIndex = j;
      const m = SKIP_TOKEN.exec(text);
      if (m === null) {
        this.record(text, i, n);
        return n;
      }
      const c = text.charCodeAt(m.index);
      j = m.index + m[0].length;
      if (c === 0x22) {
        // A quote alone: its string goes on in the next piece.
        if (m[0].length === 1) this.skipInString = true;
      } else if (c === 0x7b || c === 0x5b) {
        if (++this.skipDepth + this.stack.length > MAX_JSON_DEPTH) throw new JsonPickError('too_deep');
      } else if (--this.skipDepth === 0) {
        this.record(text, i, j);
        this.endValue();
        return j;
      } else if (this.skipDepth < 0) throw new JsonPickError('bad_json');
    }
    this.record(text, i, n);
    return n;
  }

  /** Adds text to the value being captured, up to its cap (past it the value will be dropped). */
  private record(text: string, from: number, to: number): void {
    if (this.captureRule === -1 || this.captureChars > MAX_VALUE_CHARS) return;
    this.captureChars += to - from;
    if (this.captureChars <= MAX_VALUE_CHARS) this.captureParts.push(text.slice(from, to));
  }

  private close(i: number, object: boolean): number {
    const top = this.stack.pop();
    if (!top || top.object !== object) throw new JsonPickError('bad_json');
    this.endValue();
    return i + 1;
  }

  /** A value has ended: hand it over if it was captured, then go on after it. */
  private endValue(): void {
    if (this.captureRule !== -1) {
      const rule = this.captureRule;
      this.captureRule = -1;
      if (this.captureChars <= MAX_VALUE_CHARS) {
        let value: unknown;
        try {
          value = JSON.parse(this.captureParts.join(''));
        } catch {
          throw new JsonPickError('bad_json');
        }
        this.onPick(rule, this.captureAt, value);
      }
      this.captureParts = [];
    }
    this.mode = this.stack.length === 0 ? Mode.Done : Mode.After;
  }
}
