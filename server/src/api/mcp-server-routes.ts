// The MCP inventory: remote MCP servers reached through the Gateway's /mcp/{alias}, and their tools as
// Gatehouse has seen them. Reading needs policy:read, changing needs policy:write (or an admin session).
// A server's headers (its own credentials) go in on create and update and never come out: responses
// show each value masked to its last four characters.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { McpServerService } from '../mcp/mcp-server-service.ts';
import { mcpServerView } from '../mcp/mcp-server-types.ts';
import type { LocalServerInventory } from '../mcp/local-server-inventory.ts';
import { mcpLocalRoutes } from './mcp-local-routes.ts';
import { ALIAS_SYNTAX, HEADER_LIMITS } from '../mcp/mcp-server-input.ts';
import { Id, NullableTimestamp, Timestamp, errorResponses } from './schemas.ts';
import { requestOrigin } from './request-origin.ts';
import { EXPECTS } from '../http/validation-messages.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const STATES = ['pinned', 'changed', 'blocked', 'new'] as const;
const Sha256 = Type.String({ pattern: '^[0-9a-f]{64}$', [EXPECTS]: 'a SHA-256 as 64 lower-case hex digits' });
const Definition = Type.Record(Type.String(), Type.Unknown(), {
  description: 'The tool as pinned: name, title, description, inputSchema, outputSchema, annotations.',
});

const McpServerView = Type.Object(
  {
    id: Type.String(),
    alias: Type.String({ description: 'The {alias} of the Gateway’s /mcp/{alias}.' }),
    url: Type.String({ description: 'The server’s Streamable HTTP endpoint.' }),
    description: Nullable(Type.String()),
    headers: Type.Record(Type.String(), Type.String(), {
      description: 'The server’s own headers, each value masked (••••last4); never shown whole.',
    }),
    enabled: Type.Boolean({ description: 'A disabled server is not routed.' }),
    inventoried_at: Type.Union([Timestamp, Type.Null()], {
      description:
        'When a client first listed its tools through the Gateway; a tool that appears later is a finding.',
    }),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'McpServer' },
);

const McpToolView = Type.Object(
  {
    name: Type.String(),
    title: Nullable(Type.String()),
    description: Nullable(Type.String()),
    sha256: Type.Union([Sha256, Type.Null()], {
      description:
        'The pin: SHA-256 of the canonical JSON of the definition. null: a new tool awaiting approval.',
    }),
    state: Type.Enum([...STATES], {
      description:
        'pinned: as approved; changed: the server shows another definition (pending); blocked: by an admin; ' +
        'new: awaiting an admin’s approval.',
    }),
    signals: Type.Array(Type.String(), {
      description: 'Tool-poisoning rules that fired on the definition last seen.',
    }),
    first_seen: Timestamp,
    last_seen: Timestamp,
    removed_at: NullableTimestamp,
    calls: Type.Integer(),
    errors: Type.Integer(),
    definition: Type.Union([Definition, Type.Null()]),
    pending: Type.Optional(
      Type.Object(
        { sha256: Sha256, definition: Type.Union([Definition, Type.Null()]) },
        {
          description:
            'What the server shows now, when it is not the pinned definition: approve or block it.',
        },
      ),
    ),
  },
  { $id: 'McpTool' },
);

const Alias = Type.String({
  minLength: 1,
  maxLength: 63,
  pattern: ALIAS_SYNTAX,
  [EXPECTS]: 'lower-case letters, digits, - and _, starting with a letter or digit, such as github',
  description: 'Lower-case letters, digits, - and _: the {alias} of /mcp/{alias}.',
});
const Url = Type.String({
  minLength: 1,
  maxLength: 2048,
  description:
    'The server’s Streamable HTTP endpoint: https://… (http:// on a private network), no query string.',
});
// minLength 1: the server's Ajv coerces types, and in a string-or-null union a null would be coerced to ""
// by the string branch first (provider-key-routes.ts, BaseUrl); with it, null stays null.
const Description = Type.String({ minLength: 1, maxLength: 500 });
const Headers = Type.Record(
  Type.String({ minLength: 1, maxLength: HEADER_LIMITS.nameLength }),
  Type.String({ minLength: 1, maxLength: HEADER_LIMITS.valueLength }),
  {
    maxProperties: HEADER_LIMITS.count,
    description:
      'The server’s own credentials, such as {"Authorization": "Bearer …"}: sent to the server on every request, ' +
      'stored encrypted, never shown again.',
  },
);
const Count = Type.Integer({ minimum: 0 });
const ToolCounts = Type.Object(
  { pinned: Count, changed: Count, blocked: Count, new: Count },
  {
    description:
      'The server’s tools by state, leaving out tools its last tools/list no longer showed; changed and new ' +
      'tools await an admin’s review.',
  },
);
const Params = Type.Object({ id: Id });
const ToolParams = Type.Object({ id: Id, name: Type.String({ minLength: 1, maxLength: 256 }) });

const read = { role: 'viewer', scope: 'policy:read' } as const;
const write = { role: 'admin', scope: 'policy:write' } as const;

