// Risk findings: read with risk:read (or a viewer session), with filters and the logs' cursor; resolving
// one is an admin's act in the console: an admin session, never a machine credential.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { RiskService } from '../risk/risk-service.ts';
import { FINDING_KINDS, FINDING_STATUSES } from '../risk/risk-types.ts';
import { SEVERITIES } from '../policy/detectors/detector-types.ts';
import { ENFORCEMENTS } from '../policy/policy-types.ts';
import { Id, NullableTimestamp, Timestamp, errorResponses } from './schemas.ts';
import { requestOrigin } from './request-origin.ts';
import { pagingQuery, pageSchema, readPaging, sendPage } from './log-paging.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const DETECTOR_IDS = ['secrets', 'pii', 'custom'] as const;

const RiskFinding = Type.Object(
  {
    id: Type.String(),
    kind: Type.Enum([...FINDING_KINDS], {
      description: 'secret, pii, custom (a detector’s catch) or policy_change (enforcement lowered).',
    }),
    severity: Type.Enum([...SEVERITIES]),
    rule: Type.String({
      description: 'The rule that fired: aws-access-key, email, custom:<id>, enforcement-lowered.',
    }),
    detector: Nullable(Type.Enum([...DETECTOR_IDS])),
    actor: Type.Object({
      type: Type.Enum(['admin', 'credential', 'developer', 'device']),
      id: Type.String(),
      name: Nullable(Type.String()),
    }),
    provider: Nullable(Type.String()),
    model: Nullable(Type.String()),
    tool: Nullable(Type.String()),
    first_seen: Timestamp,
    last_seen: Timestamp,
    count: Type.Integer({ description: 'How many times it was seen: repeats are counted, not added.' }),
    status: Type.Enum([...FINDING_STATUSES], {
      description: 'A resolved finding seen again after it was resolved is open again.',
    }),
    resolved_at: NullableTimestamp,
    resolved_by: Nullable(
      Type.Object({
        type: Type.String(),
        id: Nullable(Type.String()),
        name: Nullable(Type.String()),
      }),
    ),
    resolution_note: Nullable(Type.String()),
    evidence: Type.Union(
      [
        Type.Object({
          kind: Type.String({ description: 'What the value was: aws-access-key, email, …' }),
          fingerprint: Type.String({
            description:
              'A keyed hash of the value: equal for the same value, whoever sent it. Never the value.',
          }),
          where: Type.Enum(['request', 'response']),
          location: Type.String({ description: 'Where in it, such as messages[3].content.' }),
        }),
        Type.Object({
          kind: Type.Literal('enforcement'),
          from: Type.Enum([...ENFORCEMENTS]),
          to: Type.Enum([...ENFORCEMENTS]),
          version: Type.Integer({ description: 'The policy version that lowered it.' }),
        }),
      ],
      { description: 'The last sighting’s. It never holds the matched value.' },
    ),
  },
  { $id: 'RiskFinding' },
);

const Params = Type.Object({ id: Id });
const read = { role: 'viewer', scope: 'risk:read' } as const;

export const riskRoutes: FastifyPluginAsyncTypebox<{ risk: RiskService }> = async (app, { risk }) => {
  app.addSchema(RiskFinding);
  const tags = ['risk'];

  app.get(
    '/risk/findings',
    {
      config: { access: read },
      schema: {
        operationId: 'listRiskFindings',
        tags,
        summary: 'Risk findings in order of first sighting, after a cursor or newest first, with filters',
        description:
          'The cursor follows first sightings: poll with the last next_cursor as after to receive each new ' +
          'finding once (a finding seen again keeps its place; read it again by id for its count). With ' +
          'order=desc, pass next_cursor as before for older ones. since and until select the findings seen ' +
          'in that window: last seen at or after since, first seen before until.',
        querystring: Type.Object(
          {
            ...pagingQuery,
            status: Type.Optional(Type.Enum([...FINDING_STATUSES])),
            severity: Type.Optional(Type.Enum([...SEVERITIES])),
            kind: Type.Optional(Type.Enum([...FINDING_KINDS])),
            rule: Type.Optional(Type.String({ maxLength: 100 })),
            detector: Type.Optional(Type.Enum([...DETECTOR_IDS])),
            actor_id: Type.Optional(Type.String({ maxLength: 64 })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: pageSchema('findings', Type.Ref('RiskFinding')),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const paging = readPaging(q);
      const page = await risk.list({
        ...paging,
        status: q.status,
        severity: q.severity,
        kind: q.kind,
        rule: q.rule,
        detector: q.detector,
        actorId: q.actor_id,
      });
      return sendPage(reply, 'findings', page, paging);
    },
  );

  app.get(
    '/risk/findings/:id',
    {
      config: { access: read },
      schema: {
        operationId: 'getRiskFinding',
        tags,
        summary: 'One risk finding',
        params: Params,
        response: { 200: Type.Ref('RiskFinding'), ...errorResponses, 404: Type.Ref('Error') },
      },
    },
    async (request) => risk.get(request.params.id),
  );

  app.post(
    '/risk/findings/:id/resolve',
    {
      config: { access: { role: 'admin' } },
      schema: {
        operationId: 'resolveRiskFinding',
        tags,
        summary: 'Resolve a risk finding (an admin in the console); it opens again if it is seen again',
        params: Params,
        body: Type.Object(
          { note: Type.Optional(Type.String({ maxLength: 1000, description: 'What was done about it.' })) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Ref('RiskFinding'),
          ...errorResponses,
          404: Type.Ref('Error'),
          409: Type.Ref('Error'),
        },
      },
    },
    async (request) => {
      const note = request.body.note?.trim() || null;
      return risk.resolve(request.params.id, note, requestOrigin(request));
    },
  );
};
