// Activity: every Gateway request, newest first for the console or after a cursor for a SIEM, with
// filters. Opened by audit:read.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Store } from '../store/database.ts';
import { queryActivity, withSignalActions } from '../activity/activity-store.ts';
import { withFindingIds } from '../activity/activity-findings.ts';
import { OUTCOMES } from '../activity/activity-types.ts';
import { PROVIDER_FAMILIES } from '../provider-keys/provider-key-types.ts';
import { ACTIONS } from '../../../shared/policy-terms.ts';
import { errorResponses } from './schemas.ts';
import { pagingDescription, pagingQuery, pageSchema, readPaging, sendPage } from './log-paging.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

const ActivityRecord = Type.Object(
  {
    id: Type.String(),
    time: Type.String({ format: 'date-time' }),
    request_id: Type.String({ description: 'Also sent to the caller as x-gatehouse-request-id.' }),
    actor: Nullable(
      Type.Object(
        {
          type: Type.Enum(['credential', 'developer', 'device']),
          id: Type.String(),
          name: Nullable(Type.String()),
        },
        { description: 'The API credential, or for a device token the developer it was issued to.' },
      ),
    ),
    // Optional: records are served as written, and those written before devices have neither field.
    device: Type.Optional(
      Nullable(
        Type.Object(
          { id: Type.String(), name: Type.String() },
          { description: 'The device a developer’s request came from (a device token); null otherwise.' },
        ),
      ),
    ),
    tool: Type.String({
      description:
        'The tool recognised from the user agent (claude-code, openai-sdk, an admin-defined tool’s id, …) or unknown.',
    }),
    mode: Type.Optional(
      Type.Enum(['provider_key', 'subscription'], {
        description:
          'The tool’s mode: provider_key (the organisation’s provider key went upstream) or subscription (the tool’s own credential did).',
      }),
    ),
    user_agent: Nullable(Type.String()),
    ip: Type.String(),
    provider: Nullable(Type.Enum([...PROVIDER_FAMILIES])),
    model: Nullable(Type.String()),
    provider_key_id: Nullable(Type.String()),
    operation: Type.String({
      description:
        'messages, count_tokens, chat.completions, generateContent, …; for a path the Gateway does not serve (not_found), its method and path, as "POST /v1/batches"; for an MCP call, its JSON-RPC method (tools/call, …), or stream (the server’s own GET stream), session.end (DELETE) or response (the caller’s answer to the server’s request).',
    }),
    status: Type.Integer({ description: 'The HTTP status the caller received.' }),
    outcome: Type.Enum([...OUTCOMES], {
      description:
        'allowed; redacted (answered, with something of the prompt or the answer redacted by the policy); blocked (by the policy); upstream_error; gateway_error.',
    }),
    error_code: Nullable(
      Type.String({
        description:
          'Why the Gateway refused or failed, or why the provider gave no answer (upstream_unreachable, upstream_timeout, upstream_interrupted).',
      }),
    ),
    signals: Type.Array(Type.String(), { description: 'The policy rules that fired.' }),
    signal_actions: Type.Record(
      Type.String(),
      Type.Enum(
        ACTIONS.filter((a) => a !== 'off'),
        { description: 'block, redact or alert.' },
      ),
      {
        description:
          'What the policy did about each signal, by rule: block, redact or alert (alert also for every rule under enforcement monitor). {} for records written before it was kept.',
      },
    ),
    input_tokens: Nullable(Type.Integer()),
    output_tokens: Nullable(Type.Integer()),
    // Absent from records written before these were kept (the stored record is served as written).
    cached_tokens: Type.Optional(
      Nullable(
        Type.Integer({
          description:
            'Of input_tokens, those read from the provider’s prompt cache (OpenAI cached_tokens, Anthropic cache_read_input_tokens, Gemini cachedContentTokenCount); null where the provider does not report it.',
        }),
      ),
    ),
    reasoning_tokens: Type.Optional(
      Nullable(
        Type.Integer({
          description:
            'Of output_tokens, those the model spent thinking (OpenAI reasoning_tokens, Gemini thoughtsTokenCount); null where the provider does not report it (Anthropic counts thinking in output_tokens without a split).',
        }),
      ),
    ),
    latency_ms: Type.Number({ description: 'From the request’s arrival to the last byte of the answer.' }),
    ttfb_ms: Nullable(
      Type.Number({ description: 'From the request’s arrival to the first byte of the answer.' }),
    ),
    stream: Type.Boolean(),
    request_bytes: Type.Integer(),
    response_bytes: Type.Integer(),
    // MCP calls only: absent on model traffic.
    mcp_server: Type.Optional(
      Type.String({ description: 'An MCP call (/mcp/{alias}): the server’s alias in the MCP inventory.' }),
    ),
    mcp_method: Type.Optional(
      Nullable(
        Type.String({
          description:
            'An MCP call: the JSON-RPC method (tools/call, tools/list, …); null for the server’s own stream (GET), a session’s end (DELETE) and the caller’s answers to the server’s requests.',
        }),
      ),
    ),
    mcp_tool: Type.Optional(Nullable(Type.String({ description: 'An MCP tools/call: the tool it named.' }))),
    mcp_source: Type.Optional(
      Type.Enum(['routed', 'local'], {
        description:
          'An MCP call: routed through /mcp/{alias}, or a local server’s decision asked by the endpoint client’s shim (/mcp/decide, /mcp/observations).',
      }),
    ),
    finding_ids: Type.Array(Type.String(), {
      description:
        'The risk findings this request raised or repeated (of the requests each finding keeps: its first and its latest 100). Findings are written within a second of the request, so a record read at once may not list them yet.',
    }),
  },
  { $id: 'Activity' },
);

