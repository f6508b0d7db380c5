// How the activity page writes outcomes, callers, durations, sizes and token counts.
import type { Activity, Outcome } from '../api/client';

const TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });

/** Requests come seconds apart: their time has the seconds. */
export const formatTime = (iso: string) => TIME.format(new Date(iso));

export const OUTCOME_COLOR: Record<Outcome, string> = {
  allowed: 'green',
  blocked: 'red',
  upstream_error: 'orange',
  gateway_error: 'gray',
};

export const OUTCOME_MEANING: Record<Outcome, string> = {
  allowed: 'Sent to the provider, which answered.',
  blocked: 'Stopped by policy before it reached the provider.',
  upstream_error:
    'The provider answered with an error (rate limit, outage, …), passed on unchanged, or could not be reached or did not answer in time.',
  gateway_error: 'Refused or failed at the Gateway itself (no valid token, no provider key, …).',
};

export function caller(a: Activity): string {
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

export const tokens = (a: Activity) => `${count(a.input_tokens)} / ${count(a.output_tokens)}`;
