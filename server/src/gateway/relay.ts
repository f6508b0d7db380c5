// Step 6 of the pipeline: the provider's answer on its way to the caller. A provider error passes on
// unchanged (status, body, the headers a client uses). An answer that is not a stream is taken whole
// and sent in one write (see response-tap.ts for why); a stream passes through piece by piece, read on
// the way. This is where the policy on the response will read the answer's text.
import type { FastifyReply } from 'fastify';
import type { Dispatcher } from 'undici';
import type { Exchange } from './exchange.ts';
import { GatewayError } from './gateway-errors.ts';
import { MAX_JSON_KEPT, meterWhole, ResponseTap, takeWhole } from './response-tap.ts';
import { callerHeaders } from './upstream.ts';

export async function relayAnswer(
  x: Exchange,
  reply: FastifyReply,
  answer: Dispatcher.ResponseData,
): Promise<FastifyReply> {
  const headersAt = performance.now();
  const { provider } = x.lane;
  const ok = answer.statusCode < 400;
  x.status = answer.statusCode;
  x.outcome = ok ? 'allowed' : 'upstream_error';
  const contentType = answer.headers['content-type'];
  const sse = typeof contentType === 'string' && contentType.includes('text/event-stream');
  const length = Number(answer.headers['content-length'] ?? NaN);

  let head: Buffer[] = [];
  if (!sse && !x.stream && !(length > MAX_JSON_KEPT)) {
    let taken;
    try {
      taken = await takeWhole(answer.body, MAX_JSON_KEPT);
    } catch {
      if (x.cancelled) return reply;
      x.upstreamFailed('unreachable', true);
      return x.refuse(
        reply,
        new GatewayError(
          'upstream_unreachable',
          'The provider broke off its answer before any of it could be sent; retry the request.',
        ),
      );
    }
    if (taken.complete) {
      const whole = taken.chunks.length === 1 ? taken.chunks[0]! : Buffer.concat(taken.chunks);
      x.answer = meterWhole(provider, whole, ok, headersAt);
      x.upstreamAnswered();
      return reply.code(answer.statusCode).headers(callerHeaders(answer.headers)).send(whole);
    }
    // Larger than it is worth holding: what was read goes first, the rest follows as a stream.
    head = taken.chunks;
  }

  const tap = new ResponseTap(provider, sse, ok);
  x.answer = tap;
  const source = answer.body;
  // Wired by hand rather than with stream.pipeline, which makes (and fires) an AbortController per
  // call: the source's failure ends the tap (so the caller's response), the tap's close ends the source.
  let settled = false;
  source.once('error', (err) => {
    if (!settled && !x.cancelled) {
      // The provider broke off (or went silent past the idle timeout) mid-answer. Marked here, on the
      // source's own error, which comes before the caller's connection is closed because of it.
      x.upstreamFailed('unreachable', true);
    }
    settled = true;
    tap.destroy(err);
  });
  source.once('end', () => {
    if (!settled && !x.cancelled) x.upstreamAnswered();
    settled = true;
  });
  tap.once('close', () => {
    if (!source.destroyed) source.destroy();
  });
  for (const chunk of head) tap.write(chunk);
  source.pipe(tap);
  return reply.code(answer.statusCode).headers(callerHeaders(answer.headers)).send(tap);
}