export const mcpServerRoutes: FastifyPluginAsyncTypebox<{
  mcpServers: McpServerService;
  /** The local servers' routes, registered inside this plugin to share its McpTool schema. */
  localServers?: LocalServerInventory;
}> = async (app, { mcpServers, localServers }) => {
  app.addSchema(McpServerView);
  app.addSchema(McpToolView);
  const tags = ['mcp servers'];
  const one = { 200: Type.Ref('McpServer'), ...errorResponses, 404: Type.Ref('Error') };
  const tool = {
    200: Type.Ref('McpTool'),
    ...errorResponses,
    404: Type.Ref('Error'),
    409: Type.Ref('Error'),
  };

  app.post(
    '/mcp/servers',
    {
      config: { access: write },
      schema: {
        operationId: 'createMcpServer',
        tags,
        summary: 'Register a remote MCP server, reached through the Gateway at /mcp/{alias}',
        body: Type.Object(
          {
            alias: Alias,
            url: Url,
            description: Type.Optional(Nullable(Description)),
            headers: Type.Optional(Headers),
            enabled: Type.Optional(Type.Boolean({ default: true })),
          },
          { additionalProperties: false },
        ),
        response: { 201: Type.Ref('McpServer'), ...errorResponses, 409: Type.Ref('Error') },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const server = await mcpServers.create(
        {
          alias: b.alias,
          url: b.url,
          description: b.description ?? null,
          headers: b.headers ?? {},
          enabled: b.enabled ?? true,
        },
        requestOrigin(request),
      );
      return reply.code(201).send(mcpServerView(server));
    },
  );

  app.get(
    '/mcp/servers',
    {
      config: { access: read },
      schema: {
        operationId: 'listMcpServers',
        tags,
        summary: 'List the registered MCP servers (headers masked), each with its tools counted by state',
        response: {
          200: Type.Object({
            mcp_servers: Type.Array(
              Type.Intersect([Type.Ref('McpServer'), Type.Object({ tool_counts: ToolCounts })]),
            ),
          }),
          ...errorResponses,
        },
      },
    },
    async () => {
      const counts = await mcpServers.toolCounts();
      return {
        mcp_servers: mcpServers.list().map((s) => ({
          ...mcpServerView(s),
          tool_counts: counts.get(s.id) ?? { pinned: 0, changed: 0, blocked: 0, new: 0 },
        })),
      };
    },
  );

  app.get(
    '/mcp/servers/:id',
    {
      config: { access: read },
      schema: {
        operationId: 'getMcpServer',
        tags,
        summary: 'One MCP server (headers masked) with its tools as Gatehouse has seen them',
        params: Params,
        response: {
          200: Type.Intersect([
            Type.Ref('McpServer'),
            Type.Object({ tools: Type.Array(Type.Ref('McpTool')) }),
          ]),
          ...errorResponses,
          404: Type.Ref('Error'),
        },
      },
    },
    async (request) => {
      const server = mcpServers.get(request.params.id);
      return { ...mcpServerView(server), tools: await mcpServers.tools(server.id) };
    },
  );

  app.patch(
    '/mcp/servers/:id',
    {
      config: { access: write },
      schema: {
        operationId: 'updateMcpServer',
        tags,
        summary: 'Change an MCP server’s alias, url, description, headers or whether it is routed',
        description:
          '`headers` replaces the whole set ({} sends none). A new url needs `headers` in the same request when ' +
          'the server has any (the credentials go wherever url points); without it: 400 secret_required.',
        params: Params,
        body: Type.Object(
          {
            alias: Type.Optional(Alias),
            url: Type.Optional(Url),
            description: Type.Optional(Nullable(Description)),
            headers: Type.Optional(Headers),
            enabled: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false, minProperties: 1 },
        ),
        response: { ...one, 409: Type.Ref('Error') },
      },
    },
    async (request) => {
      const b = request.body;
      const server = await mcpServers.update(
        request.params.id,
        {
          ...(b.alias !== undefined ? { alias: b.alias } : {}),
          ...(b.url !== undefined ? { url: b.url } : {}),
          ...(b.description !== undefined ? { description: b.description } : {}),
          ...(b.headers !== undefined ? { headers: b.headers } : {}),
          ...(b.enabled !== undefined ? { enabled: b.enabled } : {}),
        },
        requestOrigin(request),
      );
      return mcpServerView(server);
    },
  );

  app.delete(
    '/mcp/servers/:id',
    {
      config: { access: write },
      schema: {
        operationId: 'deleteMcpServer',
        tags,
        summary: 'Remove an MCP server and its tools’ pins; /mcp/{alias} then answers 404',
        params: Params,
        response: { 204: Type.Null(), ...errorResponses, 404: Type.Ref('Error') },
      },
    },
    async (request, reply) => {
      await mcpServers.remove(request.params.id, requestOrigin(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/mcp/servers/:id/tools/:name/approve',
    {
      config: { access: write },
      schema: {
        operationId: 'approveMcpTool',
        tags,
        summary: 'Accept the tool’s changed or new definition as its pin (and unblock it)',
        description:
          'Give the sha256 of the definition you reviewed: if the server has shown another one since, the answer ' +
          'is 409 and nothing is approved.',
        params: ToolParams,
        body: Type.Optional(Type.Object({ sha256: Type.Optional(Sha256) }, { additionalProperties: false })),
        response: tool,
      },
    },
    async (request) =>
      mcpServers.approveTool(
        request.params.id,
        request.params.name,
        request.body?.sha256,
        requestOrigin(request),
      ),
  );

  app.post(
    '/mcp/servers/:id/tools/:name/block',
    {
      config: { access: write },
      schema: {
        operationId: 'blockMcpTool',
        tags,
        summary: 'Block the tool: hidden from tools/list and refused, until approved',
        params: ToolParams,
        response: tool,
      },
    },
    async (request) => mcpServers.blockTool(request.params.id, request.params.name, requestOrigin(request)),
  );

  if (localServers) await app.register(mcpLocalRoutes, { localServers });
};
