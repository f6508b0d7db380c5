// SIEM push destinations (issue 20; docs/decisions/siem-export.md): an admin session only, as the
// retention settings; every change audited (siem_destination.created, .updated, .deleted). Tokens and
// secrets are write-only: read back masked, kept when a change leaves them out.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { SiemDestinationService, DestinationStatus } from '../siem/siem-destination-service.ts';
import { SIEM_DESTINATION_TYPES, SIEM_FORMATS, SIEM_STREAMS } from '../siem/siem-contract.ts';
import { maskSecret } from '../siem/siem-destination-types.ts';
import { Id, NullableTimestamp, Timestamp, errorResponses } from './schemas.ts';
import { requestOrigin } from './request-origin.ts';

const admin = { role: 'admin' } as const;
const Name = Type.String({
  minLength: 1,
  maxLength: 100,
  description: 'Shown in the console and in the metrics.',
});
const DestinationType = Type.Enum([...SIEM_DESTINATION_TYPES]);
const Format = Type.Enum([...SIEM_FORMATS]);
const Streams = Type.Array(Type.Enum([...SIEM_STREAMS]), {
  minItems: 1,
  maxItems: 3,
  description: 'The logs sent: audit events, Gateway activity, risk findings.',
});
const Url = Type.String({
  minLength: 1,
  maxLength: 2048,
  description:
    'splunk_hec: the collector’s base URL (https://splunk.example.com:8088); webhook: the URL batches are POSTed to.',
});
const Token = Type.String({ minLength: 1, maxLength: 4096, description: 'Splunk HEC token. Write-only.' });
const Secret = Type.String({
  minLength: 1,
  maxLength: 4096,
  description: 'The webhook’s signing secret (at least 16 characters). Write-only.',
});
const TlsCa = Type.String({
  minLength: 1,
  maxLength: 65536,
  description: 'A PEM CA for a syslog TLS receiver.',
});
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

const DestinationView = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    type: DestinationType,
    url: Type.String(),
    format: Format,
    streams: Type.Array(Type.Enum([...SIEM_STREAMS])),
    enabled: Type.Boolean(),
    token: Type.Union([Type.String(), Type.Null()], {
      description: 'Masked (its last four characters at most).',
    }),
    secret: Type.Union([Type.String(), Type.Null()], {
      description: 'Masked (its last four characters at most).',
    }),
    tls_ca: Type.Union([Type.String(), Type.Null()]),
    lag: Type.Object(
      {
        audit: Type.Optional(Type.Integer()),
        activity: Type.Optional(Type.Integer()),
        findings: Type.Optional(Type.Integer()),
      },
      { description: 'Records not yet acknowledged by the receiver, per stream it exports.' },
    ),
    last_success_at: NullableTimestamp,
    last_error: Type.Union([Type.String(), Type.Null()]),
    last_error_at: NullableTimestamp,
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'SiemDestination' },
);

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
function view({ destination: d, lag }: DestinationStatus) {
  return {
    id: d.id,
    name: d.name,
    type: d.type,
    url: d.url,
    format: d.format,
    streams: d.streams,
    enabled: d.enabled,
    token: d.token === null ? null : maskSecret(d.tokenLast4),
    secret: d.secret === null ? null : maskSecret(d.secretLast4),
    tls_ca: d.tlsCa,
    lag,
    last_success_at: iso(d.lastSuccessAt),
    last_error: d.lastError,
    last_error_at: iso(d.lastErrorAt),
    created_at: iso(d.createdAt)!,
    updated_at: iso(d.updatedAt)!,
  };
}

const Params = Type.Object({ id: Id });

