// SIEM receivers on 127.0.0.1 for the export's tests, faithful to what real ones do:
// - a webhook receiver that checks each batch the way docs/operations.md tells receivers to (the
//   timestamp within 5 minutes, the HMAC-SHA256 signature compared in constant time) and refuses
//   what fails with 401;
// - a Splunk HTTP Event Collector that answers as HEC does: 401 code 2 without Authorization, 401
//   code 3 for a header that is not `Splunk <token>`, 403 code 4 for a wrong token, 400 code 5 for no
//   data, 400 code 6 for data that is not JSON event objects, 400 code 12/13 for an event field
//   missing or blank, 200 {"text":"Success","code":0} when it takes the batch, 503 code 9 when busy.
// Both can be set to answer 503 (down), or to hold their answers until released (a batch in flight).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface ReceivedEvent {
  /** What arrived: a webhook's event object, or a HEC envelope. */
  body: any;
  delivery: string | undefined;
}

export interface Receiver {
  url: string;
  events: ReceivedEvent[];
  /** Batches refused (signature, token, data), with the status given. */
  refused: { status: number; reason: string }[];
  /** 'up' answers; 'down' answers 503 (with Retry-After when set); 'hold' keeps each request waiting. */
  mode: 'up' | 'down' | 'hold';
  retryAfter?: string;
  /** Requests waiting while held; each resolves when release() is called. */
  readonly held: number;
  /** Each answer waits this long (a slow receiver widens the window two senders could overlap in). */
  delayMs?: number;
  /** The most requests it has had in flight at once. */
  maxInFlight: number;
  /** Called when a request arrives while held (the test then knows a batch is in flight). */
  onHeld?: () => void;
  release(): void;
  close(): Promise<void>;
}

async function listen(
  handler: (req: http.IncomingMessage, body: string) => Promise<[number, Record<string, string>, string]>,
  r: Omit<Receiver, 'url' | 'close' | 'release' | 'held'>,
) {
  const waiting: (() => void)[] = [];
  let inFlight = 0;
  const server = http.createServer((req, res) => {
    inFlight++;
    r.maxInFlight = Math.max(r.maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        if (r.mode === 'hold') {
          await new Promise<void>((resolve) => {
            waiting.push(resolve);
            r.onHeld?.();
          });
          // A sender that died while held never hears the answer: the batch was not delivered.
          if (req.socket.destroyed) return;
        }
        if (r.delayMs) await new Promise((resolve) => setTimeout(resolve, r.delayMs));
        if (r.mode === 'down') {
          res.writeHead(503, {
            'content-type': 'application/json',
            ...(r.retryAfter ? { 'retry-after': r.retryAfter } : {}),
          });
          res.end(JSON.stringify({ text: 'Server is busy', code: 9 }));
          return;
        }
        const [status, headers, text] = await handler(req, Buffer.concat(chunks).toString('utf8'));
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(text);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    waiting,
    close: () =>
      new Promise<void>((resolve) => {
        for (const w of waiting.splice(0)) w();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function receiver(
  state: Omit<Receiver, 'url' | 'close' | 'release' | 'held'>,
  l: Awaited<ReturnType<typeof listen>>,
  path: string,
): Receiver {
  // defineProperty, not Object.assign: assign would copy the getter's value once.
  Object.defineProperty(state, 'held', { get: () => l.waiting.length });
  return Object.assign(state, {
    url: l.url + path,
    release() {
      state.mode = 'up';
      for (const w of l.waiting.splice(0)) w();
    },
    close: l.close,
  }) as Receiver;
}

/** Verifies a Gatehouse webhook batch as docs/operations.md tells a receiver to. */
export function verifyWebhook(
  secret: string,
  headers: http.IncomingHttpHeaders,
  body: string,
  now = Date.now(),
): string | null {
  const ts = String(headers['gatehouse-timestamp'] ?? '');
  const sig = String(headers['gatehouse-signature'] ?? '');
  if (!/^\d+$/.test(ts) || Math.abs(now / 1000 - Number(ts)) > 300)
    return 'timestamp missing or not within 5 minutes';
  const expected = Buffer.from(`v1=${createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex')}`);
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return 'signature does not match';
  return null;
}

export async function startWebhookReceiver(secret: string): Promise<Receiver> {
  const state: Omit<Receiver, 'url' | 'close' | 'release' | 'held'> = {
    events: [],
    refused: [],
    mode: 'up',
    maxInFlight: 0,
  };
  const l = await listen(async (req, body) => {
    const why = verifyWebhook(secret, req.headers, body);
    if (why) {
      state.refused.push({ status: 401, reason: why });
      return [401, {}, JSON.stringify({ error: why })];
    }
    const parsed = JSON.parse(body) as { events: unknown[] };
    for (const e of parsed.events)
      state.events.push({ body: e, delivery: req.headers['gatehouse-delivery'] as string });
    return [200, {}, JSON.stringify({ received: parsed.events.length })];
  }, state);
  return receiver(state, l, '/hooks/gatehouse');
}

/** Splits HEC's body of concatenated JSON objects; null when it is not one. */
function splitObjects(body: string): unknown[] | null {
  const out: unknown[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{') {
      if (depth === 0) start = i;
      depth++;
    } else if (c === '}') {
      depth--;
      if (depth < 0) return null;
      if (depth === 0) {
        try {
          out.push(JSON.parse(body.slice(start, i + 1)));
        } catch {
          return null;
        }
      }
    } else if (depth === 0 && !/\s/.test(c!)) return null;
  }
  return depth === 0 ? out : null;
}

export async function startHecReceiver(token: string): Promise<Receiver & { token: string }> {
  const state = {
    events: [] as ReceivedEvent[],
    refused: [] as Receiver['refused'],
    mode: 'up' as Receiver['mode'],
    maxInFlight: 0,
    token,
  };
  const hec = (status: number, text: string, code: number): [number, Record<string, string>, string] => {
    if (status !== 200) state.refused.push({ status, reason: text });
    return [status, {}, JSON.stringify({ text, code })];
  };
  const l = await listen(async (req, body) => {
    if (req.url !== '/services/collector/event')
      return [
        404,
        {},
        JSON.stringify({ text: 'The requested URL was not found on this server.', code: 404 }),
      ];
    const auth = req.headers.authorization;
    if (!auth) return hec(401, 'Token is required', 2);
    const m = /^Splunk (.+)$/.exec(auth);
    if (!m) return hec(401, 'Invalid authorization', 3);
    if (m[1] !== state.token) return hec(403, 'Invalid token', 4);
    if (body.trim() === '') return hec(400, 'No data', 5);
    const events = splitObjects(body);
    if (!events) return hec(400, 'Invalid data format', 6);
    for (const [i, e] of events.entries()) {
      const ev = e as Record<string, unknown>;
      if (!('event' in ev))
        return [
          400,
          {},
          JSON.stringify({ text: 'Event field is required', code: 12, 'invalid-event-number': i }),
        ];
      if (ev.event === '' || ev.event === null)
        return [
          400,
          {},
          JSON.stringify({ text: 'Event field cannot be blank', code: 13, 'invalid-event-number': i }),
        ];
    }
    for (const e of events) state.events.push({ body: e, delivery: undefined });
    return hec(200, 'Success', 0);
  }, state);
  return receiver(state, l, '') as Receiver & { token: string };
}
