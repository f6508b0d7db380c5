// Step 6 of the pipeline: the provider's answer on its way to the caller. A provider error passes on
// unchanged (status, body, the headers a client uses). An answer that is not a stream is taken whole
// and sent in one write (see response-tap.ts for why); a stream passes through piece by piece, read on
// the way. This is where the policy on the response will read the answer's text.
import type { FastifyReply } from 'fastify';
import type { Dispatcher } from 'undici';
import type { Exchange } from './exchange.ts';
import { GatewayError } from './gateway-errors.ts';
import type { CompiledPolicy } from '../policy/evaluation.ts';
import { blockMessage, guardJson } from './json-guard.ts';
import { ANSWER_TOO_DEEP, jsonShape } from './json-limits.ts';
import { StreamGuard } from './stream-guard.ts';
import type { AnswerContent } from './providers/provider-types.ts';
import type { CallVerdicts, PackageWatch } from '../slopsquat/detection/package-watch.ts';
import { blockedInstallMessage } from '../slopsquat/detection/slopsquat-report.ts';
import { StreamPackages } from '../slopsquat/detection/stream-packages.ts';

/** The largest answer the policy reads whole; past it an answer cannot be checked, so it is stopped. */
const GUARDED_MAX = 32 * 1024 * 1024;
const TOO_LARGE =
  "Gatehouse policy stopped the provider's answer: it is larger than Gatehouse checks (32 MB). Ask for a shorter answer.";
import { MAX_JSON_KEPT, meterWhole, parseAnswer, ResponseTap, takeWhole } from './response-tap.ts';
import { callerHeaders } from './upstream.ts';
import { failureForLog } from '../http/logger.ts';

/**
 * Past the cap an answer cannot be checked, so it is stopped, and the provider's connection with it.
 * (A function of the module: under tsx a closure bound to a name costs a defineProperty per answer.)
 */
function tooLarge(x: Exchange, reply: FastifyReply, answer: Dispatcher.ResponseData): FastifyReply {
  answer.body.destroy();
  return x.block(reply, TOO_LARGE);
}

export async function relayAnswer(
  x: Exchange,
  reply: FastifyReply,
  answer: Dispatcher.ResponseData,
  policy: CompiledPolicy,
): Promise<FastifyReply> {
  const headersAt = performance.now();
  const { provider } = x.lane;
  const ok = answer.statusCode < 400;
  x.status = answer.statusCode;
  x.outcome = ok ? 'allowed' : 'upstream_error';
  const contentType = answer.headers['content-type'];
  const sse = typeof contentType === 'string' && contentType.includes('text/event-stream');
  const length = Number(answer.headers['content-length'] ?? NaN);
  // With the policy on, a successful answer that is not SSE is read whole even when it streams (Gemini
  // without alt=sse): a JSON document cannot be judged piece by piece. The slopsquat detector reads the
  // answer too, with or without the text detectors.
  const guarded = (policy.active || policy.slopsquat !== null) && ok && provider.answerText !== false;
  const cap = guarded ? GUARDED_MAX : MAX_JSON_KEPT;
  if (guarded && !sse && length > cap) return tooLarge(x, reply, answer);

  let head: Buffer[] = [];
  if (!sse && (guarded || !x.stream) && !(length > cap)) {
    let taken;
    try {
      taken = await takeWhole(answer.body, cap);
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
      let whole = taken.chunks.length === 1 ? taken.chunks[0]! : Buffer.concat(taken.chunks);
      const text = ok ? whole.toString('utf8') : '';
      // Only a successful answer carries usage, and the model's text for the policy to read.
      const parsed = ok ? parseAnswer(text) : undefined;
      x.answer = meterWhole(provider, whole, parsed, headersAt);
      x.upstreamAnswered();
      if (guarded && parsed !== undefined) {
        // Nothing walks or serialises an answer nested past the cap (json-limits.ts): it is stopped.
        const shape = jsonShape(text);
        if (shape.tooDeep) return x.block(reply, ANSWER_TOO_DEEP, 'json_too_deep');
        const found = guardJson(policy, parsed, 'answer');
        if (found.spotted.length) {
          x.noteSpotted(found.spotted, 'response');
          if (found.blocked) return x.block(reply, blockMessage(found.blocked, 'answer'));
        }
        const watch = x.watchPackages(policy);
        if (watch && provider.answerContent) {
          // The answer waits (at most the lookups' deadline) only when a tool call would install names
          // not yet known; its prose is recorded as the lookups answer.
          let blocking = checkAnswer(watch, provider.answerContent(parsed));
          if (blocking instanceof Promise) blocking = await blocking;
          if (x.cancelled) return reply;
          if (blocking?.length) return x.block(reply, blockedInstallMessage(blocking));
        }
        // With a key given twice, the caller's parser may read the value the policy did not: what goes
        // on is what the policy read.
        if (found.redacted || shape.duplicate !== null) whole = Buffer.from(JSON.stringify(parsed));
      }
      return reply.code(answer.statusCode).headers(callerHeaders(answer.headers)).send(whole);
    }
    if (guarded) return tooLarge(x, reply, answer);
    // Larger than it is worth holding: what was read goes first, the rest follows as a stream.
    head = taken.chunks;
  }

  const source = answer.body;
  // Set once the answer has ended one way or another: the provider finished, failed, or the policy
  // stopped it (then the provider's connection is closed on purpose, which is not its failure).
  let settled = false;
  const watch = guarded && sse && provider.streamContent ? x.watchPackages(policy) : null;
  const tap =
    guarded && sse
      ? new StreamGuard(
          provider,
          policy,
          ok,
          {
            spotted: (s) => x.noteSpotted(s, 'response'),
            blocked: () => {
              x.outcome = 'blocked';
              x.errorCode = 'policy_blocked';
              settled = true;
              // Nothing more of this answer will be sent: stop the provider's work on it.
              source.destroy();
            },
            failed: (code, err) => {
              // An answer the guard could not read is stopped like a block; its own failure is the
              // Gateway's, logged without the message (it may quote the answer).
              x.outcome = code === 'internal' ? 'gateway_error' : 'blocked';
              x.errorCode = code;
              settled = true;
              if (err !== undefined)
                x.request.log.error({ failure: failureForLog(err) }, 'stream guard failed');
              source.destroy();
            },
            installBlocked: () => {
              x.outcome = 'blocked';
              x.errorCode = 'policy_blocked';
              settled = true;
              source.destroy();
            },
          },
          watch && provider.streamContent ? new StreamPackages(provider.streamContent, watch) : null,
        )
      : new ResponseTap(provider, sse, ok);
  x.answer = tap;
  // Wired by hand rather than with stream.pipeline, which makes (and fires) an AbortController per
  // call: the source's failure ends the tap (so the caller's response), the tap's close ends the source.
  source.once('error', (err) => {
    if (settled) return;
    settled = true;
    // The provider broke off (or went silent past the idle timeout) mid-answer. Marked here, on the
    // source's own error, which comes before the caller's connection is closed because of it.
    if (!x.cancelled) x.upstreamFailed('unreachable', true);
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

/** The slopsquat detector on a complete answer: its prose recorded, its tool calls' blocking verdicts. */
function checkAnswer(
  watch: PackageWatch,
  content: AnswerContent,
): CallVerdicts | Promise<CallVerdicts> | null {
  for (const t of content.texts) watch.prose(t.text, t.location);
  return watch.toolCalls(content.calls);
}
