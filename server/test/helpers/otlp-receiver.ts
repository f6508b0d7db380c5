// An OTLP/HTTP trace receiver, as an OpenTelemetry Collector's otlp receiver is on its HTTP port:
// POST /v1/traces with application/json, answered with an ExportTraceServiceResponse. It keeps every
// body as received (a test searches them for text that must not be there) and the spans decoded.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** OTLP's SpanKind: 2 SERVER, 3 CLIENT. */
  kind: number;
  startNs: bigint;
  endNs: bigint;
  attributes: Record<string, unknown>;
  /** OTLP's status code: 0 unset, 1 ok, 2 error. */
  status: number;
  resource: Record<string, unknown>;
  scope: string;
}

export const SPAN_KIND = { SERVER: 2, CLIENT: 3 } as const;

export interface OtlpReceiver {
  /** `http://127.0.0.1:<port>`: what OTEL_EXPORTER_OTLP_ENDPOINT names. */
  url: string;
  spans: ReceivedSpan[];
  /** Every request body as it arrived. */
  bodies: string[];
  /** The requests' headers, in order. */
  headers: http.IncomingHttpHeaders[];
  /** Resolves with the spans matching `predicate` once there are `count` of them, or rejects on timeout. */
  waitFor(
    predicate: (s: ReceivedSpan) => boolean,
    count?: number,
    timeoutMs?: number,
  ): Promise<ReceivedSpan[]>;
  close(): Promise<void>;
}

type AnyValue = {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: number | string;
  doubleValue?: number;
  arrayValue?: { values?: AnyValue[] };
};

function valueOf(v: AnyValue): unknown {
  if (v.stringValue !== undefined) return v.stringValue;
  if (v.boolValue !== undefined) return v.boolValue;
  if (v.intValue !== undefined) return Number(v.intValue);
  if (v.doubleValue !== undefined) return v.doubleValue;
  if (v.arrayValue) return (v.arrayValue.values ?? []).map(valueOf);
  return undefined;
}

function attributes(list: Array<{ key: string; value: AnyValue }> | undefined): Record<string, unknown> {
  return Object.fromEntries((list ?? []).map((a) => [a.key, valueOf(a.value)]));
}

/** OTLP/JSON writes ids as hex (the JSON mapping's exception to base64); an absent parent is "". */
function hexId(id: string | undefined): string {
  if (!id) return '';
  return /^[0-9a-f]+$/i.test(id) ? id.toLowerCase() : Buffer.from(id, 'base64').toString('hex');
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const bodies: string[] = [];
  const headers: http.IncomingHttpHeaders[] = [];
  const waiters = new Set<() => void>();

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method !== 'POST' || req.url !== '/v1/traces') {
      res.writeHead(404).end();
      return;
    }
    if (!req.headers['content-type']?.startsWith('application/json')) {
      res.writeHead(415, { 'content-type': 'application/json' }).end('{"message":"application/json only"}');
      return;
    }
    const text = Buffer.concat(chunks).toString('utf8');
    bodies.push(text);
    headers.push(req.headers);
    const doc = JSON.parse(text) as { resourceSpans?: any[] };
    for (const rs of doc.resourceSpans ?? []) {
      const resource = attributes(rs.resource?.attributes);
      for (const ss of rs.scopeSpans ?? []) {
        for (const s of ss.spans ?? []) {
          spans.push({
            traceId: hexId(s.traceId),
            spanId: hexId(s.spanId),
            parentSpanId: hexId(s.parentSpanId),
            name: s.name,
            kind: s.kind,
            startNs: BigInt(s.startTimeUnixNano),
            endNs: BigInt(s.endTimeUnixNano),
            attributes: attributes(s.attributes),
            status: s.status?.code ?? 0,
            resource,
            scope: ss.scope?.name ?? '',
          });
        }
      }
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    for (const w of waiters) w();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    bodies,
    headers,
    waitFor(predicate, count = 1, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = spans.filter(predicate);
          if (found.length < count) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `expected ${count} matching spans within ${timeoutMs} ms; received ${spans.length} spans`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
