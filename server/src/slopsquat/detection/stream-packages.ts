// The slopsquat detector on a streamed answer, fed event by event by the stream guard through the
// provider's reader (Provider.streamContent). Prose is read for package names as it grows and never
// held; a tool call's arguments are gathered until the call is complete, and the event that completes
// it is what the guard holds while its names are checked (stream-guard.ts).
import type { AnswerToolCall, ContentSink, Provider } from '../../gateway/providers/provider-types.ts';
import { argumentsOf } from '../../gateway/providers/provider-types.ts';
import type { CallVerdicts, PackageWatch } from './package-watch.ts';

/** The most text of one run, and of one call's arguments, that is kept to be read. */
const MAX_KEPT = 256 * 1024;
/** The most runs and calls of one answer followed (a hostile stream could open thousands). */
const MAX_KEYS = 256;
/**
 * Prose is read again once it has grown by this much (and by a quarter of what was read before), at a
 * line's end: names are looked up soon after they appear, and the whole run is read O(1) times on
 * average, however long it grows.
 */
const MIN_STEP = 200;

interface Run {
  text: string;
  /** How much of `text` was last read. */
  read: number;
}

export class StreamPackages implements ContentSink {
  private readonly runs = new Map<string, Run>();
  private readonly open = new Map<string, { name: string; args: string }>();
  private readonly ended = new Set<string>();
  private completed: AnswerToolCall[] = [];

  constructor(
    /** The provider's reader of one streamed event (Provider.streamContent). */
    private readonly readEvent: NonNullable<Provider['streamContent']>,
    private readonly watch: PackageWatch,
  ) {}

  /**
   * Reads one event. Returns the verdicts to wait for when it completes tool calls whose names are
   * being checked (at once when all are known), or null.
   */
  read(data: unknown): CallVerdicts | Promise<CallVerdicts> | null {
    this.readEvent(data, this);
    return this.judgeCompleted();
  }

  /** The stream has ended: the rest of the prose is read, and a call left open is judged as it is. */
  end(): CallVerdicts | Promise<CallVerdicts> | null {
    for (const [key, run] of this.runs)
      if (run.text.length > run.read) this.watch.prose(run.text, `stream:${key}`);
    this.runs.clear();
    for (const key of [...this.open.keys()]) this.callEnd(key);
    return this.judgeCompleted();
  }

  text(key: string, text: string): void {
    let run = this.runs.get(key);
    if (!run) {
      if (this.runs.size >= MAX_KEYS) return;
      this.runs.set(key, (run = { text: '', read: 0 }));
    }
    if (run.text.length >= MAX_KEPT) return;
    run.text += text.slice(0, MAX_KEPT - run.text.length);
    if (!text.includes('\n')) return;
    const upTo = run.text.lastIndexOf('\n') + 1;
    if (upTo - run.read < Math.max(MIN_STEP, run.read / 4)) return;
    run.read = upTo;
    this.watch.prose(run.text.slice(0, upTo), `stream:${key}`);
  }

  callStart(key: string, name: string): void {
    if (this.ended.has(key) || this.open.has(key) || this.open.size >= MAX_KEYS) return;
    this.open.set(key, { name, args: '' });
  }

  callArguments(key: string, text: string): void {
    const call = this.open.get(key);
    if (call && call.args.length < MAX_KEPT) call.args += text.slice(0, MAX_KEPT - call.args.length);
  }

  callEnd(key: string, whole?: { name?: string; arguments: unknown }): void {
    if (this.ended.has(key)) return;
    const call = this.open.get(key);
    const name = whole?.name ?? call?.name;
    if (name === undefined) return; // not a call (a text block's end)
    this.open.delete(key);
    if (this.ended.size < MAX_KEYS) this.ended.add(key);
    const args = whole ? whole.arguments : argumentsOf(call!.args);
    this.completed.push({ name, arguments: args, location: `stream:call:${key}` });
  }

  endCalls(prefix: string): void {
    for (const key of [...this.open.keys()]) if (key.startsWith(prefix)) this.callEnd(key);
  }

  call(name: string, args: unknown): void {
    this.completed.push({ name, arguments: args, location: 'stream:call' });
  }

  /** The verdicts on the calls completed since the last event. */
  private judgeCompleted(): CallVerdicts | Promise<CallVerdicts> | null {
    if (this.completed.length === 0) return null;
    const calls = this.completed;
    this.completed = [];
    return this.watch.toolCalls(calls);
  }
}
