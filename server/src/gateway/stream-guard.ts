// The policy on a streamed answer (SSE), applied as it arrives. Each event's text is appended to its
// run (a content block, a choice, a tool call's arguments) and the run is scanned across event
// boundaries, so a secret split over two events is found like one sent whole. Events pass on in order
// as soon as their text is known to be clean or redacted; an event whose text could still be the
// start of a match (detectors say how much: Detector.holdback) waits for the next ones, and no longer.
//
// - redact: the matched text is replaced in the events that carried it, before any of them is sent;
// - block: what is held is dropped, and the stream ends with the provider's own error event;
// - alert: recorded, nothing changes, nothing is held back for it: events wait only for detectors that
//   block or redact (none under monitor), and the text is still read across boundaries.
// It also reads token usage, like the plain tap (response-tap.ts) it replaces when the policy is on.
//
// With the slopsquat detector on, each event also goes to its reader (slopsquat/detection/
// stream-packages.ts): prose is never held for it, but the event that completes a tool call waits
// (with everything after it) while that call's package names are checked, at most the lookups'
// deadline; a blocking verdict under `block` ends the stream with the provider's error event instead.
//
// What it cannot read it does not pass on (fail closed): an event larger than MAX_EVENT, an event
// nested deeper than MAX_JSON_DEPTH, or any failure of its own; each ends this stream with the
// provider's error event, and never the process (a throw out of a Transform would be uncaught).
import { Transform, type TransformCallback } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { CompiledPolicy, Hit } from '../policy/evaluation.ts';
import type { GatewayErrorCode } from './gateway-errors.ts';
import { blockMessage, placeholder, type Spotted } from './json-guard.ts';
import { ANSWER_TOO_DEEP, jsonShape } from './json-limits.ts';
import {
  noUsage,
  sseEvent,
  type Provider,
  type StreamPiece,
  type Usage,
} from './providers/provider-types.ts';
import type { AnswerMeter } from './response-tap.ts';
import { dataOf, EVENT_END, reserialise } from './sse-framing.ts';
import type { CallVerdicts } from '../slopsquat/detection/package-watch.ts';
import { blockedInstallMessage } from '../slopsquat/detection/slopsquat-report.ts';
import type { StreamPackages } from '../slopsquat/detection/stream-packages.ts';

/**
 * The longest SSE event the policy reads (in characters, so at least as many bytes). A longer one
 * cannot be judged piece by piece (its data is one JSON value), so the stream is stopped there, as a
 * JSON answer past 32 MB is (relay.ts). Providers' events are a few kilobytes; a tool call's
 * arguments given whole may reach some hundreds.
 */
export const MAX_EVENT = 4 * 1024 * 1024;

const EVENT_TOO_LARGE = `Gatehouse policy stopped the provider's answer: one of its streamed events is larger than Gatehouse checks (${MAX_EVENT / 1024 / 1024} MB). Ask for a shorter answer.`;
const GUARD_FAILED =
  "Gatehouse could not check the provider's answer, so its policy stopped it. Retry the request; the failure has been logged.";

/** Why the guard ended a stream by itself (not a block by a detector): the activity's error code. */
export type GuardFailure = Extract<GatewayErrorCode, 'json_too_deep' | 'event_too_large' | 'internal'>;

/**
 * Text already judged that is scanned again in front of the rest: the cut may fall inside a word, and
 * a detector judges a match by what precedes it (a word boundary, a `password =` before a value).
 * Matches that start in it were judged before.
 */
const CONTEXT = 256;

export interface GuardEvents {
  spotted(spotted: Spotted[]): void;
  blocked(spotted: Spotted): void;
  /** The guard stopped the stream because it could not read it; `err` when it failed itself. */
  failed(code: GuardFailure, err?: unknown): void;
  /** A tool call would have installed packages the slopsquat detector blocks: the stream was ended. */
  installBlocked?(verdicts: CallVerdicts): void;
}

