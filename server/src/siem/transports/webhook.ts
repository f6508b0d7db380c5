// The webhook transport: POST {"events": [...]} to the destination's URL, signed the way Stripe and
// Slack sign theirs: Gatehouse-Signature: v1=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")> with
// the timestamp in Gatehouse-Timestamp, so that a receiver can refuse a replay (older than 5 minutes)
// and compare in constant time. Gatehouse-Delivery names the batch: the same on every retry of it, so a
// receiver can drop a repeat. 2xx is delivered; 429, 5xx and no answer are retried (Retry-After
// honoured); any other status is not retryable.
import { createHash, createHmac } from 'node:crypto';
import { DeliveryError, type ExportRecord, type Formatted, type Transport } from '../siem-contract.ts';
import type { DestinationConnection } from '../siem-destination-types.ts';
import { answerSummary, createHttpPoster, retryAfterMs } from '../http-delivery.ts';

export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The same batch (the same records) always has the same delivery id. */
export function deliveryId(batch: readonly ExportRecord[]): string {
  const h = createHash('sha256');
  for (const r of batch) h.update(`${r.stream}:${r.id}\n`);
  return `dlv_${h.digest('hex').slice(0, 32)}`;
}

export function createWebhookTransport(destination: DestinationConnection): Transport {
  const poster = createHttpPoster();
  return {
    async send(batch, formatted: readonly Formatted[], signal) {
      if (!destination.secret)
        throw new DeliveryError('This webhook destination has no signing secret; set one.', false);
      const body = JSON.stringify({ events: formatted.map((f) => f.value) });
      const timestamp = String(Math.floor(Date.now() / 1000));
      const answer = await poster.post(
        destination.url,
        {
          'content-type': 'application/json',
          'user-agent': 'Gatehouse-SIEM-Export',
          'gatehouse-timestamp': timestamp,
          'gatehouse-signature': webhookSignature(destination.secret, timestamp, body),
          'gatehouse-delivery': deliveryId(batch),
        },
        body,
        signal,
      );
      const said = answerSummary(answer);
      if (answer.status >= 200 && answer.status < 300) return said as unknown as void;
      const retryable = answer.status === 429 || answer.status >= 500 || answer.status === 408;
      throw new DeliveryError(
        `The webhook answered ${said}.`,
        retryable,
        retryable ? retryAfterMs(answer.headers['retry-after']) : undefined,
      );
    },
    close: () => poster.close(),
  };
}
