// The slopsquat detector on one answer (or one MCP call): each package name it reads is checked once,
// and each verdict recorded once per kind of place (prose, tool call). Prose is a signal and a finding
// only, never waited for; a tool call under `block` is waited for, while its own names are checked (the
// lookups never wait past the deadline), and its blocking verdicts stop it. settled() tells when every
// check has been recorded, for the activity record, which is written after them.
import type { AnswerToolCall } from '../../gateway/providers/provider-types.ts';
import type { ArmedSlopsquat } from '../../policy/detectors/slopsquat.ts';
import type { TakenAction } from '../../policy/detectors/detector-types.ts';
import { noteSignal, type SignalActions } from '../../activity/signal-actions.ts';
import type { PackageRef, Verdict } from '../slopsquat-contract.ts';
import { nameKey, type PackageChecker } from './package-checker.ts';
import {
  blockedInstallMessage,
  signalOf,
  type CheckContext,
  type Origin,
  type SlopsquatReporter,
} from './slopsquat-report.ts';

/** A tool call's blocking verdicts: empty when it may go on. */
export type CallVerdicts = readonly Verdict[];

const NONE: CallVerdicts = Object.freeze([]);

/**
 * What one answer may have read, at most: prose characters handed to the reader (a stream's runs are
 * read again as they grow, about five times their length in all), and tool calls. Reading is linear,
 * but a pathological answer of megabytes of code blocks must not hold the event loop for seconds; past
 * these, the rest is not read (docs/decisions/slopsquat-gateway.md, Limits).
 */
export const MAX_PROSE_CHARS = 512 * 1024;
export const MAX_CALLS_PER_ANSWER = 256;
/**
 * The most names one answer or call looks up: a model's answer listing thousands of packages must not
 * turn the Gateway into a crawler of the registries (the rest go unchecked).
 */
export const MAX_NAMES_PER_ANSWER = 64;

export class PackageWatch {
  /** Each name's verdict, by ecosystem and name: a name in the prose and in a call is looked up once. */
  private readonly verdicts = new Map<string, Verdict | Promise<Verdict>>();
  /** What has been recorded: `<prose|call>:<ecosystem>:<name>`. */
  private readonly recorded = new Set<string>();
  private running = 0;
  private proseRead = 0;
  private calls = 0;
  private idle: (() => void) | null = null;
  private idlePromise: Promise<void> | null = null;

  constructor(
    private readonly checker: PackageChecker,
    private readonly reporter: SlopsquatReporter,
    private readonly armed: ArmedSlopsquat,
    private readonly ctx: CheckContext,
    /** Each signal as it is known (the activity's signals), and whether its call was blocked. */
    private readonly onSignal: (signal: string, action: TakenAction) => void,
  ) {}

  /** Whether a check is still running. */
  get busy(): boolean {
    return this.running > 0;
  }

  /** The packages a text recommends: checked and recorded as they answer, never waited for. */
  prose(text: string, location: string): void {
    if (this.proseRead + text.length > MAX_PROSE_CHARS) return;
    this.proseRead += text.length;
    const refs = this.checker.read(() => this.checker.readers.fromText(text));
    for (const ref of this.admitted(refs)) {
      const v = this.verdictOf(ref);
      if (v instanceof Promise)
        this.follow(v.then((verdict) => this.note(verdict, ref, { location }, false)));
      else this.note(v, ref, { location }, false);
    }
  }

  /**
   * A tool call: its names checked. Under `block`, its blocking verdicts (at once when every name is
   * known, else a promise that settles within the deadline); under `alert`, null: nothing waits, what
   * is found is recorded as it answers.
   */
  toolCall(
    tool: string,
    args: unknown,
    location: string,
    /** Wait for the verdicts under `alert` too (a decision that must carry its signals: MCP calls). */
    options: { wait?: boolean } = {},
  ): CallVerdicts | Promise<CallVerdicts> | null {
    const block = this.armed.action === 'block';
    const wait = block || options.wait === true;
    if (++this.calls > MAX_CALLS_PER_ANSWER) return wait ? NONE : null;
    const refs = this.admitted(this.checker.read(() => this.checker.readers.fromToolCall(tool, args)));
    if (refs.length === 0) return wait ? NONE : null;
    const origin: Origin = { toolCall: tool, location };
    const judged = refs.map((ref) => this.verdictOf(ref));
    const finish = (verdicts: readonly Verdict[]): CallVerdicts => {
      const blocking = block ? verdicts.filter((v) => v.blocking) : [];
      verdicts.forEach((v, i) => this.note(v, refs[i]!, origin, blocking.includes(v)));
      return blocking.length ? blocking : NONE;
    };
    if (judged.every((v) => !(v instanceof Promise))) return finish(judged as Verdict[]);
    const all = Promise.all(judged).then(finish);
    this.follow(all);
    return wait ? all : null;
  }