export const activityRoutes: FastifyPluginAsyncTypebox<{ store: Store }> = async (app, { store }) => {
  app.addSchema(ActivityRecord);
  app.get(
    '/activity',
    {
      config: { access: { role: 'viewer', scope: 'audit:read' } },
      schema: {
        operationId: 'listActivity',
        tags: ['activity'],
        summary: 'Gateway requests, after a cursor or newest first, with filters',
        description:
          'The SIEM pull of the Gateway’s traffic, sibling of GET /api/v1/audit/events with the same cursor: ' +
          'every Gateway request, refused ones included, with the credential (actor) or the developer and device ' +
          'of a device token, the address and the outcome. Rows are numbered in commit order on both engines, ' +
          'so a poller that follows next_cursor never skips or repeats one (docs/operations.md, “What a SIEM reads”). ' +
          pagingDescription,
        querystring: Type.Object(
          {
            ...pagingQuery,
            outcome: Type.Optional(Type.Enum([...OUTCOMES])),
            provider: Type.Optional(Type.Enum([...PROVIDER_FAMILIES])),
            model: Type.Optional(Type.String({ maxLength: 200 })),
            tool: Type.Optional(Type.String({ maxLength: 64 })),
            actor_id: Type.Optional(Type.String({ maxLength: 64 })),
            device_id: Type.Optional(Type.String({ maxLength: 64 })),
            request_id: Type.Optional(
              Type.String({ maxLength: 64, description: 'The x-gatehouse-request-id the caller received.' }),
            ),
            mcp_server: Type.Optional(
              Type.String({ maxLength: 64, description: 'MCP calls to the server of this alias.' }),
            ),
            mcp_tool: Type.Optional(
              Type.String({ maxLength: 256, description: 'MCP tools/call of the tool of this name.' }),
            ),
            mcp_source: Type.Optional(
              Type.Enum(['routed', 'local'], {
                description: 'MCP calls through /mcp/{alias} (routed) or local servers’ decisions (local).',
              }),
            ),
            finding_id: Type.Optional(
              Type.String({
                maxLength: 64,
                description:
                  'The requests that raised or repeated this risk finding, exactly (the ones it keeps: its first and its latest 100).',
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          200: pageSchema('activity', Type.Ref('Activity')),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const paging = readPaging(q);
      const page = await queryActivity(store.db, {
        ...paging,
        outcome: q.outcome,
        provider: q.provider,
        model: q.model,
        tool: q.tool,
        actorId: q.actor_id,
        deviceId: q.device_id,
        requestId: q.request_id,
        mcpServer: q.mcp_server,
        mcpTool: q.mcp_tool,
        mcpSource: q.mcp_source,
        findingId: q.finding_id,
      });
      const documents = await withFindingIds(store.db, page.documents.map(withSignalActions));
      return sendPage(reply, 'activity', { ...page, documents }, paging);
    },
  );
};
