// The local MCP server a coding agent starts in the MCP agent tests: the official SDK's McpServer over
// stdio with one tool, read_note, whose result holds a marker the mock model quotes back. Every call it
// serves is appended as a JSON line to the file MCP_NOTES_LOG names, so that a test can tell whether a
// call reached the server at all (a blocked one must not).
import fs from 'node:fs';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { noteText } from './mcp-agent-script.ts';

const log = process.env.MCP_NOTES_LOG;
const server = new McpServer({ name: 'agent-notes', version: '1.0.0' });
server.registerTool(
  'read_note',
  { description: 'Reads one of the project’s notes by its name.', inputSchema: { name: z.string() } },
  async ({ name }) => {
    if (log) fs.appendFileSync(log, `${JSON.stringify({ tool: 'read_note', arguments: { name } })}\n`);
    return { content: [{ type: 'text' as const, text: noteText(name) }] };
  },
);
await server.connect(new StdioServerTransport());
