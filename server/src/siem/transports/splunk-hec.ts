// The Splunk HTTP Event Collector transport: POST <url>/services/collector/event with
// `Authorization: Splunk <token>`, the body the batch's event envelopes concatenated
// ({"time", "host", "source": "gatehouse", "sourcetype": "gatehouse:<stream>", "event"}). Delivered is
// HTTP 200 with {"text":"Success","code":0}. Splunk's documented answers decide the rest: a token
// missing, invalid or disabled (401, 403; codes 1–4) and bad data (400; codes 5–7, 10–16) cannot be
// helped by sending the same batch again; server busy (503, code 9), unhealthy (codes 18–20), other
// 5xx and 429 are retried, Retry-After honoured.
import os from 'node:os';
import { DeliveryError, type ExportRecord, type Formatted, type Transport } from '../siem-contract.ts';
import type { DestinationConnection } from '../siem-destination-types.ts';
import { answerSummary, createHttpPoster, retryAfterMs } from '../http-delivery.ts';

const EVENT_PATH = '/services/collector/event';

/** The collector's event endpoint for a destination URL given as the HEC base (or the endpoint itself). */
export function hecEventUrl(url: string): string {
  const u = new URL(url);
  const path = u.pathname.replace(/\/+$/, '');
  if (!path.endsWith(EVENT_PATH)) u.pathname = `${path}${EVENT_PATH}`;
  return u.toString();
}

/** HEC's envelope of one record. */
export function hecEnvelope(record: ExportRecord, formatted: Formatted, host: string) {
  return {
    time: Math.round(Date.parse(record.time)) / 1000,
    host,
    source: 'gatehouse',
    sourcetype: `gatehouse:${record.stream}`,
    event: formatted.value,
  };
}

function hecCode(text: string): number | undefined {
  try {
    const c = (JSON.parse(text) as { code?: unknown }).code;
    return typeof c === 'number' ? c : undefined;
  } catch {
    return undefined;
  }
}

export function createSplunkHecTransport(destination: DestinationConnection): Transport {
  const poster = createHttpPoster();
  const url = hecEventUrl(destination.url);
  const host = os.hostname();
  return {
    async send(batch, formatted, signal) {
      if (!destination.token)
        throw new DeliveryError('This Splunk HEC destination has no token; set one.', false);
      const body = batch.map((r, i) => JSON.stringify(hecEnvelope(r, formatted[i]!, host))).join('\n');
      const answer = await poster.post(
        url,
        {
          authorization: `Splunk ${destination.token}`,
          'content-type': 'application/json',
          'user-agent': 'Gatehouse-SIEM-Export',
        },
        body,
        signal,
      );
      const said = answerSummary(answer);
      const code = hecCode(answer.text);
      if (answer.status === 200 && (code === undefined || code === 0)) return said as unknown as void;
      const retryable = answer.status === 429 || answer.status >= 500 || code === 9 || code === 8;
      const hint =
        answer.status === 401 || answer.status === 403
          ? ' Check the destination’s HEC token (and that it is enabled in Splunk).'
          : '';
      throw new DeliveryError(
        `Splunk HEC answered ${said}.${hint}`,
        retryable,
        retryable ? retryAfterMs(answer.headers['retry-after']) : undefined,
      );
    },
    close: () => poster.close(),
  };
}