  /** Several tool calls (of one answer or one event): their blocking verdicts together, as toolCall gives them. */
  toolCalls(calls: readonly AnswerToolCall[]): CallVerdicts | Promise<CallVerdicts> | null {
    const each: Array<CallVerdicts | Promise<CallVerdicts>> = [];
    for (const c of calls) {
      const v = this.toolCall(c.name, c.arguments, c.location);
      if (v !== null) each.push(v);
    }
    if (each.length === 0) return null;
    if (each.every((v) => !(v instanceof Promise))) return (each as CallVerdicts[]).flat();
    return Promise.all(each).then((all) => all.flat());
  }

  /** Resolves once every check started has been recorded. */
  settled(): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return (this.idlePromise ??= new Promise<void>((resolve) => (this.idle = resolve)));
  }

  /** The names not yet seen in this answer that it may still look up, allowlisted ones left out. */
  private admitted(refs: readonly PackageRef[]): PackageRef[] {
    const out: PackageRef[] = [];
    const keys = new Set<string>();
    let fresh = 0;
    for (const ref of refs) {
      const key = nameKey(ref.ecosystem, ref.name);
      if (keys.has(key) || this.armed.allowed(ref.name)) continue;
      const known = this.verdicts.has(key);
      if (!known && this.verdicts.size + fresh >= MAX_NAMES_PER_ANSWER) continue;
      if (!known) fresh++;
      keys.add(key);
      out.push(ref);
    }
    return out;
  }

  private verdictOf(ref: PackageRef): Verdict | Promise<Verdict> {
    const key = nameKey(ref.ecosystem, ref.name);
    let v = this.verdicts.get(key);
    if (v === undefined) {
      v = this.checker.known(ref, this.armed) ?? this.checker.verdict(ref, this.armed);
      this.verdicts.set(key, v);
      if (v instanceof Promise) v.then((done) => this.verdicts.set(key, done));
    }
    return v;
  }

  /** Records a verdict once per kind of place, with the ref as read there. */
  private note(verdict: Verdict, ref: PackageRef, origin: Origin, blocked: boolean): void {
    if (verdict.reason === null) return;
    const key = `${origin.toolCall === undefined ? 'prose' : 'call'}:${nameKey(ref.ecosystem, ref.name)}`;
    if (this.recorded.has(key)) return;
    this.recorded.add(key);
    const signal = this.reporter.report({ ...verdict, ref }, this.ctx, origin, blocked);
    if (signal) this.onSignal(signal, blocked ? 'block' : 'alert');
  }

  private follow(work: Promise<unknown>): void {
    this.running++;
    const done = () => {
      if (--this.running > 0) return;
      this.idle?.();
      this.idle = null;
      this.idlePromise = null;
    };
    work.then(done, done);
  }
}

/** What the slopsquat detector made of one MCP tool call: its signals, and what blocks it. */
export interface McpCallCheck {
  signals: string[];
  /** What was done about each: block, or alert. */
  actions: SignalActions;
  /** The rule and the message for the model when a verdict blocks the call; null when none does. */
  refusal: { rule: string; message: string } | null;
}

/**
 * One MCP tools/call's arguments (a routed server's or a local one's): waited for under block and
 * alert alike, since the decision carries its signals (at most the lookups' deadline; known names at
 * once).
 */
export async function checkMcpToolCall(
  checker: PackageChecker,
  reporter: SlopsquatReporter,
  armed: ArmedSlopsquat,
  ctx: CheckContext,
  tool: string,
  args: unknown,
): Promise<McpCallCheck> {
  const signals: string[] = [];
  const actions: SignalActions = {};
  const watch = new PackageWatch(checker, reporter, armed, ctx, (s, action) =>
    noteSignal(signals, actions, s, action),
  );
  const blocking = (await watch.toolCall(tool, args, 'arguments', { wait: true })) ?? NONE;
  const refusal = blocking.length
    ? { rule: signalOf(blocking[0]!.reason!), message: blockedInstallMessage(blocking) }
    : null;
  return { signals, actions, refusal };
}