interface Entry {
  raw: string;
  data: unknown;
  /** Pieces of this event still waiting to be let go. */
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
  /** The end of the text already judged (at most CONTEXT characters). */
  before: string;
  /** The text not yet judged by every detector; its head may have been sent already. */
  held: string;
  /** The pieces not yet sent, in order: the tail of `held`. */
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
  /** Where in `text` the search for the end of an event goes on from. */
  private searched = 0;
  /** Tool calls whose package names are being checked (their events held). */
  private holds = 0;
  /** The end of the stream, once it has come while a check was running. */
  private flushed: TransformCallback | null = null;

  constructor(
    private readonly provider: Provider,
    private readonly policy: CompiledPolicy,
    private readonly readUsage: boolean,
    private readonly events: GuardEvents,
    /** The slopsquat detector's reader, when it is on and the provider's answers have content to read. */
    private readonly packages: StreamPackages | null = null,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.stopped) return done();
    this.bytes += chunk.length;
    try {
      this.text += this.decoder.write(chunk);
      this.takeEvents();
      if (!this.stopped && this.text.length > MAX_EVENT) this.fail('event_too_large', EVENT_TOO_LARGE);
      if (!this.stopped) this.release();
    } catch (err) {
      this.fail('internal', GUARD_FAILED, err);
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    if (this.stopped) return done();
    try {
      this.text += this.decoder.end();
      this.takeEvents();
      // An event the stream ended without its blank line: a client may still read it, so it is read too.
      if (!this.stopped && this.text) this.add(this.text, dataOf(this.text));
      this.text = '';
      if (!this.stopped) for (const [channel, run] of this.runs) if (!this.judge(channel, run, true)) break;
      // A call the stream left open is judged as it is, holding the last event.
      const last = this.queue[this.queue.length - 1];
      if (!this.stopped && this.packages) this.hold(last, this.packages.end());
      if (!this.stopped) this.release();
    } catch (err) {
      this.fail('internal', GUARD_FAILED, err);
    }
    if (this.holds > 0 && !this.stopped) this.flushed = done;
    else done();
  }

  /** Cuts complete events (ended by a blank line) off the front of the text read so far. */
  private takeEvents() {
    for (;;) {
      // From where the last search stopped (less the 3 characters a blank line may straddle): a
      // provider that sends a large event a few bytes at a time must not make each chunk rescan it.
      EVENT_END.lastIndex = this.searched;
      const m = EVENT_END.exec(this.text);
      if (!m) {
        this.searched = Math.max(0, this.text.length - 3);
        return;
      }
      this.searched = 0;
      const end = m.index + m[0].length;
      const raw = this.text.slice(0, end);
      this.text = this.text.slice(end);
      if (raw.length > MAX_EVENT) return this.fail('event_too_large', EVENT_TOO_LARGE);
      this.add(raw, dataOf(raw));
      if (this.stopped) return;
    }
  }

