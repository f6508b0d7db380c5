// The processes of the Gateway benchmark besides Gatehouse itself (server-process.ts): the mock
// provider, the bare Fastify + undici pass-through and the Portkey gateway. Each is a child process
// of its own on 127.0.0.1, so that none shares an event loop or a core's accounting with another or with
// the load generator; each one's listening socket is checked to be on 127.0.0.1 only.
import fs from 'node:fs';
import { freePort, launch, type Launched } from './server-process.ts';

export interface ChildServer extends Launched {
  /** http://127.0.0.1:<port> */
  url: string;
}

// The environment a proxy must not inherit: an HTTP proxy setting would send its upstream calls elsewhere.
const NO_PROXY_ENV = {
  HTTP_PROXY: '',
  HTTPS_PROXY: '',
  http_proxy: '',
  https_proxy: '',
  NO_PROXY: '',
  no_proxy: '',
};

/** The addresses a TCP port is listening on, from /proc/net/tcp{,6}; null where /proc is absent. */
export function listeningAddresses(port: number): string[] | null {
  const found: string[] = [];
  let readable = false;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
      readable = true;
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state !== '0A' || !local) continue; // 0A: LISTEN
      const [hex, portHex] = local.split(':');
      if (Number.parseInt(portHex ?? '', 16) !== port || !hex) continue;
      found.push(hex.length === 8 ? ipv4(hex) : `[${hex}]`);
    }
  }
  return readable ? found : null;
}

/** /proc/net/tcp writes an IPv4 address as one little-endian 32-bit word in hex. */
function ipv4(hex: string): string {
  const n = Number.parseInt(hex, 16);
  return [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, n >>> 24].join('.');
}

/** Throws (after stopping the process) unless it listens on 127.0.0.1 and nowhere else. */
export async function checkLoopbackOnly(
  name: string,
  server: Pick<ChildServer, 'url' | 'stop'>,
): Promise<void> {
  const port = Number(new URL(server.url).port);
  const addresses = listeningAddresses(port);
  if (addresses === null) return; // no /proc: nothing to check with
  if (addresses.length === 0 || addresses.some((a) => a !== '127.0.0.1')) {
    await server.stop(2_000);
    throw new Error(
      `${name} listens on ${addresses.join(', ') || 'nothing'} (port ${port}), not on 127.0.0.1 only`,
    );
  }
}

/** The mock provider and the fake registries (mock-upstream-process.ts); it announces their URLs. */
export async function startMock(
  repoRoot: string,
  chunkDelayMs: number,
): Promise<ChildServer & { registries: string }> {
  const launched = await launch({
    repoRoot,
    args: ['--import', 'tsx', 'bench/mock-upstream-process.ts'],
    env: { BENCH_MOCK_CHUNK_DELAY_MS: String(chunkDelayMs) },
    stdout: 'announce',
    startTimeoutMs: 15_000,
    cleanup: () => {},
  });
  const server = {
    ...launched,
    url: String(launched.announced?.url),
    registries: String(launched.announced?.registries),
  };
  await checkLoopbackOnly('the mock upstream', server);
  return server;
}

/** The bare Fastify + undici pass-through (bare-passthrough.ts) in front of the mock. */
export async function startBare(repoRoot: string, upstreamUrl: string): Promise<ChildServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const launched = await launch({
    repoRoot,
    args: ['--import', 'tsx', 'bench/bare-passthrough.ts'],
    env: { ...NO_PROXY_ENV, BENCH_BARE_PORT: String(port), BENCH_UPSTREAM_URL: upstreamUrl },
    stdout: 'ignore',
    healthUrl: `${url}/healthz`,
    startTimeoutMs: 15_000,
    cleanup: () => {},
  });
  const server = { ...launched, url };
  await checkLoopbackOnly('the bare pass-through', server);
  return server;
}

/** The Portkey gateway from npm (portkey-server.ts), production mode, no UI. */
export async function startPortkey(repoRoot: string): Promise<ChildServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const launched = await launch({
    repoRoot,
    args: ['--import', 'tsx', 'bench/portkey-server.ts'],
    env: { ...NO_PROXY_ENV, NODE_ENV: 'production', BENCH_PORTKEY_PORT: String(port) },
    // Its start-up banner and any per-request console output go to /dev/null, as Gatehouse's log does.
    stdout: 'ignore',
    healthUrl: url, // GET / answers "AI Gateway says hey!"
    startTimeoutMs: 30_000,
    cleanup: () => {},
  });
  const server = { ...launched, url };
  await checkLoopbackOnly('the Portkey gateway', server);
  return server;
}

/** VmRSS of a process in bytes, from /proc/<pid>/status; null where unreadable. */
export function residentBytes(pid: number): number | null {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Installed versions, for the report: what exactly was compared. */
export function packageVersion(repoRoot: string, name: string): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(`${repoRoot}/node_modules/${name}/package.json`, 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? 'unknown';
  } catch {
    return 'not installed';
  }
}
