// How the activity page writes outcomes, callers, durations, sizes and token counts.
import type { Activity, Outcome } from '../api/client';

/**
 * An outcome as the activity records it: the generated schema's, and `redacted` (the Gateway's since
 * issue 19), until the schema is generated again from a server that serves it.
 */
export type ActivityOutcome = Outcome | 'redacted';

/** What the policy did about one signal (a rule that fired). */
export type SignalAction = 'block' | 'redact' | 'alert';

/** A record with what the policy did per signal; records written before it have no signal_actions. */
export type ActivityRecord = Omit<Activity, 'outcome'> & {
  outcome: ActivityOutcome;
  signal_actions?: Record<string, SignalAction>;
};

/** In the order a security lead reads them: sent, changed, stopped, failed. */
export const OUTCOMES: readonly ActivityOutcome[] = [
  'allowed',
  'redacted',
  'blocked',
  'upstream_error',
  'gateway_error',
];

const TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });

/** Requests come seconds apart: their time has the seconds. */
export const formatTime = (iso: string) => TIME.format(new Date(iso));

export const OUTCOME_COLOR: Record<ActivityOutcome, string> = {
  allowed: 'green',
  redacted: 'violet',
  blocked: 'red',
  upstream_error: 'orange',
  gateway_error: 'gray',
};

export const OUTCOME_MEANING: Record<ActivityOutcome, string> = {
  allowed: 'Sent to the provider, which answered.',
  redacted:
    'Sent to the provider and answered, with what the policy redacts replaced in the request or the answer.',
  blocked: 'Stopped by policy before it reached the provider.',
  upstream_error:
    'The provider answered with an error (rate limit, outage, …), passed on unchanged, or could not be reached or did not answer in time.',
  gateway_error: 'Refused or failed at the Gateway itself (no valid token, no provider key, …).',
};

/** The past tense a row shows beside a signal: "blocked", "redacted", "alerted". */
export const SIGNAL_ACTION_WORD: Record<SignalAction, string> = {
  block: 'blocked',
  redact: 'redacted',
  alert: 'alerted',
};

export const SIGNAL_ACTION_COLOR: Record<SignalAction, string> = {
  block: 'red',
  redact: 'violet',
  alert: 'yellow',
};

/** Each signal with what the policy did about it, where the record says (null: not recorded). */
export function signalsWithActions(a: Pick<ActivityRecord, 'signals' | 'signal_actions'>) {
  return a.signals.map((rule) => ({ rule, action: a.signal_actions?.[rule] ?? null }));
}

export function caller(a: Pick<Activity, 'actor'>): string {
  if (!a.actor) return 'unauthenticated';
  return a.actor.name ?? a.actor.id;
}

export function formatMs(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

const count = (n: number | null) => (n === null ? '—' : n.toLocaleString('en'));

export const tokens = (a: Pick<Activity, 'input_tokens' | 'output_tokens'>) =>
  `${count(a.input_tokens)} / ${count(a.output_tokens)}`;
