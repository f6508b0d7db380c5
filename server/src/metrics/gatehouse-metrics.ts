// Prometheus metrics of one Gatehouse process (GATEHOUSE_METRICS_PORT): the metric set, fed by the
// activity record, the risk findings' hits and the listeners' hooks, and served on its own listener.
// Off unless configured: then nothing here runs and the Gateway pays nothing.
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { MetricsListener } from '../config.ts';
import type { Services } from '../services.ts';
import { activityObserver, detectionObserver, type LabelLimits } from './activity-metrics.ts';
import { instrumentHttp, type Listener } from './http-metrics.ts';
import { createMetricSet } from './metric-set.ts';
import { startMetricsServer } from './metrics-server.ts';
import { registerWriterMetrics } from './writer-metrics.ts';
import { registerSiemMetrics } from './siem-metrics.ts';

export interface GatehouseMetrics {
  /** Counts the requests `app` answers; called before it listens. */
  instrument(app: FastifyInstance, listener: Listener): void;
  /** Starts the metrics listener; a port it cannot bind fails the start. Returns its URL. */
  listen(): Promise<string>;
  /** Stops the listener and lets go of the observers. */
  close(): Promise<void>;
}

export function createGatehouseMetrics(
  services: Services,
  listen: MetricsListener,
  log: Logger,
  limits?: LabelLimits,
): GatehouseMetrics {
  const m = createMetricSet();
  registerWriterMetrics(m.registry, {
    activity: services.activity.writer,
    audit: services.audit.writer,
    risk_findings: services.risk.writer,
  });
  registerSiemMetrics(m.registry, services.siemExport);
  const stops = [
    services.activity.observe(activityObserver(m, limits)),
    services.risk.watch(detectionObserver(m, limits)),
  ];
  let server: Awaited<ReturnType<typeof startMetricsServer>> | undefined;
  return {
    instrument: (app, listener) => instrumentHttp(app, listener, m),
    async listen() {
      server = await startMetricsServer(m.registry, listen, log);
      return server.url;
    },
    async close() {
      for (const stop of stops) stop();
      await server?.close();
    },
  };
}
