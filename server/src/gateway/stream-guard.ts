// The policy on a streamed answer (SSE), applied as it arrives. Each event's text is appended to its
// run (a content block, a choice, a tool call's arguments) and the run is scanned across event
// boundaries, so a secret split over two events is found like one sent whole. Events pass on in order
// as soon as their text is known to be clean or redacted; an event whose text could still be the
// start of a match (detectors say how much: Detector.holdback) waits for the next ones, and no longer.
//
// - redact: the matched text is replaced in the events that carried it, before any of them is sent;
// - block: what is held is dropped, and the stream ends with the provider's own error event;
// - alert: recorded, nothing changes.
// It also reads token usage, like the plain tap (response-tap.ts) it replaces when the policy is on.
import { Transform, type TransformCallback } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { CompiledPolicy, Hit } from '../policy/evaluation.ts';
import { blockMessage, placeholder, type Spotted } from './json-guard.ts';
import { noUsage, type Provider, type StreamPiece, type Usage } from './providers/provider-types.ts';
import type { AnswerMeter } from './response-tap.ts';

/** An SSE event longer than this is passed on unread (a hostile or broken upstream). */
const MAX_EVENT = 4 * 1024 * 1024;

/**
 * Text already sent that is scanned again in front of the held text: the cut falls on an event's
 * boundary, which may be inside a word, and a detector judges a match by what precedes it (a word
 * boundary, a `password =` before a value). Matches that start in it were judged before.
 */
const CONTEXT = 256;

export interface GuardEvents {
  spotted(spotted: Spotted[]): void;
  blocked(spotted: Spotted): void;
}

interface Entry {
  raw: string;
  data: unknown;
  /** Pieces of this event still waiting for their run to be judged. */
  waiting: number;
  dirty: boolean;
}

interface Segment {
  entry: Entry;
  piece: StreamPiece;
  /** Offsets in the run's held text. */
  start: number;
  end: number;
}

interface Run {
  /** The end of the text already sent (at most CONTEXT characters). */
  before: string;
  held: string;
  segments: Segment[];
}

export class StreamGuard extends Transform implements AnswerMeter {
  bytes = 0;
  firstByteAt: number | null = null;
  readonly usage: Usage = noUsage();
  private readonly decoder = new StringDecoder('utf8');
  private text = '';
  private readonly queue: Entry[] = [];
  private readonly runs = new Map<string, Run>();
  private stopped = false;

