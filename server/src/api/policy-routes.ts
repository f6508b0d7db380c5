// The policy document: read with policy:read, replaced whole with policy:write (or an admin session),
// optimistically: GET returns an ETag, and PUT must send it back in If-Match, so that two writers (an
// admin in the console and an infrastructure-as-code run) never overwrite each other unseen. The
// version history says who changed what, when, and the difference.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { PolicyService } from '../policy/policy-service.ts';
import { PolicyDocumentSchema, type PolicyInput } from '../policy/policy-schema.ts';
import { policyVersionView } from '../policy/policy-version-types.ts';
import { errorResponses } from './schemas.ts';
import { requestOrigin } from './request-origin.ts';

const Party = Type.Object({
  type: Type.String(),
  id: Type.Union([Type.String(), Type.Null()]),
  name: Type.Union([Type.String(), Type.Null()]),
});

const Change = Type.Object({
  op: Type.Enum(['add', 'remove', 'replace']),
  path: Type.String({ description: 'A JSON pointer into the document (RFC 6901).' }),
  before: Type.Optional(Type.Unknown()),
  after: Type.Optional(Type.Unknown()),
});

const versionFields = {
  version: Type.Integer({ minimum: 1 }),
  etag: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  created_by: Party,
  summary: Type.String(),
  changes: Type.Array(Change, {
    description:
      'What this version changed from the one before. Rules are matched by id and allowlist entries by ' +
      'value, so a removal reads as one change; reordering a list is not a change.',
  }),
};

const PolicyVersionSummary = Type.Object(versionFields, { $id: 'PolicyVersionSummary' });
const PolicyVersion = Type.Object(
  { ...versionFields, document: Type.Ref('PolicyDocument') },
  { $id: 'PolicyVersion' },
);

// Response headers as @fastify/swagger documents them: a map of header name to schema.
const etagHeader = {
  headers: {
    etag: Type.String({ description: 'Send it back in If-Match to change this version.' }),
  },
};

const read = { role: 'viewer', scope: 'policy:read' } as const;
const write = { role: 'admin', scope: 'policy:write' } as const;

export const policyRoutes: FastifyPluginAsyncTypebox<{ policy: PolicyService }> = async (app, { policy }) => {
  app.addSchema(PolicyDocumentSchema);
  app.addSchema(PolicyVersionSummary);
  app.addSchema(PolicyVersion);
  const tags = ['policy'];

  app.get(
    '/policy',
    {
      config: { access: read },
      schema: {
        operationId: 'getPolicy',
        tags,
        summary: 'The policy in force, with its ETag',
        response: { 200: { ...Type.Ref('PolicyDocument'), ...etagHeader }, ...errorResponses },
      },
    },
    async (_request, reply) => {
      const p = policy.current();
      return reply.header('etag', p.etag).send(p.document);
    },
  );

  app.put(
    '/policy',
    {
      config: { access: write },
      schema: {
        operationId: 'replacePolicy',
        tags,
        summary: 'Replace the policy (If-Match required)',
        description:
          'Send the whole document and, in If-Match, the ETag of the version you changed (from GET). ' +
          'If another change came first: 412, and the ETag in force is in the response. Without If-Match: ' +
          '428 (If-Match: * replaces whatever is in force). The same document again makes no new version. ' +
          'Lowering enforcement is audited as such and raises a risk finding.',
        headers: Type.Object({
          'if-match': Type.Optional(
            Type.String({ maxLength: 1000, description: 'The ETag from GET /api/v1/policy, or *.' }),
          ),
        }),
        body: Type.Ref('PolicyDocument'),
        response: {
          200: { ...Type.Ref('PolicyDocument'), ...etagHeader },
          ...errorResponses,
          412: Type.Ref('Error'),
          428: Type.Ref('Error'),
        },
      },
    },
    async (request, reply) => {
      // The body is a Ref (the document is one shared schema in the OpenAPI document), which TypeBox
      // types as unknown; Fastify has validated it against that schema.
      const body = request.body as PolicyInput;
      const p = await policy.replace(body, request.headers['if-match'], requestOrigin(request));
      return reply.header('etag', p.etag).send(p.document);
    },
  );

  app.get(
    '/policy/versions',
    {
      config: { access: read },
      schema: {
        operationId: 'listPolicyVersions',
        tags,
        summary: 'The policy’s versions, newest first: who changed what, when, and the difference',
        description: 'Pass next_cursor as before for the next, older page; it is null after version 1.',
        querystring: Type.Object(
          {
            before: Type.Optional(
              Type.String({ pattern: '^[0-9]{1,9}$', description: 'Versions older than this next_cursor.' }),
            ),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            versions: Type.Array(Type.Ref('PolicyVersionSummary')),
            next_cursor: Type.Union([Type.String(), Type.Null()]),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const limit = request.query.limit ?? 20;
      const before = request.query.before === undefined ? undefined : Number(request.query.before);
      const versions = await policy.versions(before, limit);
      const last = versions[versions.length - 1];
      return {
        versions: versions.map((v) => policyVersionView(v, false)),
        next_cursor: versions.length === limit && last && last.version > 1 ? String(last.version) : null,
      };
    },
  );

  app.get(
    '/policy/versions/:version',
    {
      config: { access: read },
      schema: {
        operationId: 'getPolicyVersion',
        tags,
        summary: 'One version of the policy, whole',
        params: Type.Object({ version: Type.Integer({ minimum: 1, maximum: 2 ** 31 - 1 }) }),
        response: { 200: Type.Ref('PolicyVersion'), ...errorResponses, 404: Type.Ref('Error') },
      },
    },
    async (request) => policyVersionView(await policy.version(request.params.version), true),
  );
};
