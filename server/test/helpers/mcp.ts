// MCP on both ends of /mcp/{alias}: the official SDK's McpServer behind its StreamableHTTPServerTransport
// on a real port (one server and transport per session, with an event store so that streams can be
// resumed), and its Client with StreamableHTTPClientTransport pointed at the Gateway. The server keeps
// the headers of every request it received, so that a test can see what reached it.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { InMemoryEventStore } from '@modelcontextprotocol/sdk/examples/shared/inMemoryEventStore.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ActivityRecord } from '../../src/activity/activity-types.ts';
import { createCredential, exchangeToken, signIn, type ApiClient } from './api-client.ts';
import type { Engine } from './engines.ts';
import { startTestServer, type TestServer, type TestServerOptions } from './server.ts';

/** A secret-shaped value a tool reads from a `.env` file (an AWS access key id the detectors know). */
export const ENV_SECRET = 'AKIAQ7Z3HXVRMTY2PLWE';

export interface SdkServerSession {
  server: McpServer;
  transport: StreamableHTTPServerTransport;
}

export interface SdkMcpServer {
  url: string;
  /** The headers of every request received, in order. */
  seen: http.IncomingHttpHeaders[];
  sessions: Map<string, SdkServerSession>;
  /** The arguments every tools/call received, in order. */
  calls: Array<{ tool: string; args: unknown }>;
  close(): Promise<void>;
}

/**
 * The SDK's in-memory event store, which also says when a resumption's replay has been read: once it
 * has, the SDK's server registers the resumed stream in the same turn, and a message sent after that
 * goes out on it.
 */
class ReplayAwareEventStore extends InMemoryEventStore {
  private replays = 0;
  private waiters: Array<() => void> = [];

  override async replayEventsAfter(...args: Parameters<InMemoryEventStore['replayEventsAfter']>) {
    const streamId = await super.replayEventsAfter(...args);
    this.replays++;
    for (const wake of this.waiters.splice(0)) wake();
    return streamId;
  }

  /** Resolves once a replay has been read (at once if one already was). */
  replayed(): Promise<void> {
    return this.replays > 0 ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }
}

function buildServer(calls: SdkMcpServer['calls'], events: ReplayAwareEventStore): McpServer {
  const server = new McpServer({ name: 'test-tools', version: '1.0.0' }, { capabilities: { logging: {} } });
  server.registerTool(
    'echo',
    { description: 'Echoes its text.', inputSchema: { text: z.string() } },
    async ({ text }) => {
      calls.push({ tool: 'echo', args: { text } });
      return { content: [{ type: 'text', text }] };
    },
  );
  server.registerTool(
    'read_env',
    { description: 'Reads the project’s .env file.', inputSchema: {} },
    async () => ({
      content: [{ type: 'text', text: `AWS_ACCESS_KEY_ID=${ENV_SECRET}\nDEBUG=1` }],
      structuredContent: { file: '.env', key: ENV_SECRET },
    }),
  );
  server.registerTool('delete_all', { description: 'Deletes everything.', inputSchema: {} }, async () => {
    calls.push({ tool: 'delete_all', args: {} });
    return { content: [{ type: 'text', text: 'deleted' }] };
  });
  server.registerTool(
    'count',
    { description: 'Counts to n, reporting progress.', inputSchema: { n: z.number() } },
    async ({ n }, extra) => {
      const token = extra._meta?.progressToken;
      for (let i = 1; i <= n; i++) {
        if (token !== undefined)
          await extra.sendNotification({
            method: 'notifications/progress',
            params: { progressToken: token, progress: i, total: n },
          });
      }
      return { content: [{ type: 'text', text: `counted to ${n}` }] };
    },
  );
  server.registerTool(
    'interrupted',
    { description: 'Closes its stream before it answers (the client resumes it).', inputSchema: {} },
    async (_args, extra) => {
      await extra.sendNotification({
        method: 'notifications/message',
        params: { level: 'info', data: 'working' },
      });
      extra.closeSSEStream?.();
      // The result waits for the client's resumption and then goes out on the resumed stream. Produced
      // while the SDK's server is still replaying for the resuming GET, it would be stored after the
      // replay's read and before the stream is registered, and never sent (a race in the SDK's server),
      // leaving the call waiting: so wait for the replay's read, then for the turn that registers it.
      await events.replayed();
      await new Promise((r) => setImmediate(r));
      return { content: [{ type: 'text', text: `resumed; the key is ${ENV_SECRET}` }] };
    },
  );
  server.registerResource('app-config', 'config://app', { mimeType: 'text/plain' }, async (uri) => ({
    contents: [{ uri: uri.href, text: 'mode=production' }],
  }));
  server.registerPrompt(
    'greet',
    { description: 'A greeting.', argsSchema: { name: z.string() } },
    ({ name }) => ({
      messages: [{ role: 'user', content: { type: 'text', text: `Say hello to ${name}.` } }],
    }),
  );
  return server;
}

