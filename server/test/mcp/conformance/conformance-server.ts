// The server the MCP conformance suite's `server` mode tests: the official SDK's McpServer (resources,
// prompts, completion, logging) with the tools of conformance-tools.ts on its low-level handlers,
// behind its StreamableHTTPServerTransport on a real port, one McpServer and transport per session,
// with an event store so that a stream the server closes mid-call can be resumed. It refuses a Host or
// Origin that is not localhost (DNS rebinding), as a localhost server without authentication must.
// Run it alone with `node --import tsx server/test/mcp/conformance/conformance-server.ts [port]`.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { completable } from '@modelcontextprotocol/sdk/server/completable.js';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { InMemoryEventStore } from '@modelcontextprotocol/sdk/examples/shared/inMemoryEventStore.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { CONFORMANCE_TOOLS, PNG } from './conformance-tools.ts';

export interface ConformanceServer {
  url: string;
  /** Changes the watched resource and tells each session subscribed to it. */
  updateWatched(text: string): Promise<void>;
  close(): Promise<void>;
}

const LOCAL = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether a Host (`name[:port]`) or Origin (`scheme://name[:port]`) names this machine. */
function isLocal(value: string | undefined, kind: 'host' | 'origin'): boolean {
  if (value === undefined) return kind === 'origin'; // a client that is not a browser sends no Origin
  try {
    return LOCAL.has(new URL(kind === 'host' ? `http://${value}` : value).hostname);
  } catch {
    return false;
  }
}

function buildServer(watched: { text: string }, subscribed: Set<string>): McpServer {
  const mcp = new McpServer(
    { name: 'gatehouse-conformance-server', version: '1.0.0' },
    {
      capabilities: {
        tools: { listChanged: true },
        resources: { subscribe: true, listChanged: true },
        prompts: { listChanged: true },
        logging: {},
        completions: {},
      },
    },
  );
  const server = mcp.server;
  const tools = new Map(CONFORMANCE_TOOLS.map((t) => [t.definition.name, t]));
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: CONFORMANCE_TOOLS.map((t) => t.definition),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (req, extra) => {
    const t = tools.get(req.params.name);
    if (!t) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${req.params.name}`);
    try {
      return await t.run(req.params.arguments ?? {}, extra, server);
    } catch (err) {
      return { isError: true, content: [{ type: 'text', text: `Failed: ${(err as Error).message}` }] };
    }
  });

  mcp.registerResource(
    'Static Text Resource',
    'test://static-text',
    { description: 'A static text resource for testing', mimeType: 'text/plain' },
    async (uri) => ({
      contents: [
        { uri: uri.href, mimeType: 'text/plain', text: 'This is the content of the static text resource.' },
      ],
    }),
  );
  mcp.registerResource(
    'Static Binary Resource',
    'test://static-binary',
    { description: 'A static binary resource (image) for testing', mimeType: 'image/png' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'image/png', blob: PNG }] }),
  );
  mcp.registerResource(
    'Resource Template',
    new ResourceTemplate('test://template/{id}/data', { list: undefined }),
    { description: 'A resource template with parameter substitution', mimeType: 'application/json' },
    async (uri, { id }) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'application/json',
          text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${String(id)}` }),
        },
      ],
    }),
  );
  mcp.registerResource(
    'Watched Resource',
    'test://watched-resource',
    { description: 'A resource that can be subscribed to', mimeType: 'text/plain' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: watched.text }] }),
  );
  server.setRequestHandler(SubscribeRequestSchema, (req) => {
    subscribed.add(req.params.uri);
    return {};
  });
  server.setRequestHandler(UnsubscribeRequestSchema, (req) => {
    subscribed.delete(req.params.uri);
    return {};
  });

  mcp.registerPrompt('test_simple_prompt', { description: 'A simple prompt without arguments' }, () => ({
    messages: [{ role: 'user', content: { type: 'text', text: 'This is a simple prompt for testing.' } }],
  }));
  mcp.registerPrompt(
    'test_prompt_with_arguments',
    {
      description: 'A prompt with required arguments',
      argsSchema: {
        arg1: completable(z.string().describe('First test argument'), (value) =>
          ['paris', 'park', 'party', 'test-value'].filter((v) => v.startsWith(value)),
        ),
        arg2: z.string().describe('Second test argument'),
      },
    },
    ({ arg1, arg2 }) => ({
      messages: [
        {
          role: 'user',
          content: { type: 'text', text: `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'` },
        },
      ],
    }),
  );
  mcp.registerPrompt(
    'test_prompt_with_embedded_resource',
    {
      description: 'A prompt that embeds a resource',
      argsSchema: { resourceUri: z.string().describe('URI of the resource to embed') },
    },
    ({ resourceUri }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'resource',
            resource: {
              uri: resourceUri,
              mimeType: 'text/plain',
              text: 'Embedded resource content for testing.',
            },
          },
        },
        { role: 'user', content: { type: 'text', text: 'Please process the embedded resource above.' } },
      ],
    }),
  );
  mcp.registerPrompt('test_prompt_with_image', { description: 'A prompt with an image' }, () => ({
    messages: [
      { role: 'user', content: { type: 'image', data: PNG, mimeType: 'image/png' } },
      { role: 'user', content: { type: 'text', text: 'Please analyze the image above.' } },
    ],
  }));
  return mcp;
}

interface Session {
  mcp: McpServer;
  transport: StreamableHTTPServerTransport;
  subscribed: Set<string>;
}

export async function startConformanceServer(port = 0): Promise<ConformanceServer> {
  const sessions = new Map<string, Session>();
  const watched = { text: 'Watched resource content' };
  const httpServer = http.createServer((req, res) => {
    const refuse = (status: number, code: number, message: string) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } }));
    };
    if (!isLocal(req.headers.host, 'host') || !isLocal(req.headers.origin, 'origin'))
      return refuse(403, -32000, 'Only localhost may reach this server (Host and Origin are checked).');
    const id = req.headers['mcp-session-id'];
    const existing = typeof id === 'string' ? sessions.get(id) : undefined;
    if (existing) return void existing.transport.handleRequest(req, res);
    if (req.method !== 'POST' || id !== undefined) return refuse(404, -32001, 'Session not found');
    const subscribed = new Set<string>();
    const mcp = buildServer(watched, subscribed);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      eventStore: new InMemoryEventStore(),
      retryInterval: 100,
      onsessioninitialized: (sid) => void sessions.set(sid, { mcp, transport, subscribed }),
      onsessionclosed: (sid) => void sessions.delete(sid),
    });
    void mcp.connect(transport).then(() => transport.handleRequest(req, res));
  });
  await new Promise<void>((resolve) => httpServer.listen(port, '127.0.0.1', resolve));
  const address = httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}/mcp`,
    async updateWatched(text) {
      watched.text = text;
      for (const s of sessions.values())
        if (s.subscribed.has('test://watched-resource'))
          await s.mcp.server.sendResourceUpdated({ uri: 'test://watched-resource' }).catch(() => {});
    },
    async close() {
      for (const s of sessions.values()) await s.mcp.close().catch(() => {});
      httpServer.closeAllConnections();
      await new Promise((r) => httpServer.close(r));
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startConformanceServer(Number(process.argv[2] ?? 0));
  process.stdout.write(`${server.url}\n`);
}
