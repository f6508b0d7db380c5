// The MCP server of the MCP benchmark, as its own process (its CPU is neither the generator's nor the
// Gateway's): the official SDK's McpServer behind its StreamableHTTPServerTransport on 127.0.0.1, one
// server and transport per session, answering in JSON (no SSE) so that a tools/call is one request and
// one answer. It holds 200 tools (a large server's list, each with a description and a schema like a
// real one's), one of them `echo`, answers tools/list from memory, and keeps no record of what it is sent. It prints one line,
// {"url": "http://127.0.0.1:<port>/mcp"}, once it listens; SIGTERM stops it.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ListToolsRequestSchema, type ListToolsResult } from '@modelcontextprotocol/sdk/types.js';

export const BENCH_TOOL_COUNT = 200;

function buildTools(): McpServer {
  const server = new McpServer({ name: 'bench-tools', version: '1.0.0' });
  server.registerTool(
    'echo',
    { description: 'Echoes its text back.', inputSchema: { text: z.string().max(10_000) } },
    async ({ text }) => ({ content: [{ type: 'text', text }] }),
  );
  for (let i = 1; i < BENCH_TOOL_COUNT; i++) {
    const n = String(i).padStart(3, '0');
    server.registerTool(
      `records_${n}`,
      {
        title: `Records ${n}`,
        description: `Looks up records in collection ${n} by a filter, newest first, and returns at most \`limit\` of them with their ids, titles and update times.`,
        inputSchema: {
          filter: z.string().describe('A field=value filter, e.g. status=open'),
          limit: z.number().int().min(1).max(100).optional().describe('How many records, at most'),
          fields: z.array(z.string()).optional().describe('Which fields to return'),
        },
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      async ({ filter }) => ({ content: [{ type: 'text', text: `no records match ${filter}` }] }),
    );
  }
  return server;
}

/**
 * The list as the SDK makes it, made once: McpServer converts 200 zod schemas to JSON Schema on every
 * tools/list (some 20 ms of this process's CPU), which made the direct time vary by more than the
 * Gateway adds. A server that answers its list from memory, as most do, measures the Gateway alone.
 */
async function listOnce(): Promise<ListToolsResult> {
  const [a, b] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await Promise.all([buildTools().connect(a), client.connect(b)]);
  const list = await client.listTools();
  await client.close();
  return list;
}
const tools = await listOnce();

function buildServer(): McpServer {
  const server = buildTools();
  server.server.setRequestHandler(ListToolsRequestSchema, () => tools);
  return server;
}

const transports = new Map<string, StreamableHTTPServerTransport>();
const httpServer = http.createServer((req, res) => {
  const id = req.headers['mcp-session-id'];
  const existing = typeof id === 'string' ? transports.get(id) : undefined;
  if (existing) return void existing.handleRequest(req, res);
  if (req.method !== 'POST' || id !== undefined) {
    res.writeHead(404, { 'content-type': 'application/json' });
    return void res.end('{"jsonrpc":"2.0","id":null,"error":{"code":-32001,"message":"Session not found"}}');
  }
  const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    enableJsonResponse: true,
    onsessioninitialized: (sid) => void transports.set(sid, transport),
  });
  transport.onclose = () => {
    if (transport.sessionId) transports.delete(transport.sessionId);
  };
  void buildServer()
    .connect(transport)
    .then(() => transport.handleRequest(req, res));
});
httpServer.keepAliveTimeout = 60_000;
httpServer.listen(0, '127.0.0.1', () => {
  const { port } = httpServer.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}/mcp` })}\n`);
});

const stop = () => void httpServer.close(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
