// How the overview names time: the window switch's labels and each bucket of a series, in words that
// fit the bucket's size (an hour "14:00", six hours "Tue 18:00", a day "27 Nov"), in the browser's time
// zone unless one is given (the tests give one).
import type { SummaryWindow } from './summary-types.ts';

export const WINDOW_LABEL: Record<SummaryWindow, string> = {
  '24h': '24 hours',
  '7d': '7 days',
  '30d': '30 days',
};

/** "in the last 7 days": what a total counts. */
export const windowPhrase = (w: SummaryWindow) => `in the last ${WINDOW_LABEL[w]}`;

const FORMATS: Record<number, Intl.DateTimeFormatOptions> = {
  3600: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  21600: { weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  86400: { day: 'numeric', month: 'short' },
};

/** The short label of the bucket starting at `start`, for an axis. */
export function bucketLabel(start: string, bucketSeconds: number, timeZone?: string): string {
  const options = FORMATS[bucketSeconds] ?? FORMATS[86400]!;
  return new Intl.DateTimeFormat('en-GB', { ...options, timeZone }).format(new Date(start));
}

/** The bucket's whole span in words, for the tables that stand in for the charts. */
export function bucketSpan(start: string, bucketSeconds: number, timeZone?: string): string {
  const from = new Date(start);
  const until = new Date(from.getTime() + bucketSeconds * 1000);
  const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone });
  const hour = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  });
  if (bucketSeconds >= 86400) return day.format(from);
  return `${day.format(from)}, ${hour.format(from)}–${hour.format(until)}`;
}

/** The bucket's time range as the activity page's since/until filters (until is exclusive there). */
export function bucketRange(start: string, bucketSeconds: number): { since: string; until: string } {
  const from = new Date(start);
  return {
    since: from.toISOString(),
    until: new Date(from.getTime() + bucketSeconds * 1000).toISOString(),
  };
}