/** The SDK's server on a real port, one McpServer and transport per session. */
export async function startSdkMcpServer(
  options: { enableJsonResponse?: boolean; build?: (s: McpServer) => void } = {},
): Promise<SdkMcpServer> {
  const seen: http.IncomingHttpHeaders[] = [];
  const sessions = new Map<string, SdkServerSession>();
  const calls: SdkMcpServer['calls'] = [];
  const httpServer = http.createServer((req, res) => {
    seen.push(req.headers);
    const id = req.headers['mcp-session-id'];
    const existing = typeof id === 'string' ? sessions.get(id) : undefined;
    if (existing) return void existing.transport.handleRequest(req, res);
    if (req.method !== 'POST' || id !== undefined) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return void res.end(
        JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Session not found' } }),
      );
    }
    const events = new ReplayAwareEventStore();
    const server = buildServer(calls, events);
    options.build?.(server);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      eventStore: events,
      retryInterval: 50,
      enableJsonResponse: options.enableJsonResponse ?? false,
      onsessioninitialized: (sid) => void sessions.set(sid, { server, transport }),
      onsessionclosed: (sid) => void sessions.delete(sid),
    });
    void server.connect(transport).then(() => transport.handleRequest(req, res));
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    seen,
    sessions,
    calls,
    async close() {
      for (const s of sessions.values()) await s.server.close().catch(() => {});
      httpServer.closeAllConnections();
      await new Promise((r) => httpServer.close(r));
    },
  };
}

/** A raw HTTP server for the failures the SDK's server never makes (hangs, resets). */
export async function startRawServer(
  handler: http.RequestListener,
): Promise<{ url: string; close(): Promise<void> }> {
  const httpServer = http.createServer(handler);
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    async close() {
      httpServer.closeAllConnections();
      await new Promise((r) => httpServer.close(r));
    },
  };
}

export interface ClientOptions {
  /** Headers every request carries (the Gatehouse token). */
  headers?: Record<string, string>;
  /** The protocol version the client asks for at initialize (the SDK asks for its latest). */
  protocolVersion?: string;
  /** Answers an elicitation the server sends. */
  onElicit?: (message: string) => Record<string, unknown>;
}

/** The SDK's client through the Gateway at `url`. */
export async function connectClient(
  url: string,
  options: ClientOptions = {},
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const version = options.protocolVersion;
  // The SDK's client always asks for its latest version; an older one is asked for by rewriting its
  // initialize request (the server then answers with that version, and the client speaks it).
  const rewrite: typeof fetch = async (input, init) => {
    if (version && typeof init?.body === 'string' && init.body.includes('"initialize"')) {
      const body = JSON.parse(init.body) as { params?: { protocolVersion?: string } };
      if (body.params) body.params.protocolVersion = version;
      init = { ...init, body: JSON.stringify(body) };
    }
    return fetch(input, init);
  };
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: options.headers ?? {} },
    fetch: rewrite,
    // Quick to resume, and patient: on a loaded machine the first attempts may come before the server
    // has seen the old stream close, and a client that gives up leaves its call waiting for ever.
    reconnectionOptions: {
      initialReconnectionDelay: 50,
      maxReconnectionDelay: 1_000,
      reconnectionDelayGrowFactor: 2,
      maxRetries: 10,
    },
  });
  const client = new Client(
    { name: 'gatehouse-test', version: '1.0.0' },
    { capabilities: { elicitation: {} } },
  );
  if (options.onElicit) {
    const answer = options.onElicit;
    client.setRequestHandler(
      ElicitRequestSchema,
      async (req) =>
        ({
          action: 'accept',
          content: answer(String((req.params as { message?: unknown }).message ?? '')),
        }) as never,
    );
  }
  await client.connect(transport);
  return { client, transport };
}

export interface McpFixture {
  server: TestServer;
  admin: ApiClient;
  /** A token with gateway:invoke. */
  token: string;
  credentialId: string;
  /** Registers a server in the inventory through the management API, as an admin would. */
  register(alias: string, url: string, headers?: Record<string, string>): Promise<{ id: string }>;
  /** The Gateway's URL for the server of `alias`. */
  urlOf(alias: string): string;
  /** The activity records matching `query` (oldest first), once `count` have been written. */
  activity(count: number, query?: string): Promise<ActivityRecord[]>;
  close(): Promise<void>;
}

export async function startMcpFixture(engine: Engine, options: TestServerOptions = {}): Promise<McpFixture> {
  const server = await startTestServer(engine, options);
  const admin = await signIn(server.consoleUrl, server.owner.email, server.owner.password);
  const cred = await createCredential(admin, { name: 'mcp-tools', scopes: ['gateway:invoke'] });
  const token = (await exchangeToken(server.consoleUrl, cred.client_id, cred.client_secret)).access_token;
  return {
    server,
    admin,
    token,
    credentialId: cred.id,
    async register(alias, url, headers) {
      const res = await admin.post<{ id: string }>('/api/v1/mcp/servers', {
        alias,
        url,
        ...(headers ? { headers } : {}),
      });
      if (res.status !== 201)
        throw new Error(`POST /api/v1/mcp/servers: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    },
    urlOf: (alias) => `${server.gatewayUrl}/mcp/${alias}`,
    async activity(count, query = '') {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const params = new URLSearchParams(query);
        params.set('limit', '1000');
        const res = await admin.get<{ activity: ActivityRecord[] }>(`/api/v1/activity?${params}`);
        if (res.status !== 200) throw new Error(`activity: ${res.status} ${JSON.stringify(res.body)}`);
        if (res.body.activity.length >= count) return res.body.activity;
        if (Date.now() > deadline)
          throw new Error(`expected ${count} activity records, found ${res.body.activity.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => server.close(),
  };
}
