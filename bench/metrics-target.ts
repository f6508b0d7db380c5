// The Gateway benchmark's target `metrics` (issue 20): the same Gatehouse as the target `gatehouse`,
// set up the same way, with GATEHOUSE_METRICS_PORT set and a scraper reading GET /metrics every second
// for the whole run, as Prometheus would (a shorter interval than the usual 15 s, so that the cost of a
// scrape is in every measured window). Measured side by side with `gatehouse` in one run, so that the
// difference is the metrics' cost and not the machine's drift.
import { freePort, startServer, type ServerProcess } from './server-process.ts';

export interface Scraper {
  scrapes: number;
  failures: number;
  /** The largest exposition read, in bytes. */
  maxBytes: number;
  /** The slowest scrape, in ms. */
  maxMs: number;
  stop(): Promise<void>;
}

export interface MetricsTarget extends ServerProcess {
  metricsUrl: string;
  scraper: Scraper;
}

export async function startMetricsTarget(opts: Parameters<typeof startServer>[0]): Promise<MetricsTarget> {
  const port = await freePort();
  const server = await startServer({ ...opts, env: { ...opts.env, GATEHOUSE_METRICS_PORT: String(port) } });
  const metricsUrl = `http://127.0.0.1:${port}/metrics`;
  const scraper = scrapeEverySecond(metricsUrl);
  return {
    ...server,
    metricsUrl,
    scraper,
    async stop(timeoutMs) {
      await scraper.stop();
      return server.stop(timeoutMs);
    },
  };
}

function scrapeEverySecond(url: string): Scraper {
  let inFlight: Promise<void> | undefined;
  const s: Scraper = {
    scrapes: 0,
    failures: 0,
    maxBytes: 0,
    maxMs: 0,
    async stop() {
      clearInterval(timer);
      await inFlight;
    },
  };
  const timer = setInterval(() => {
    if (inFlight) return; // a scrape slower than a second is not doubled up, as Prometheus does
    const started = performance.now();
    inFlight = fetch(url, { signal: AbortSignal.timeout(10_000) })
      .then(async (res) => {
        const text = await res.text();
        if (res.status !== 200 || !text.includes('gatehouse_gateway_requests_total')) s.failures++;
        else s.scrapes++;
        s.maxBytes = Math.max(s.maxBytes, Buffer.byteLength(text));
        s.maxMs = Math.max(s.maxMs, performance.now() - started);
      })
      .catch(() => {
        s.failures++;
      })
      .finally(() => {
        inFlight = undefined;
      });
  }, 1_000);
  return s;
}
