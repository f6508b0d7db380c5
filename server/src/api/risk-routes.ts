// Risk findings: read with risk:read (or a viewer session), with filters and the logs' cursor; resolving
// one is an admin's act in the console: an admin session, never a machine credential.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { RiskService } from '../risk/risk-service.ts';
import { FINDING_KINDS, FINDING_STATUSES } from '../risk/risk-types.ts';
import { SEVERITIES } from '../policy/detectors/detector-types.ts';
import { DETECTORS } from '../policy/detectors/index.ts';
import { SLOPSQUAT_REASONS } from '../slopsquat/slopsquat-contract.ts';
import { ENFORCEMENTS } from '../policy/policy-types.ts';
import { Id, NullableTimestamp, Timestamp, errorResponses } from './schemas.ts';
import { requestOrigin } from './request-origin.ts';
import { pagingQuery, pageSchema, readPaging, sendPage } from './log-paging.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const DETECTOR_IDS = DETECTORS.map((d) => d.id);

const RiskFinding = Type.Object(
  {
    id: Type.String(),
    kind: Type.Enum([...FINDING_KINDS], {
      description:
        'secret, pii, custom, slopsquat (a detector’s catch), policy_change (enforcement lowered) or ' +
        'mcp_tool (an MCP tool changed, appeared, went away or carries instructions for the model).',
    }),
    severity: Type.Enum([...SEVERITIES]),
    rule: Type.String({
      description:
        'The rule that fired: aws-access-key, email, custom:<id>, slopsquat:<reason>, enforcement-lowered, ' +
        'mcp-tool-changed, mcp-tool-added, mcp-tool-removed, mcp-tool-poisoned.',
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
        Type.Object(
          {
            kind: Type.Literal('slopsquat'),
            ecosystem: Type.String({ description: 'npm, pypi, crates, go, rubygems or packagist.' }),
            package: Type.String({ description: 'The name as its registry knows it.' }),
            version: Type.Optional(Type.String({ description: 'The version or specifier as written.' })),
            reason: Type.Enum(
              SLOPSQUAT_REASONS.filter((r) => r !== 'unreachable'),
              {
                description:
                  'missing (no such package: a name models invent), young (first published within the ' +
                  'policy’s young_days), placeholder (a registry’s security placeholder), ' +
                  'known_hallucination (another deployment’s observatory lists it), near_popular (one ' +
                  'edit from a popular package), deprecated_for (deprecated in favour of another).',
              },
            ),
            first_published: Type.Optional(
              Type.String({ description: 'young: the day it was first published.' }),
            ),
            near: Type.Optional(
              Type.String({
                description: 'near_popular: the popular package; deprecated_for: the one its notice names.',
              }),
            ),
            score: Type.Integer({ minimum: 0, maximum: 100 }),
            weak: Type.Array(Type.String(), {
              description: 'Weak signals that raised the score: no_repository, few_downloads.',
            }),
            source: Type.Enum(['tool_call', 'command', 'manifest'], {
              description:
                'tool_call: an install the agent’s tool call would run; command or manifest: in the prose.',
            }),
            tool_call: Type.Optional(
              Type.String({ description: 'The agent’s tool whose call carried it (Bash, shell, …).' }),
            ),
            action: Type.Enum(['blocked', 'alerted']),
            where: Type.Enum(['request', 'response']),
            location: Type.String(),
          },
          { description: 'A package a model named, missing from its registry or otherwise suspect.' },
        ),
        Type.Object({
          kind: Type.Literal('enforcement'),
          from: Type.Enum([...ENFORCEMENTS]),
          to: Type.Enum([...ENFORCEMENTS]),
          version: Type.Integer({ description: 'The policy version that lowered it.' }),
        }),
        Type.Object(
          {
            kind: Type.Enum(['mcp_tool_changed', 'mcp_tool_added', 'mcp_tool_removed', 'mcp_tool_poisoned']),
            server_id: Type.String(),
            server: Type.String({ description: 'The MCP server’s alias.' }),
            tool: Type.String(),
            sha256: Type.String({
              description: 'The pin of the definition the server shows (removed: last showed).',
            }),
            previous_sha256: Type.Optional(Nullable(Type.String())),
            changed: Type.Optional(
              Type.Array(Type.String(), {
                description:
                  'Member names and schema paths that changed (inputSchema.properties.bcc); never values.',
              }),
            ),
            signals: Type.Optional(
              Type.Array(Type.Object({ rule: Type.String(), location: Type.String() }), {
                description: 'Tool-poisoning rules that fired, and where in the definition.',
              }),
            ),
          },
          { description: 'An MCP tool’s definition changed, appeared, went away or carries instructions.' },
        ),
      ],
      {
        description:
          'The last sighting’s. It never holds a matched value; a slopsquat finding names its package, ' +
          'which is no secret.',
      },
    ),
    request_ids: Type.Array(Type.String(), {
      maxItems: 20,
      description:
        'The latest requests (the activity’s request_id) that raised or repeated it, latest first, at most 20; ' +
        'GET /api/v1/activity?finding_id= lists the ones it keeps (its first and its latest 100). Empty for a ' +
        'policy change, which no Gateway request makes (its audit event names the API request).',
    }),
    requests_count: Type.Integer({
      minimum: 0,
      description: 'How many distinct requests raised or repeated it, kept or not.',
    }),
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
