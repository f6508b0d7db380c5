// The slopsquat observatory in the management API: the names caught here (risk:read), the public feed's
// preview (risk:read: byte for byte what GET /v1/slopsquat/observatory serves, even while it is off),
// and its settings (policy:read reads, policy:write changes; every change audited).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiError } from '../errors.ts';
import { ECOSYSTEMS, SLOPSQUAT_REASONS } from '../slopsquat/slopsquat-contract.ts';
import type { Observatory } from '../slopsquat/observatory/observatory-service.ts';
import type { RegistryLookup } from '../slopsquat/registry/lookup.ts';
import { readPageQuery } from '../slopsquat/observatory/feed-pages.ts';
import { SettingsProblem } from '../slopsquat/observatory/observatory-settings.ts';
import { PRIVATE_SCOPE_PATTERN } from '../slopsquat/observatory/private-names.ts';
import {
  DEFAULT_PAGE,
  MAX_K,
  MAX_PAGE,
  MAX_PRIVATE_SCOPES,
  MAX_SUBSCRIPTIONS,
  MIN_K,
  WITHHELD_REASONS,
  type PageQuery,
} from '../slopsquat/observatory/observatory-types.ts';
import { requestOrigin } from './request-origin.ts';
import { errorResponses } from './schemas.ts';
import { EXPECTS } from '../http/validation-messages.ts';

const Ecosystem = Type.Enum([...ECOSYSTEMS]);
const Day = Type.String({ format: 'date', description: 'A UTC day: no finer time is kept.' });
const Address = Type.String({ minLength: 8, maxLength: 2048, description: 'An http or https address.' });
const Registries = Type.Object(Object.fromEntries(ECOSYSTEMS.map((e) => [e, Type.Optional(Address)])), {
  additionalProperties: false,
});

const CaughtName = Type.Object({
  ecosystem: Ecosystem,
  name: Type.String(),
  first_seen: Day,
  last_seen: Day,
  count: Type.Integer({ description: 'Sightings, every reason.' }),
  reasons: Type.Object(Object.fromEntries(SLOPSQUAT_REASONS.map((r) => [r, Type.Optional(Type.Integer())])), {
    description: 'Sightings per reason: missing (invented), young, placeholder, known_hallucination, …',
  }),
  blocked_installs: Type.Integer({ description: 'Installs the Gateway stopped.' }),
  developers: Type.Integer({
    description: 'Distinct developers who were served it invented (compared with k).',
  }),
  model_families: Type.Array(Type.String()),
  registered_since: Type.Union([Day, Type.Null()], {
    description: 'When the name was registered after models invented it (a squat), when known.',
  }),
  published: Type.Boolean({ description: 'Whether the public feed lists it now.' }),
  withheld: Type.Union([Type.Enum([...WITHHELD_REASONS]), Type.Null()], {
    description:
      'Why it is not published: not_invented (caught for another reason only), private_name (a private ' +
      'scope or prefix), private_registry (the private registry holds it), private_registry_unchecked (not ' +
      'yet asked), below_k (fewer than k developers), feed_off.',
  }),
});

const Settings = Type.Object({
  feed_enabled: Type.Boolean({ description: 'Off: GET /v1/slopsquat/observatory answers 404.' }),
  k: Type.Integer({
    minimum: MIN_K,
    maximum: MAX_K,
    description: 'A name is published once at least k distinct developers have seen it invented (default 3).',
  }),
  private_scopes: Type.Array(
    Type.String({ pattern: PRIVATE_SCOPE_PATTERN, [EXPECTS]: 'a name pattern such as @acme/* or acme-*' }),
    {
      maxItems: MAX_PRIVATE_SCOPES,
      description:
        'Names never published: globs such as @acme/* or acme-*, case-insensitive; `pypi:acme_*` limits one to ' +
        'an ecosystem.',
    },
  ),
  private_registries: { ...Registries, description: 'The organisation’s own registry per ecosystem.' },
  subscriptions: Type.Array(Address, {
    maxItems: MAX_SUBSCRIPTIONS,
    description:
      'Other deployments’ feed addresses (…/v1/slopsquat/observatory): their names are known hallucinations.',
  }),
  registries: {
    ...Registries,
    description:
      'Public registry addresses (mirrors) replacing GATEHOUSE_SLOPSQUAT_REGISTRIES’ per ecosystem.',
  },
});

