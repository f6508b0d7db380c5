// What the HTTP transports (webhook, Splunk HEC) share: one undici agent per destination, a POST that
// reads at most a few KB of the answer, and the reading of Retry-After. Connection failures and
// deadlines are retryable DeliveryErrors; what a status means is each transport's own call.
import { Agent, request } from 'undici';
import { DeliveryError } from './siem-contract.ts';

const ANSWER_LIMIT = 4096;

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The first few KB of the body, as text. */
  text: string;
}

export interface HttpPoster {
  post(url: string, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<HttpAnswer>;
  close(): Promise<void>;
}

export function createHttpPoster(): HttpPoster {
  // A few connections kept alive: batches to one destination go one at a time per stream.
  const agent = new Agent({ connections: 4, keepAliveTimeout: 30_000 });
  return {
    async post(url, headers, body, signal) {
      let res;
      try {
        res = await request(url, { method: 'POST', headers, body, signal, dispatcher: agent });
      } catch (err) {
        const why = signal.aborted ? 'no answer before the deadline' : (err as Error).message;
        throw new DeliveryError(`Could not reach ${new URL(url).host}: ${why}.`, true);
      }
      let text = '';
      try {
        for await (const chunk of res.body) {
          if (text.length < ANSWER_LIMIT) text += (chunk as Buffer).toString('utf8');
        }
      } catch {
        // The status is what decides; a body cut short is only less to show.
      }
      return { status: res.statusCode, headers: res.headers, text: text.slice(0, ANSWER_LIMIT) };
    },
    close: () => agent.close(),
  };
}

/** Retry-After (seconds or an HTTP date) in ms; undefined when absent or unreadable. */
export function retryAfterMs(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === undefined || v.trim() === '') return undefined;
  if (/^\d+$/.test(v.trim())) return Number(v.trim()) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The receiver's answer, shortened for an error message or the Test button (one line). */
export function answerSummary(a: HttpAnswer): string {
  const body = a.text.replace(/\s+/g, ' ').trim().slice(0, 300);
  return `HTTP ${a.status}${body ? ` ${body}` : ''}`;
}