  constructor(
    private readonly provider: Provider,
    private readonly policy: CompiledPolicy,
    private readonly readUsage: boolean,
    private readonly events: GuardEvents,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.stopped) return done();
    this.bytes += chunk.length;
    this.text += this.decoder.write(chunk);
    this.takeEvents();
    if (this.text.length > MAX_EVENT) {
      // Not SSE as we know it: judged as one text, then passed on.
      this.add(this.text, undefined);
      this.text = '';
    }
    this.release();
    done();
  }

  override _flush(done: TransformCallback): void {
    if (!this.stopped) {
      this.text += this.decoder.end();
      this.takeEvents();
      if (this.text) this.add(this.text, undefined);
      this.text = '';
      for (const [channel, run] of this.runs) if (!this.judge(channel, run, true)) break;
      this.release();
    }
    done();
  }

  /** Cuts complete events (ended by a blank line) off the front of the text read so far. */
  private takeEvents() {
    for (;;) {
      const m = /\r?\n\r?\n|\r\r/.exec(this.text);
      if (!m) return;
      const end = m.index + m[0].length;
      const raw = this.text.slice(0, end);
      this.text = this.text.slice(end);
      this.add(raw, dataOf(raw));
      if (this.stopped) return;
    }
  }

  private add(raw: string, dataText: string | undefined) {
    const entry: Entry = { raw, data: undefined, waiting: 0, dirty: false };
    this.queue.push(entry);
    if (dataText === undefined || !dataText.startsWith('{')) return;
    try {
      entry.data = JSON.parse(dataText);
    } catch {
      return;
    }
    if (this.readUsage) this.provider.streamUsage(entry.data, this.usage);
    const texts = this.provider.streamTexts(entry.data);
    if (!texts) return;
    const touched = new Set<string>();
    for (const piece of texts.pieces) {
      let run = this.runs.get(piece.channel);
      if (!run) this.runs.set(piece.channel, (run = { before: '', held: '', segments: [] }));
      run.segments.push({ entry, piece, start: run.held.length, end: run.held.length + piece.text.length });
      run.held += piece.text;
      entry.waiting++;
      touched.add(piece.channel);
    }
    for (const [channel, run] of this.runs) {
      const ended = texts.ends.some((prefix) => channel.startsWith(prefix));
      if ((ended || touched.has(channel)) && !this.judge(channel, run, ended)) return;
      if (ended && run.segments.length === 0) this.runs.delete(channel);
    }
  }

  /**
   * Scans a run's held text and lets go of what can no longer change: the text up to the last piece
   * boundary before the held-back tail (all of it when the run has ended), never cutting a match.
   * Returns false when the policy blocked the stream.
   */
  private judge(channel: string, run: Run, ended: boolean): boolean {
    const { before, held, segments } = run;
    if (segments.length === 0) return true;
    const text = before + held;
    const hits: Hit[] = [];
    for (const h of this.policy.scanOnce(text)) {
      if (h.match.start < before.length && h.match.end > h.match.start) continue;
      const start = Math.max(0, h.match.start - before.length);
      hits.push({ ...h, match: { ...h.match, start, end: Math.max(start, h.match.end - before.length) } });
    }
    const safe = ended ? held.length : held.length - Math.min(held.length, this.policy.holdback(text));
    const boundaryAtOrBefore = (limit: number) => {
      let at = 0;
      for (const s of segments) {
        if (s.end > limit) break;
        at = s.end;
      }
      return at;
    };
    let cut = boundaryAtOrBefore(safe);
    for (let moved = true; moved && cut > 0;) {
      moved = false;
      for (const h of hits) {
        if (h.match.start < cut && h.match.end > cut) {
          cut = boundaryAtOrBefore(h.match.start);
          moved = true;
        }
      }
    }
    if (cut === 0) return true;
    // The cut never falls inside a match: what lies before it is final.
    const final = hits.filter((h) => h.match.end <= cut);
    if (final.length) {
      const spotted = final.map((hit) => ({
        hit,
        value: held.slice(hit.match.start, hit.match.end),
        location: `stream:${channel}`,
      }));
      this.events.spotted(spotted);
      const blocked = spotted.find((s) => s.hit.action === 'block');
      if (blocked) {
        this.stop(blocked);
        return false;
      }
    }
    let done = 0;
    for (const s of segments) {
      if (s.end > cut) break;
      const text = rewrite(held, s.start, s.end, final);
      if (text !== s.piece.text) {
        s.piece.set(text);
        s.entry.dirty = true;
      }
      s.entry.waiting--;
      done++;
    }
    run.segments = segments.slice(done);
    for (const s of run.segments) {
      s.start -= cut;
      s.end -= cut;
    }
    run.before = (before + held.slice(0, cut)).slice(-CONTEXT);
    run.held = held.slice(cut);
    return true;
  }

  /** Sends the events at the front of the queue whose text has been judged. */
  private release() {
    let n = 0;
    let out = '';
    while (n < this.queue.length && this.queue[n]!.waiting === 0) {
      const e = this.queue[n++]!;
      out += e.dirty ? reserialise(e.raw, e.data) : e.raw;
    }
    if (n === 0) return;
    this.queue.splice(0, n);
    this.firstByteAt ??= performance.now();
    this.push(out);
  }

  /** Drops what is held and ends the stream with the provider's error event. */
  private stop(blocked: Spotted) {
    this.stopped = true;
    this.release(); // what was judged clean before the block still goes, in order
    this.queue.length = 0;
    this.runs.clear();
    this.events.blocked(blocked);
    this.push(this.provider.streamError(blockMessage(blocked, 'answer')));
    this.push(null);
  }
}

/** The data of an SSE event: its `data:` lines joined by newlines, or undefined when it has none. */
function dataOf(raw: string): string | undefined {
  let data: string | undefined;
  for (const line of raw.split(/\r\n|\r|\n/)) {
    if (!line.startsWith('data:')) continue;
    const value = line.slice(line.charCodeAt(5) === 32 ? 6 : 5);
    data = data === undefined ? value : `${data}\n${value}`;
  }
  return data;
}

/** The event with its data replaced by `data` serialised again; its other fields as they were. */
function reserialise(raw: string, data: unknown): string {
  const lines = raw.split(/\r\n|\r|\n/).filter((l) => l !== '' && !l.startsWith('data:'));
  return `${lines.map((l) => `${l}\n`).join('')}data: ${JSON.stringify(data)}\n\n`;
}

/** The text of [start, end) of a run with the redacted matches replaced (a match's placeholder goes
 * where the match starts; the rest of a match spread over several pieces disappears). */
function rewrite(held: string, start: number, end: number, hits: readonly Hit[]): string {
  let out = '';
  let at = start;
  for (const { match, action } of hits) {
    if (action !== 'redact' || match.end <= start || match.start >= end) continue;
    if (match.start >= start) out += held.slice(at, match.start) + placeholder(match.label);
    at = Math.min(match.end, end);
  }
  return at === start ? held.slice(start, end) : out + held.slice(at, end);
}