const SettingsView = Type.Object({
  ...Settings.properties,
  feed_url: Type.String({
    description:
      'Where the public feed is served: the Gateway’s address (GATEHOUSE_GATEWAY_PUBLIC_URL, else the host ' +
      'this console was reached at with the Gateway’s port) and /v1/slopsquat/observatory.',
  }),
  registries_in_effect: Type.Object(Object.fromEntries(ECOSYSTEMS.map((e) => [e, Type.String()])), {
    description:
      'The registry the Gateway asks now, per ecosystem: the address set here, else ' +
      'GATEHOUSE_SLOPSQUAT_REGISTRIES’, else the public registry.',
  }),
  subscription_status: Type.Array(
    Type.Object({
      url: Type.String(),
      names: Type.Integer({ description: 'Names it reported when last read.' }),
      last_polled_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
      last_success_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
      last_error: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});

const PageParams = {
  ecosystem: Type.Optional(Ecosystem),
  cursor: Type.Optional(Type.String({ maxLength: 600, description: 'A next_cursor from an earlier page.' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: DEFAULT_PAGE })),
};

const read = { role: 'viewer', scope: 'risk:read' } as const;

function pageQuery(raw: unknown): PageQuery {
  const r = readPageQuery(raw);
  if ('problem' in r) throw new ApiError('invalid_request', r.problem);
  return r.query;
}

export const slopsquatRoutes: FastifyPluginAsyncTypebox<{
  observatory: Observatory;
  /** The Gateway's address, given the host the console was reached at (services.gatewayUrl). */
  gatewayUrl: (consoleHost: string) => string;
  slopsquatLookup: RegistryLookup;
}> = async (app, { observatory, gatewayUrl, slopsquatLookup }) => {
  const tags = ['slopsquat'];
  // The feed's address and the registries asked come with the settings, so that the console can say
  // where the feed is served and what an empty registry address means.
  const settingsView = (request: { hostname: string }) => ({
    ...observatory.settings.current(),
    feed_url: `${gatewayUrl(request.hostname)}/v1/slopsquat/observatory`,
    registries_in_effect: slopsquatLookup.registries(),
    subscription_status: observatory.subscriptions(),
  });

  app.get(
    '/slopsquat/names',
    {
      config: { access: read },
      schema: {
        operationId: 'listSlopsquatNames',
        tags,
        summary: 'Package names caught here, published or not, and why not',
        description:
          'Every name the Gateway caught (invented, young, a placeholder, a known hallucination, …), in ' +
          '(ecosystem, name) order, with its sightings per reason, the installs it stopped, how many ' +
          'developers saw it invented, and whether the public feed lists it.',
        querystring: Type.Object({ ...PageParams, published: Type.Optional(Type.Boolean()) }),
        response: {
          200: Type.Object({
            names: Type.Array(CaughtName),
            next_cursor: Type.Union([Type.String(), Type.Null()]),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { published, ...rest } = request.query;
      return observatory.names({ ...pageQuery(rest), published });
    },
  );

  app.get(
    '/slopsquat/observatory/preview',
    {
      config: { access: read },
      schema: {
        operationId: 'previewSlopsquatObservatory',
        tags,
        summary: 'The public observatory feed, exactly as published (even while it is off)',
        description:
          'The same body GET /v1/slopsquat/observatory on the Gateway serves for the same query, whether the ' +
          'feed is on or off.',
        querystring: Type.Object(PageParams),
        response: {
          200: Type.Object({
            generated_at: Type.String({ format: 'date-time' }),
            k: Type.Integer(),
            entries: Type.Array(
              Type.Object({
                ecosystem: Ecosystem,
                name: Type.String(),
                first_seen: Day,
                last_seen: Day,
                count: Type.Integer(),
                developers: Type.Integer(),
                model_families: Type.Array(Type.String()),
                registered_since: Type.Optional(Day),
              }),
            ),
            next_cursor: Type.Union([Type.String(), Type.Null()]),
          }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const page = observatory.preview(pageQuery(request.query));
      // The feed's own bytes: what the console shows is what is served.
      return reply.type('application/json; charset=utf-8').send(page.body);
    },
  );

  app.get(
    '/slopsquat/settings',
    {
      config: { access: { role: 'viewer', scope: 'policy:read' } },
      schema: {
        operationId: 'getSlopsquatSettings',
        tags,
        summary: 'The observatory’s settings, and how each subscribed feed was last read',
        response: { 200: SettingsView, ...errorResponses },
      },
    },
    async (request) => settingsView(request),
  );

  app.put(
    '/slopsquat/settings',
    {
      config: { access: { role: 'admin', scope: 'policy:write' } },
      schema: {
        operationId: 'setSlopsquatSettings',
        tags,
        summary: 'Change the observatory’s settings (audited)',
        body: Type.Object(Settings.properties, { additionalProperties: false }),
        response: { 200: SettingsView, ...errorResponses },
      },
    },
    async (request) => {
      try {
        await observatory.settings.update(request.body, requestOrigin(request));
      } catch (err) {
        if (err instanceof SettingsProblem) throw new ApiError('invalid_request', err.message);
        throw err;
      }
      return settingsView(request);
    },
  );
};
