// Local MCP servers: the stdio servers developers' tools run, as their endpoint clients' shims report
// them (POST /mcp/observations), per developer and device, with their tools as Gatehouse has pinned
// them. Reading needs policy:read; approving or blocking one server's tool needs policy:write. Blocking a
// server or a tool on every machine at once is a policy rule (mcp.servers.<name>), not a route here.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { LocalServerInventory } from '../mcp/local-server-inventory.ts';
import { Id, Timestamp, errorResponses } from './schemas.ts';
import { requestOrigin } from './request-origin.ts';
import { EXPECTS } from '../http/validation-messages.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Sha256 = Type.String({ pattern: '^[0-9a-f]{64}$', [EXPECTS]: 'a SHA-256 as 64 lower-case hex digits' });
const Count = Type.Integer({ minimum: 0 });

const LocalServerView = Type.Object(
  {
    id: Type.String(),
    name: Type.String({ description: 'The server’s name as the developer’s tool configures it.' }),
    command: Type.String({ description: 'The command that runs it, as the shim reported it.' }),
    args_sha256: Type.String({ description: 'SHA-256 of its arguments (never stored in clear).' }),
    developer: Nullable(
      Type.Object({ id: Type.String(), name: Nullable(Type.String()), email: Nullable(Type.String()) }),
    ),
    device: Nullable(Type.Object({ id: Type.String(), name: Nullable(Type.String()) })),
    credential: Type.Union([Type.Object({ id: Type.String(), name: Nullable(Type.String()) }), Type.Null()], {
      description: 'Reported with an access token (gateway:invoke) rather than a device: that credential.',
    }),
    server_info: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], {
      description: 'The serverInfo of its initialize answer.',
    }),
    protocol_version: Nullable(Type.String()),
    inventoried_at: Type.Union([Timestamp, Type.Null()], {
      description: 'Its first tools/list; a tool that appears later is a finding.',
    }),
    first_seen: Timestamp,
    last_seen: Type.String({
      format: 'date-time',
      description: 'Its last sighting, written at most once a minute.',
    }),
  },
  { $id: 'McpLocalServer' },
);

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

export const mcpLocalRoutes: FastifyPluginAsyncTypebox<{ localServers: LocalServerInventory }> = async (
  app,
  { localServers },
) => {
  app.addSchema(LocalServerView);
  const tags = ['mcp local servers'];
  const tool = {
    200: Type.Ref('McpTool'),
    ...errorResponses,
    404: Type.Ref('Error'),
    409: Type.Ref('Error'),
  };

  app.get(
    '/mcp/local-servers',
    {
      config: { access: read },
      schema: {
        operationId: 'listMcpLocalServers',
        tags,
        summary: 'List the local MCP servers the endpoint clients reported, by developer and device',
        querystring: Type.Object(
          {
            developer_id: Type.Optional(Id),
            device_id: Type.Optional(Id),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 500 })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            local_servers: Type.Array(
              Type.Intersect([Type.Ref('McpLocalServer'), Type.Object({ tool_counts: ToolCounts })]),
            ),
            has_more: Type.Boolean({
              description: 'More servers match than `limit`: narrow by developer_id or device_id.',
            }),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const q = request.query;
      const { servers, hasMore } = await localServers.list({
        ...(q.developer_id !== undefined ? { developerId: q.developer_id } : {}),
        ...(q.device_id !== undefined ? { deviceId: q.device_id } : {}),
        limit: q.limit ?? 500,
      });
      return { local_servers: servers, has_more: hasMore };
    },
  );

  app.get(
    '/mcp/local-servers/:id',
    {
      config: { access: read },
      schema: {
        operationId: 'getMcpLocalServer',
        tags,
        summary: 'One local MCP server with its tools as Gatehouse has pinned them',
        params: Params,
        response: {
          200: Type.Intersect([
            Type.Ref('McpLocalServer'),
            Type.Object({ tools: Type.Array(Type.Ref('McpTool')) }),
          ]),
          ...errorResponses,
          404: Type.Ref('Error'),
        },
      },
    },
    async (request) => localServers.get(request.params.id),
  );

  app.post(
    '/mcp/local-servers/:id/tools/:name/approve',
    {
      config: { access: write },
      schema: {
        operationId: 'approveMcpLocalTool',
        tags,
        summary: 'Accept a local server’s changed or new tool definition as its pin (and unblock it)',
        description:
          'Give the sha256 of the definition you reviewed: if the server has shown another one since, the answer ' +
          'is 409 and nothing is approved. This server on this machine only; a policy rule holds everywhere.',
        params: ToolParams,
        body: Type.Optional(Type.Object({ sha256: Type.Optional(Sha256) }, { additionalProperties: false })),
        response: tool,
      },
    },
    async (request) =>
      localServers.approveTool(
        request.params.id,
        request.params.name,
        request.body?.sha256,
        requestOrigin(request),
      ),
  );

  app.post(
    '/mcp/local-servers/:id/tools/:name/block',
    {
      config: { access: write },
      schema: {
        operationId: 'blockMcpLocalTool',
        tags,
        summary: 'Block a local server’s tool: filtered out of tools/list and refused, until approved',
        description:
          'This server on this machine only. To block a server or tool on every machine, add the rule to the ' +
          'policy’s mcp.servers.',
        params: ToolParams,
        response: tool,
      },
    },
    async (request) => localServers.blockTool(request.params.id, request.params.name, requestOrigin(request)),
  );
};
