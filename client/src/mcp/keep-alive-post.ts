// The shim's one connection to the Gateway: node:http (or https) with a keep-alive agent of one socket.
// Every tools/call costs the agent two decisions, so the request itself must cost little: Node's fetch
// spends several times the CPU of a plain http.request per call (stream and Headers objects, an abort
// signal each), which the shim's benchmark showed in the latency a wrapped call adds.
import http from 'node:http';
import https from 'node:https';

const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 1 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 1 }),
};

/** A request's failure with the code describeNetworkError reads (ECONNREFUSED, …) or a TimeoutError. */
class TimeoutError extends Error {
  override name = 'TimeoutError';
}

/** POSTs `body` and reads the whole answer as text, within `timeoutMs` for the whole exchange. */
export function postText(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<{ status: number; text: string }> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  const agent = target.protocol === 'https:' ? agents['https:'] : agents['http:'];
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: 'POST',
        agent,
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', fail);
      },
    );
    function fail(err: Error) {
      clearTimeout(timer);
      reject(err);
    }
    const timer = setTimeout(
      () => req.destroy(new TimeoutError('the Gateway did not answer in time')),
      timeoutMs,
    );
    req.on('error', fail);
    req.end(body);
  });
}

/** Lets the process exit with the idle socket open (the shim ends when its server does). */
export function closeConnections(): void {
  agents['http:'].destroy();
  agents['https:'].destroy();
}
