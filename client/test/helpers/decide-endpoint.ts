// The Gateway's side of the MCP shim's protocol (docs/decisions/mcp-shim-protocol.md), played by a small
// HTTP server, as a stand-in for the Gateway's /mcp/observations and /mcp/decide in the client's tests: the
// device token checked, tools pinned on first sight (trust first) with the design's canonical SHA-256 and
// a changed one blocked, tools and servers blocked by name, and two detectors (an email address in
// arguments is redacted, a GitHub token in results is redacted, an AWS key in arguments blocks).
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EndpointPolicy {
  version: number;
  offline: 'block' | 'allow';
  blockedServers: string[];
  blockedTools: string[];
  scanArguments: boolean;
  scanResults: boolean;
}

export interface Received {
  path: string;
  body: any;
}

export interface DecideEndpoint {
  url: string;
  /** The device token it accepts (a test changes it to play a refresh or a revocation). */
  token: string;
  policy: EndpointPolicy;
  received: Received[];
  /** TCP connections accepted so far. */
  connections: number;
  close(): Promise<void>;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** The pin of a tool, as DESIGN.md defines it. */
export function toolPin(tool: Record<string, unknown>): string {
  const pinned: Record<string, unknown> = {};
  for (const k of ['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations'])
    if (tool[k] !== undefined) pinned[k] = tool[k];
  return createHash('sha256').update(canonical(pinned)).digest('hex');
}

/** Every string in `value` passed through `fix` (the detectors), with the signals that fired. */
function scan(value: unknown, fix: (s: string, signals: Set<string>) => string) {
  const signals = new Set<string>();
  const walk = (v: unknown): unknown =>
    typeof v === 'string'
      ? fix(v, signals)
      : Array.isArray(v)
        ? v.map(walk)
        : v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]))
          : v;
  return { value: walk(value), signals: [...signals] };
}

const EMAIL = /[\w.+-]+@[\w-]+\.[\w.]+/g;
const GITHUB_TOKEN = /ghp_[A-Za-z0-9]{36}/g;
const AWS_KEY = /AKIA[0-9A-Z]{16}/;

export async function startDecideEndpoint(
  token: string,
  policy: Partial<EndpointPolicy> = {},
  pins = new Map<string, string>(),
): Promise<DecideEndpoint> {
  const state: DecideEndpoint = {
    url: '',
    token,
    policy: {
      version: 1,
      offline: 'block',
      blockedServers: [],
      blockedTools: [],
      scanArguments: true,
      scanResults: true,
      ...policy,
    },
    received: [],
    connections: 0,
    close: async () => undefined,
  };
  const changedTools = new Set<string>();
  const answer = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: http.ServerResponse, status: number, code: string, message: string) =>
    answer(res, status, { error: { code, message, request_id: 'req_test' } });
  const blockMessage = (tool: string, server: string) =>
    `${tool} on ${server} is blocked by the organisation's MCP policy.`;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.headers.authorization !== `Bearer ${state.token}`)
        return error(res, 401, 'unauthorized', 'The device token is not valid.');
      let body: any;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return error(res, 400, 'invalid_request', 'The body is not JSON.');
      }
      if (typeof body?.server?.name !== 'string')
        return error(res, 400, 'invalid_request', 'server.name is required.');
      state.received.push({ path: req.url ?? '', body });
      const p = state.policy;
      const name: string = body.server.name;
      const common = { policy_version: p.version };
      if (req.method === 'POST' && req.url === '/mcp/observations') {
        const serverBlocked = p.blockedServers.includes(name);
        const tools = (Array.isArray(body.tools) ? body.tools : []).map((t: any) => {
          const key = `${name}/${t.name}`;
          const pin = toolPin(t);
          const changed = pins.has(key) && pins.get(key) !== pin;
          if (!pins.has(key)) pins.set(key, pin);
          if (changed) changedTools.add(key);
          else changedTools.delete(key);
          if (p.blockedTools.includes(t.name))
            return {
              name: t.name,
              state: 'blocked',
              decision: 'block',
              rule: 'mcp:blocked_tool',
              message: blockMessage(t.name, name),
            };
          if (changed)
            return {
              name: t.name,
              state: 'changed',
              decision: 'block',
              rule: 'mcp:changed_tool',
              message: `${t.name} on ${name} changed since it was approved; an admin must approve it again.`,
            };
          return { name: t.name, state: 'pinned', decision: 'allow' };
        });
        return answer(res, 200, {
          ...common,
          offline: p.offline,
          server: serverBlocked
            ? { decision: 'block', rule: 'mcp:blocked_server', message: `The MCP server ${name} is blocked.` }
            : { decision: 'allow' },
          tools,
        });
      }
      if (req.method === 'POST' && req.url === '/mcp/decide') {
        const tool: string = body.tool;
        const changed = changedTools.has(`${name}/${tool}`);
        if (p.blockedTools.includes(tool) || changed)
          return answer(res, 200, {
            decision: 'block',
            rule: changed ? 'mcp:changed_tool' : 'mcp:blocked_tool',
            message: blockMessage(tool, name),
            ...common,
            cacheable: true,
          });
        if (body.phase === 'call') {
          if (!p.scanArguments) return answer(res, 200, { decision: 'allow', ...common, cacheable: true });
          if (AWS_KEY.test(JSON.stringify(body.arguments ?? {})))
            return answer(res, 200, {
              decision: 'block',
              rule: 'secrets:aws-access-key',
              message: 'The arguments hold an AWS access key; the call was not made.',
              ...common,
              cacheable: false,
            });
          const scanned = scan(body.arguments, (s, sig) =>
            s.replace(EMAIL, () => (sig.add('email'), '[REDACTED:email]')),
          );
          if (scanned.signals.length)
            return answer(res, 200, {
              decision: 'redact',
              arguments: scanned.value,
              signals: scanned.signals,
              ...common,
              cacheable: false,
            });
          return answer(res, 200, { decision: 'allow', ...common, cacheable: false });
        }
        if (body.phase === 'result') {
          if (!p.scanResults) return answer(res, 200, { decision: 'allow', ...common, cacheable: true });
          const scanned = scan(body.result, (s, sig) =>
            s.replace(GITHUB_TOKEN, () => (sig.add('github-token'), '[REDACTED:github-token]')),
          );
          if (scanned.signals.length)
            return answer(res, 200, {
              decision: 'redact',
              result: scanned.value,
              signals: scanned.signals,
              ...common,
              cacheable: false,
            });
          return answer(res, 200, { decision: 'allow', ...common, cacheable: false });
        }
        return error(res, 400, 'invalid_request', 'phase must be "call" or "result".');
      }
      return error(res, 404, 'not_found', 'No such route.');
    });
  });
  server.on('connection', () => state.connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