  private add(raw: string, dataText: string | undefined) {
    const entry: Entry = { raw, data: undefined, waiting: 0, dirty: false };
    this.queue.push(entry);
    // JSON.parse takes white space before the value, and so does a client: so does the guard.
    if (dataText === undefined || !/^\s*[{[]/.test(dataText)) return;
    try {
      entry.data = JSON.parse(dataText);
    } catch {
      return; // not JSON (OpenAI's [DONE]): no client reads text from it either
    }
    // Checked on the text once it is known to be JSON: nothing below may walk or serialise a value
    // nested past the cap, and with a key given twice the client's parser may read either value.
    const shape = jsonShape(dataText);
    if (shape.tooDeep) {
      this.queue.pop(); // this event never goes on
      return this.fail('json_too_deep', ANSWER_TOO_DEEP);
    }
    // Passed on as the guard read it (the last of the duplicates), never as sent.
    if (shape.duplicate !== null) entry.dirty = true;
    if (this.readUsage) this.provider.streamUsage(entry.data, this.usage);
    if (this.packages) {
      this.hold(entry, this.packages.read(entry.data));
      if (this.stopped) return;
    }
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
   * Scans a run's held text and lets go of what can no longer change: the text before the tail a
   * detector that blocks or redacts may still need (all of it when the run has ended), never cutting
   * such a match. A piece the cut falls inside goes on with its head, and its tail waits in an event
   * made for it (StreamPiece.carry). Hits are reported once every detector is done with their text, so
   * an alert-only detector reads across boundaries without holding anything back. Returns false when
   * the policy blocked the stream.
   */
  private judge(channel: string, run: Run, ended: boolean): boolean {
    const { before, held, segments } = run;
    if (segments.length === 0 && !(ended && held)) return true;
    const text = before + held;
    const hits: Hit[] = [];
    for (const h of this.policy.scanOnce(text)) {
      if (h.match.start < before.length && h.match.end > h.match.start) continue;
      const start = Math.max(0, h.match.start - before.length);
      hits.push({ ...h, match: { ...h.match, start, end: Math.max(start, h.match.end - before.length) } });
    }
    const hold = ended ? { all: 0, altering: 0 } : this.policy.holdback(text);
    // What goes on: never the start of a match that blocks or redacts, never half an unsplittable piece.
    let release = Math.max(0, held.length - hold.altering);
    for (let moved = true; moved && release > 0;) {
      release = outsideHits(release, hits, (h) => h.action !== 'alert');
      const inside = segments.find((s) => s.start < release && s.end > release);
      moved = inside !== undefined && !splittable(inside, segments, held, release);
      if (moved) release = inside!.start;
    }
    // What is judged: what no detector may still read as part of a longer match.
    const judged = outsideHits(Math.max(0, Math.min(release, held.length - hold.all)), hits, () => true);
    const spot = (upTo: number) => {
      const spotted = hits
        .filter((h) => h.match.end <= upTo)
        .map((hit) => ({
          hit,
          value: held.slice(hit.match.start, hit.match.end),
          location: `stream:${channel}`,
        }));
      if (spotted.length) this.events.spotted(spotted);
      return spotted;
    };
    if (hits.some((h) => h.action === 'block' && h.match.end <= release)) {
      this.stop(spot(release).find((s) => s.hit.action === 'block')!);
      return false;
    }
    spot(judged);
    const redactions = hits.filter((h) => h.action === 'redact' && h.match.end <= release);
    let done = 0;
    for (const s of segments) {
      // An empty piece (OpenAI's first chunk, with the role) is released even when nothing else is.
      if (s.end > release) {
        if (s.start < release) this.split(segments, done, s, held, release, redactions);
        break;
      }
      const text = rewrite(held, s.start, s.end, redactions);
      if (text !== s.piece.text) {
        s.piece.set(text);
        s.entry.dirty = true;
      }
      s.entry.waiting--;
      done++;
    }
    run.segments = segments.slice(done);
    for (const s of run.segments) {
      s.start -= judged;
      s.end -= judged;
    }
    run.before = (before + held.slice(0, judged)).slice(-CONTEXT);
    run.held = held.slice(judged);
    return true;
  }

  /**
   * Lets the head of segment `s` (up to `cut`) go on in its own event, and puts its tail in a new event
   * right behind it, which takes the segment's place (at `at` in `segments`) in the run.
   */
  private split(segments: Segment[], at: number, s: Segment, held: string, cut: number, final: Hit[]) {
    const carried = s.piece.carry!(held.slice(cut, s.end));
    s.piece.set(rewrite(held, s.start, cut, final));
    s.entry.dirty = true;
    s.entry.waiting--;
    const entry: Entry = {
      raw: sseEvent(carried.data, carried.event),
      data: carried.data,
      waiting: 1,
      dirty: true,
    };
    this.queue.splice(this.queue.indexOf(s.entry) + 1, 0, entry);
    segments[at] = { entry, piece: carried.piece, start: cut, end: s.end };
  }

  /**
   * Holds `entry` (and so every event after it) while a tool call's names are checked; a blocking
   * verdict ends the stream there. Known verdicts act at once, without holding anything.
   */
  private hold(entry: Entry | undefined, verdicts: CallVerdicts | Promise<CallVerdicts> | null) {
    // With nothing left unsent (a call left open at the stream's end), the verdicts are only recorded.
    if (verdicts === null || !entry) return;
    if (!(verdicts instanceof Promise)) {
      if (verdicts.length === 0) return;
      entry.waiting++; // the call's event never goes
      return this.stopInstall(verdicts);
    }
    entry.waiting++;
    this.holds++;
    verdicts.then(
      (blocking) => {
        this.holds--;
        if (this.destroyed) return;
        if (this.stopped) return this.endIfDone();
        try {
          if (blocking.length > 0) this.stopInstall(blocking);
          else {
            entry.waiting--;
            this.release();
          }
        } catch (err) {
          this.fail('internal', GUARD_FAILED, err);
        }
        this.endIfDone();
      },
      (err: unknown) => {
        this.holds--;
        this.fail('internal', GUARD_FAILED, err);
        this.endIfDone();
      },
    );
  }

  /** The stream's end, which waited for the checks, goes on once none is running (or the stream stopped). */
  private endIfDone() {
    if (!this.flushed || (this.holds > 0 && !this.stopped)) return;
    const done = this.flushed;
    this.flushed = null;
    done();
  }

  /** Drops the tool call and what follows it, and ends the stream with the provider's error event. */
  private stopInstall(verdicts: CallVerdicts) {
    this.stopped = true;
    this.release(); // what was judged clean before the call still goes, in order
    this.events.installBlocked?.(verdicts);
    this.finish(this.provider.streamError(blockedInstallMessage(verdicts)));
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
    this.events.blocked(blocked);
    this.finish(this.provider.streamError(blockMessage(blocked, 'answer')));
  }

  /**
   * Ends the stream, fail closed, with the provider's error event: on what it cannot read, and on its
   * own failure (then nothing held is let go: its state may be half changed).
   */
  private fail(code: GuardFailure, message: string, err?: unknown) {
    if (this.stopped) return;
    this.stopped = true;
    if (code !== 'internal') {
      try {
        this.release(); // what was judged clean before it still goes, in order
      } catch {
        // Dropped with the rest: nothing unjudged goes on.
      }
    }
    this.events.failed(code, err);
    this.finish(this.provider.streamError(message, code === 'internal' ? 'policy_blocked' : code));
  }

  private finish(errorEvent: string) {
    this.queue.length = 0;
    this.runs.clear();
    this.text = '';
    this.searched = 0;
    this.push(errorEvent);
    this.push(null);
  }
}

/** `cut`, moved back to the start of any hit (of those `counts`) it falls inside, until it is in none. */
function outsideHits(cut: number, hits: readonly Hit[], counts: (h: Hit) => boolean): number {
  for (let moved = true; moved && cut > 0;) {
    moved = false;
    for (const h of hits) {
      if (counts(h) && h.match.start < cut && h.match.end > cut) {
        cut = h.match.start;
        moved = true;
      }
    }
  }
  return cut;
}

/**
 * Whether the cut may fall inside segment `s`: its piece can be carried, its head holds more than
 * white space (a head of only a space would double the events of a word-per-event stream for nothing),
 * and no later text of the run sits in the same event (that event cannot go on while it waits).
 */
function splittable(s: Segment, segments: readonly Segment[], held: string, cut: number): boolean {
  if (!s.piece.carry || !/\S/.test(held.slice(s.start, cut))) return false;
  return !segments.some((o) => o !== s && o.entry === s.entry && o.start >= s.end);
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
