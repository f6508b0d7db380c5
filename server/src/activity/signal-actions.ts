// What the policy did about each rule that fired, as the activity records it beside the signals:
// `{"<rule>": "block" | "redact" | "alert"}` (the policy's action terms), and the outcome it makes.
import type { TakenAction } from '../policy/detectors/detector-types.ts';
import type { Outcome } from './activity-types.ts';

export type SignalActions = Record<string, TakenAction>;

const STRENGTH: Record<TakenAction, number> = { alert: 0, redact: 1, block: 2 };

/**
 * Notes that `rule` fired (once in `signals`, in the order rules fired) and what was done about it. A
 * rule that fired more than once (in the prompt and in the answer) keeps the strongest of its actions.
 */
export function noteSignal(
  signals: string[],
  actions: SignalActions,
  rule: string,
  action: TakenAction,
): void {
  if (!signals.includes(rule)) signals.push(rule);
  const had = Object.hasOwn(actions, rule) ? actions[rule]! : undefined;
  if (had === undefined || STRENGTH[action] > STRENGTH[had]) actions[rule] = action;
}

/**
 * The outcome the record says: a request that went through with a prompt or an answer redacted is
 * `redacted` (a block, or a failure, says more and stays as it is).
 */
export function recordedOutcome(outcome: Outcome, actions: SignalActions): Outcome {
  if (outcome !== 'allowed') return outcome;
  for (const rule in actions) if (actions[rule] === 'redact') return 'redacted';
  return outcome;
}
