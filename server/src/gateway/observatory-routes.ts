// GET /v1/slopsquat/observatory: the public, anonymised feed of the package names models served through
// this Gatehouse invented (docs/decisions/slopsquat-observatory.md). No authentication. Served from the
// observatory's snapshot (pages rendered once, with their ETag), so a request never touches the
// database; rate-limited per client address; 404 while an admin has the feed turned off.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { ECOSYSTEMS } from '../slopsquat/slopsquat-contract.ts';
import type { Observatory } from '../slopsquat/observatory/observatory-service.ts';
import { noneMatch, readPageQuery } from '../slopsquat/observatory/feed-pages.ts';
import { DEFAULT_PAGE, MAX_PAGE } from '../slopsquat/observatory/observatory-types.ts';
import { createAddressBuckets, take, waitMs, type Ration } from '../http/token-buckets.ts';

/**
 * Per client address. A subscriber walks the whole feed every quarter hour (a hundred pages is 100,000
 * names); a CDN or proxy in front is one address, and should cache (Cache-Control says for how long).
 */
export const OBSERVATORY_RATION: Ration = { burst: 120, perMinute: 120 };
/** How long a page may be cached: new sightings are counted by the day. */
const MAX_AGE_S = 60;

const Entry = {
  type: 'object',
  required: ['ecosystem', 'name', 'first_seen', 'last_seen', 'count', 'developers', 'model_families'],
  properties: {
    ecosystem: { type: 'string', enum: [...ECOSYSTEMS] },
    name: { type: 'string', description: 'The package name as its registry knows it (normalised its way).' },
    first_seen: { type: 'string', format: 'date', description: 'UTC day a model first invented it here.' },
    last_seen: { type: 'string', format: 'date' },
    count: { type: 'integer', description: 'Times models invented it.' },
    developers: { type: 'integer', description: 'Distinct developers who were served it: at least k.' },
    model_families: {
      type: 'array',
      items: { type: 'string' },
      description: 'claude, gpt, gemini, …, other.',
    },
    registered_since: {
      type: 'string',
      format: 'date',
      description: 'When someone registered the name after models invented it (a squat), when known.',
    },
  },
} as const;

const Feed = {
  type: 'object',
  required: ['generated_at', 'k', 'entries', 'next_cursor'],
  properties: {
    generated_at: { type: 'string', format: 'date-time', description: 'When this content was made.' },
    k: { type: 'integer', description: 'A name is listed once at least k distinct developers saw it.' },
    entries: { type: 'array', items: Entry },
    next_cursor: {
      type: ['string', 'null'],
      description: 'Pass as cursor for the next page; null after the last.',
    },
  },
} as const;

const Problem = {
  type: 'object',
  properties: {
    error: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } } },
  },
} as const;

function refuse(reply: FastifyReply, status: number, code: string, message: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ error: { code, message } }));
}

export const observatoryRoutes: FastifyPluginAsync<{ observatory: Observatory; ration?: Ration }> = async (
  app,
  { observatory, ration = OBSERVATORY_RATION },
) => {
  const buckets = createAddressBuckets({
    addresses: 10_000,
    fresh: (now) => ({ tokens: ration.burst, at: now }),
  });

  app.get(
    '/v1/slopsquat/observatory',
    {
      // The query is read by readPageQuery (clear messages in this route's own shape); the schema
      // documents it.
      attachValidation: true,
      schema: {
        operationId: 'getSlopsquatObservatory',
        tags: ['slopsquat'],
        summary: 'The public slopsquat observatory feed',
        description:
          'Package names that models served through this Gatehouse invented, per ecosystem, anonymised: no ' +
          'developer, device, credential, prompt, answer or organisation-specific name, and a name only once ' +
          'k distinct developers saw it. No authentication. Pages in (ecosystem, name) order; an ETag with ' +
          `If-None-Match (304); Cache-Control max-age=${MAX_AGE_S}; ${ration.perMinute} requests a minute per ` +
          'address (429 with Retry-After). 404 while an admin has turned the feed off.',
        querystring: {
          type: 'object',
          properties: {
            ecosystem: { type: 'string', enum: [...ECOSYSTEMS] },
            cursor: { type: 'string', description: 'A next_cursor from an earlier page.' },
            limit: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: DEFAULT_PAGE },
          },
        },
        response: {
          200: Feed,
          304: { type: 'null', description: 'Not modified: the If-None-Match ETag is current.' },
          400: Problem,
          404: Problem,
          429: Problem,
        },
      },
    },
    async (request, reply) => {
      const now = Date.now();
      const { bucket } = buckets.of(request.ip, now);
      if (!take(bucket, ration, now)) {
        const seconds = Math.max(1, Math.ceil(waitMs(bucket, ration) / 1000));
        reply.header('retry-after', String(seconds));
        return refuse(
          reply,
          429,
          'rate_limited',
          `Too many requests for the observatory feed from this address (at most ${ration.perMinute} a minute); ` +
            `retry in ${seconds} s.`,
        );
      }
      const read = readPageQuery(request.query);
      if ('problem' in read) return refuse(reply, 400, 'invalid_request', read.problem);
      const page = observatory.feed(read.query);
      if (!page)
        return refuse(
          reply,
          404,
          'feed_off',
          'This Gatehouse does not publish its slopsquat observatory feed: an admin has turned it off.',
        );
      reply
        .header('etag', page.etag)
        .header('cache-control', `public, max-age=${MAX_AGE_S}`)
        .header('access-control-allow-origin', '*');
      if (noneMatch(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(page.body);
    },
  );
};
