// A request to a path the Gateway does not serve (a tool speaking an API Gatehouse lacks, or a scanner):
// answered 404 as before, and recorded in the activity (gateway_error, not_found) so that an admin sees
// it. A scanner sends thousands, so records are rationed by token buckets, one per caller address and
// one for the listener; what was left out is summed up in the log when the address is next recorded.
// docs/decisions/gateway.md, "Paths the Gateway does not serve".
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { createAddressBuckets, take, type Bucket, type Ration } from '../http/token-buckets.ts';
import { checkRequest, type CallerCheck } from './caller-auth.ts';
import { actorOf, type GatewayDeps } from './exchange.ts';
import { providerForPath } from './providers/index.ts';

export const UNSERVED_LIMITS = {
  perAddress: { burst: 10, perMinute: 10 } satisfies Ration,
  overall: { burst: 100, perMinute: 100 } satisfies Ration,
  /** Addresses remembered at once; the least recently seen is forgotten first. */
  addresses: 10_000,
};

interface RationBucket extends Bucket {
  /** Requests not recorded since this address's last record. */
  skipped: number;
  since: number;
}

const fresh = (ration: Ration, now: number): RationBucket => ({
  tokens: ration.burst,
  at: now,
  skipped: 0,
  since: 0,
});

/**
 * Says whether an unserved request from `ip` is recorded, and logs what was left out. The log is
 * rationed with the records: a summary is written only beside a record (an address's own when it is
 * recorded again; the listener's, of what its ration and forgotten addresses left out, at the next
 * record of any), so a flood from however many addresses writes no more log lines than records.
 */
export function createUnservedRation(log: Logger, limits = UNSERVED_LIMITS) {
  let overall: RationBucket | null = null;

  const skip = (b: RationBucket, now: number, count = 1) => {
    if (b.skipped === 0) b.since = now;
    b.skipped += count;
  };
  const summarise = (address: string | null, b: RationBucket, now: number) => {
    if (b.skipped === 0) return;
    log.warn(
      {
        ...(address ? { address } : {}),
        skipped: b.skipped,
        since: new Date(b.since).toISOString(),
        seconds: Math.round((now - b.since) / 1000),
      },
      address
        ? 'requests to paths the Gateway does not serve were left out of the activity (rate limit of the address)'
        : 'requests to paths the Gateway does not serve were left out of the activity (rate limit of the listener)',
    );
    b.skipped = 0;
  };
  const buckets = createAddressBuckets<RationBucket>({
    addresses: limits.addresses,
    fresh: (now) => fresh(limits.perAddress, now),
    // What a forgotten address left out is the listener's to report.
    forgotten: (b) => {
      if (b.skipped > 0 && overall) skip(overall, b.since, b.skipped);
    },
  });

  return function admit(ip: string, now = Date.now()): boolean {
    overall ??= fresh(limits.overall, now);
    const { address, bucket: b } = buckets.of(ip, now);
    // The address's own bucket first, so that one address's flood does not spend the listener's.
    if (!take(b, limits.perAddress, now)) {
      skip(b, now);
      return false;
    }
    if (!take(overall, limits.overall, now)) {
      skip(overall, now);
      return false;
    }
    summarise(address, b, now);
    summarise(null, overall, now);
    return true;
  };
}

/** What the Activity keeps of the path: the method, the path without its query, long ids folded. */
export function unservedOperation(method: string, url: string): string {
  const path = url.split('?', 1)[0]!.slice(0, 200);
  // A segment that may be an id or a token (16 characters or more, a digit among them) is not kept.
  const kept = path
    .split('/')
    .map((s) => (s.length >= 16 && /\d/.test(s) ? '{id}' : s))
    .join('/');
  return `${method} ${kept}`;
}

/** The Gateway's not-found handler: the 404 it always sent, and a rationed activity record. */
export function unservedHandler(deps: GatewayDeps, log: Logger) {
  const admit = createUnservedRation(log);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const started = performance.now();
    if (admit(request.ip))
      await recordUnserved(deps, request, started).catch((err) => {
        request.log.error({ err }, 'recording an unserved request failed');
      });
    // Never echo the query string: a Gemini client may carry its key in ?key=.
    return reply.code(404).send({
      error: {
        code: 'not_found',
        message: `There is no ${request.method} ${request.url.split('?')[0]!.slice(0, 200)} on the Gateway.`,
      },
    });
  };
}

async function recordUnserved(deps: GatewayDeps, request: FastifyRequest, started: number): Promise<void> {
  // Who sent it, when its token says: an admin then sees which developer's tool lacks an API. A token
  // that is refused still names whom it named; none is no one. Nothing is refused here.
  const provider = providerForPath(request.url);
  const query = request.url.includes('?')
    ? new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1))
    : null;
  const check: CallerCheck = await Promise.resolve(checkRequest(deps, request, provider, query)).catch(
    () => ({}),
  );
  const caller = check.caller ?? check.refused ?? null;
  const tool = deps.tools.recognise(request.headers['user-agent']);
  deps.activity.record({
    time: Date.now(),
    requestId: request.id,
    actor: actorOf(caller),
    device: caller?.type === 'device' ? caller.device : null,
    tool: tool.id,
    mode: tool.mode,
    userAgent: request.headers['user-agent'] ?? null,
    ip: request.ip,
    provider: null,
    model: null,
    providerKeyId: null,
    operation: unservedOperation(request.method, request.url),
    status: 404,
    outcome: 'gateway_error',
    errorCode: 'not_found',
    signals: [],
    signalActions: {},
    inputTokens: null,
    outputTokens: null,
    cachedTokens: null,
    reasoningTokens: null,
    latencyUs: Math.round((performance.now() - started) * 1000),
    ttfbUs: null,
    stream: false,
    requestBytes: Buffer.isBuffer(request.body) ? request.body.length : 0,
    responseBytes: 0,
  });
}
