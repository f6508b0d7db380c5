// The tools the MCP conformance suite's server scenarios call (@modelcontextprotocol/conformance,
// `server` mode), by the names and behaviour its scenario descriptions ask for. They are defined with
// their JSON Schemas as the wire shows them (one scenario checks that JSON Schema 2020-12 keywords
// survive a tools/list, which a schema generated from zod would not carry) and served by the SDK's
// low-level request handlers (conformance-server.ts).
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type {
  CallToolResult,
  ElicitRequestFormParams,
  ServerNotification,
  ServerRequest,
  Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';

export type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export interface ConformanceTool {
  definition: Tool;
  run(args: Record<string, unknown>, extra: Extra, server: Server): Promise<CallToolResult>;
}

/** A 1×1 red PNG. */
export const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

/** A WAV file of 8 silent 8-bit samples at 8 kHz, mono. */
export const WAV = (() => {
  const samples = Buffer.alloc(8, 0x80);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24); // sample rate
  header.writeUInt32LE(8000, 28); // byte rate
  header.writeUInt16LE(1, 32); // block align
  header.writeUInt16LE(8, 34); // bits per sample
  header.write('data', 36);
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]).toString('base64');
})();

const NO_ARGS = { type: 'object' as const, properties: {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const text = (t: string): CallToolResult => ({ content: [{ type: 'text', text: t }] });

function tool(
  name: string,
  description: string,
  run: ConformanceTool['run'],
  inputSchema: Tool['inputSchema'] = NO_ARGS,
): ConformanceTool {
  return { definition: { name, description, inputSchema }, run };
}

async function log(extra: Extra, data: string) {
  await extra.sendNotification({
    method: 'notifications/message',
    params: { level: 'info', logger: 'conformance-server', data },
  });
}

// A request a tool makes goes on its call's own stream (relatedRequestId), as the specification says it
// should: on the session's GET stream it would be lost whenever the call came before that stream was open.
async function elicit(
  server: Server,
  extra: Extra,
  params: ElicitRequestFormParams,
): Promise<CallToolResult> {
  const answer = await server.elicitInput(params, { relatedRequestId: extra.requestId });
  return text(
    `Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`,
  );
}

export const CONFORMANCE_TOOLS: ConformanceTool[] = [
  tool('test_simple_text', 'Returns simple text content.', async () =>
    text('This is a simple text response for testing.'),
  ),
  tool('test_image_content', 'Returns image content (a PNG).', async () => ({
    content: [{ type: 'image', data: PNG, mimeType: 'image/png' }],
  })),
  tool('test_audio_content', 'Returns audio content (a WAV).', async () => ({
    content: [{ type: 'audio', data: WAV, mimeType: 'audio/wav' }],
  })),
  tool('test_embedded_resource', 'Returns an embedded resource.', async () => ({
    content: [
      {
        type: 'resource',
        resource: {
          uri: 'test://embedded-resource',
          mimeType: 'text/plain',
          text: 'This is an embedded resource content.',
        },
      },
    ],
  })),
  tool('test_multiple_content_types', 'Returns text, an image and a resource.', async () => ({
    content: [
      { type: 'text', text: 'Multiple content types test:' },
      { type: 'image', data: PNG, mimeType: 'image/png' },
      {
        type: 'resource',
        resource: {
          uri: 'test://mixed-content-resource',
          mimeType: 'application/json',
          text: JSON.stringify({ test: 'data', value: 123 }),
        },
      },
    ],
  })),
  tool('test_tool_with_logging', 'Sends three log messages while it runs.', async (_args, extra) => {
    await log(extra, 'Tool execution started');
    await sleep(50);
    await log(extra, 'Tool processing data');
    await sleep(50);
    await log(extra, 'Tool execution completed');
    return text('Tool with logging executed successfully.');
  }),
  tool('test_tool_with_progress', 'Reports progress 0, 50 and 100 of 100.', async (_args, extra) => {
    const token = extra._meta?.progressToken;
    for (const progress of [0, 50, 100]) {
      if (token !== undefined)
        await extra.sendNotification({
          method: 'notifications/progress',
          params: { progressToken: token, progress, total: 100 },
        });
      if (progress < 100) await sleep(50);
    }
    return text('Tool with progress executed successfully.');
  }),
  tool('test_error_handling', 'Always fails.', async () => ({
    isError: true,
    content: [{ type: 'text', text: 'This tool intentionally returns an error for testing' }],
  })),
  tool(
    'test_sampling',
    'Asks the client’s model to complete a prompt.',
    async (args, extra, server) => {
      const answer = await server.createMessage(
        {
          messages: [{ role: 'user', content: { type: 'text', text: String(args.prompt) } }],
          maxTokens: 100,
        },
        { relatedRequestId: extra.requestId },
      );
      const content = Array.isArray(answer.content) ? answer.content[0] : answer.content;
      return text(`LLM response: ${content?.type === 'text' ? content.text : JSON.stringify(content)}`);
    },
    { type: 'object', properties: { prompt: { type: 'string' } }, required: ['prompt'] },
  ),
  tool(
    'test_elicitation',
    'Asks the user for their name and e-mail address.',
    async (args, extra, server) =>
      elicit(server, extra, {
        message: String(args.message),
        requestedSchema: {
          type: 'object',
          properties: {
            username: { type: 'string', description: 'User’s response' },
            email: { type: 'string', description: 'User’s email address' },
          },
          required: ['username', 'email'],
        },
      }),
    { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
  ),
  tool(
    'test_elicitation_sep1034_defaults',
    'Asks the user for values of each primitive type, each with a default (SEP-1034).',
    async (_args, extra, server) =>
      elicit(server, extra, {
        message: 'Please review the defaults.',
        requestedSchema: {
          type: 'object',
          properties: {
            name: { type: 'string', default: 'John Doe' },
            age: { type: 'integer', default: 30 },
            score: { type: 'number', default: 95.5 },
            status: { type: 'string', enum: ['active', 'inactive', 'pending'], default: 'active' },
            verified: { type: 'boolean', default: true },
          },
        },
      }),
  ),
  tool(
    'test_elicitation_sep1330_enums',
    'Asks the user to choose, in each of the five enum forms (SEP-1330).',
    async (_args, extra, server) =>
      elicit(server, extra, {
        message: 'Please choose.',
        requestedSchema: {
          type: 'object',
          properties: {
            untitledSingle: { type: 'string', enum: ['option1', 'option2', 'option3'] },
            titledSingle: {
              type: 'string',
              oneOf: [
                { const: 'value1', title: 'First Option' },
                { const: 'value2', title: 'Second Option' },
                { const: 'value3', title: 'Third Option' },
              ],
            },
            legacyEnum: {
              type: 'string',
              enum: ['opt1', 'opt2', 'opt3'],
              enumNames: ['Option One', 'Option Two', 'Option Three'],
            },
            untitledMulti: {
              type: 'array',
              items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
            },
            titledMulti: {
              type: 'array',
              items: {
                anyOf: [
                  { const: 'value1', title: 'First Choice' },
                  { const: 'value2', title: 'Second Choice' },
                  { const: 'value3', title: 'Third Choice' },
                ],
              },
            },
          },
        },
      }),
  ),
  tool(
    'json_schema_2020_12_tool',
    'Tool with JSON Schema 2020-12 features',
    async (args) => text(`Received ${JSON.stringify(args)}`),
    {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: {
        address: {
          type: 'object',
          properties: { street: { type: 'string' }, city: { type: 'string' } },
        },
      },
      properties: { name: { type: 'string' }, address: { $ref: '#/$defs/address' } },
      additionalProperties: false,
    },
  ),
  tool(
    'test_reconnection',
    'Closes its SSE stream before it answers, so that the client resumes it (SEP-1699).',
    async (_args, extra) => {
      // The answer waits in the event store until the client comes back with Last-Event-ID.
      extra.closeSSEStream?.();
      await sleep(100);
      return text('Reconnection test completed.');
    },
  ),
];