export const siemRoutes: FastifyPluginAsyncTypebox<{ siemDestinations: SiemDestinationService }> = async (
  app,
  { siemDestinations },
) => {
  app.addSchema(DestinationView);
  const tags = ['siem'];
  const one = { 200: Type.Ref('SiemDestination'), ...errorResponses, 404: Type.Ref('Error') };
  const refusals = { 409: Type.Ref('Error'), 422: Type.Ref('Error') };

  app.post(
    '/siem/destinations',
    {
      config: { access: admin },
      schema: {
        operationId: 'createSiemDestination',
        tags,
        summary:
          'Add a SIEM destination: audit events, activity and findings pushed to it as they are recorded',
        description:
          'It receives what is recorded from its creation on (the pull API, GET /api/v1/audit/events, serves ' +
          'what came before). Audited as siem_destination.created (never with the token or secret).',
        body: Type.Object(
          {
            name: Name,
            type: DestinationType,
            url: Url,
            token: Type.Optional(Token),
            secret: Type.Optional(Secret),
            format: Format,
            streams: Streams,
            enabled: Type.Optional(Type.Boolean({ default: true })),
            tls_ca: Type.Optional(TlsCa),
          },
          { additionalProperties: false },
        ),
        response: { 201: Type.Ref('SiemDestination'), ...errorResponses, ...refusals },
      },
    },
    async (request, reply) => {
      const created = await siemDestinations.create(request.body, requestOrigin(request));
      return reply.code(201).send(view(created));
    },
  );

  app.get(
    '/siem/destinations',
    {
      config: { access: admin },
      schema: {
        operationId: 'listSiemDestinations',
        tags,
        summary: 'List the SIEM destinations, each with its lag, last success and last error',
        response: {
          200: Type.Object({ destinations: Type.Array(Type.Ref('SiemDestination')) }),
          ...errorResponses,
        },
      },
    },
    async () => ({ destinations: (await siemDestinations.list()).map(view) }),
  );

  app.get(
    '/siem/destinations/:id',
    {
      config: { access: admin },
      schema: {
        operationId: 'getSiemDestination',
        tags,
        summary: 'One SIEM destination, with its lag, last success and last error',
        params: Params,
        response: one,
      },
    },
    async (request) => view(await siemDestinations.get(request.params.id)),
  );

  app.patch(
    '/siem/destinations/:id',
    {
      config: { access: admin },
      schema: {
        operationId: 'updateSiemDestination',
        tags,
        summary: 'Change a SIEM destination',
        description:
          'Fields left out are kept, token and secret included. A stream added starts at its log’s head. A ' +
          'change retries a failing destination at once. Audited as siem_destination.updated.',
        params: Params,
        body: Type.Object(
          {
            name: Type.Optional(Name),
            type: Type.Optional(DestinationType),
            url: Type.Optional(Url),
            token: Type.Optional(Nullable(Token)),
            secret: Type.Optional(Nullable(Secret)),
            format: Type.Optional(Format),
            streams: Type.Optional(Streams),
            enabled: Type.Optional(Type.Boolean()),
            tls_ca: Type.Optional(Nullable(TlsCa)),
          },
          { additionalProperties: false },
        ),
        response: { ...one, ...refusals },
      },
    },
    async (request) =>
      view(await siemDestinations.update(request.params.id, request.body, requestOrigin(request))),
  );

  app.delete(
    '/siem/destinations/:id',
    {
      config: { access: admin },
      schema: {
        operationId: 'deleteSiemDestination',
        tags,
        summary: 'Remove a SIEM destination; what it had not received is no longer held back from retention',
        params: Params,
        response: { 204: Type.Null(), ...errorResponses, 404: Type.Ref('Error') },
      },
    },
    async (request, reply) => {
      await siemDestinations.remove(request.params.id, requestOrigin(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/siem/destinations/:id/test',
    {
      config: { access: admin },
      schema: {
        operationId: 'testSiemDestination',
        tags,
        summary:
          'Send one synthetic test event through the destination’s transport, and say what the receiver answered',
        description:
          'The event is an audit event with action siem_destination.test and details.test true; it is not ' +
          'recorded in the audit log (the test itself is, as siem_destination.tested).',
        params: Params,
        response: {
          200: Type.Object({
            delivered: Type.Boolean(),
            answer: Type.String({ description: 'What the receiver said, or why it could not be reached.' }),
            retryable: Type.Union([Type.Boolean(), Type.Null()], {
              description: 'For a failure: whether the export would retry it.',
            }),
          }),
          ...errorResponses,
          404: Type.Ref('Error'),
        },
      },
    },
    async (request) => siemDestinations.test(request.params.id, requestOrigin(request)),
  );
};
