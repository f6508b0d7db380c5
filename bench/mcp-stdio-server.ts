// The benchmark's local MCP server: the official SDK's McpServer with one `echo` tool over stdio, as a
// developer's agent starts one (`npx some-mcp-server`). Run directly and through `gatehouse-client mcp
// wrap` by mcp-stdio.ts, which speaks newline-delimited JSON-RPC to it over stdin and stdout.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'gatehouse-bench-stdio', version: '1.0.0' });
server.registerTool(
  'echo',
  { description: 'Echoes the text it is given.', inputSchema: { text: z.string() } },
  async ({ text }) => ({ content: [{ type: 'text' as const, text }] }),
);
await server.connect(new StdioServerTransport());
