// The bodies of POST /mcp/observations and /mcp/decide (docs/decisions/mcp-shim-protocol.md), as the
// Gateway's OpenAPI document shows them and as requests are checked. Unknown members are ignored (a
// newer client talks to an older Gateway); strings are bounded.
import { Type, type Static } from 'typebox';

/** The largest body either route takes: a tool's result may carry a file the tool read. */
export const SHIM_BODY_LIMIT = 4 * 1024 * 1024;
/** The most tools one observation may list. */
export const MAX_OBSERVED_TOOLS = 1000;

const ServerRef = {
  name: Type.String({
    minLength: 1,
    maxLength: 200,
    description:
      'The server’s name in the tool’s configuration (mcpServers.<name>), or the command’s base name.',
  }),
  command: Type.String({
    minLength: 1,
    maxLength: 4096,
    description: 'The command that runs it (npx, uvx, a path).',
  }),
  args_sha256: Type.String({
    pattern: '^[0-9a-f]{64}$',
    description: 'Hex SHA-256 of the JSON array of its arguments (the arguments themselves are never sent).',
  }),
};

export const LocalServerRef = Type.Object(ServerRef);

export const ObservationRequest = Type.Object({
  server: Type.Object({
    ...ServerRef,
    server_info: Type.Optional(
      Type.Object(
        {},
        { description: 'The serverInfo of the server’s initialize answer.', maxProperties: 50 },
      ),
    ),
    protocol_version: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, description: 'The negotiated MCP protocol version.' }),
    ),
  }),
  tools: Type.Optional(
    Type.Array(Type.Unknown(), {
      maxItems: MAX_OBSERVED_TOOLS,
      description: 'The tools/list answer’s tools, exactly as the server gave them (all pages).',
    }),
  ),
});
export type ObservationRequest = Static<typeof ObservationRequest>;

const Decision = Type.Enum(['allow', 'block', 'redact']);
const Rule = Type.String({ description: 'The rule that decided, as the activity’s signals name it.' });
const ModelMessage = Type.String({ description: 'What the shim answers the agent (JSON-RPC error -32001).' });

export const ObservationAnswer = Type.Object({
  policy_version: Type.Integer(),
  offline: Type.Enum(['block', 'allow'], {
    description: 'What the shim does when the Gateway cannot be reached (the policy’s mcp.offline).',
  }),
  server: Type.Object({
    decision: Type.Enum(['allow', 'block']),
    rule: Type.Optional(Rule),
    message: Type.Optional(ModelMessage),
  }),
  tools: Type.Array(
    Type.Object({
      name: Type.String(),
      state: Type.Enum(['pinned', 'changed', 'blocked', 'new'], { description: 'As in the inventory.' }),
      decision: Type.Enum(['allow', 'block']),
      rule: Type.Optional(Rule),
      message: Type.Optional(ModelMessage),
    }),
    {
      description:
        'One per tool of the request, in its order: the shim leaves out of tools/list each one blocked.',
    },
  ),
});
export type ObservationAnswer = Static<typeof ObservationAnswer>;

export const DecideRequest = Type.Object({
  server: LocalServerRef,
  phase: Type.Enum(['call', 'result'], {
    description: 'call: before a tools/call is sent to the server; result: on the server’s result.',
  }),
  tool: Type.String({ minLength: 1, maxLength: 200 }),
  arguments: Type.Optional(Type.Unknown({ description: 'phase call: the tools/call arguments.' })),
  result: Type.Optional(
    Type.Unknown({ description: 'phase result: the JSON-RPC result object as the server sent it.' }),
  ),
});
export type DecideRequest = Static<typeof DecideRequest>;

export const DecideAnswer = Type.Object({
  decision: Decision,
  policy_version: Type.Integer(),
  cacheable: Type.Boolean({
    description:
      'Made from the server and tool names alone (no detector could run): the shim may reuse it for the same server, tool and phase until an answer names another policy_version.',
  }),
  rule: Type.Optional(Rule),
  message: Type.Optional(ModelMessage),
  arguments: Type.Optional(
    Type.Unknown({ description: 'redact, phase call: the arguments to send instead.' }),
  ),
  result: Type.Optional(
    Type.Unknown({ description: 'redact, phase result: the result to pass on instead.' }),
  ),
  signals: Type.Optional(
    Type.Array(Type.String(), { description: 'redact: the detector rules that fired.' }),
  ),
});
export type DecideAnswer = Static<typeof DecideAnswer>;
