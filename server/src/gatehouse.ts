// One Gatehouse process: store → migrations → master key → services → listeners, and the graceful
// stop in the reverse order. main.ts runs it from the command line; tests run it in-process on real
// ports.
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { openStore } from './store/database.ts';
import { migrate } from './store/migrate.ts';
import { loadMasterKey, verifyMasterKey } from './crypto/master-key.ts';
import { closeServices, createServices, type Services } from './services.ts';
import { buildConsoleApp } from './http/console-app.ts';
import { buildGatewayApp, type GatewayState } from './gateway/gateway-app.ts';
import { gatewayUrlFor } from './identity/oauth/gateway-url.ts';
import { checkDescriptorBudget, guardConnections } from './http/connection-guard.ts';
import { createGatehouseMetrics, type GatehouseMetrics } from './metrics/gatehouse-metrics.ts';

export interface Gatehouse {
  consoleUrl: string | undefined;
  gatewayUrl: string | undefined;
  /** GET /metrics on its own listener, when GATEHOUSE_METRICS_PORT is set. */
  metricsUrl: string | undefined;
  /** The one-time setup link when the store has no admin and none was configured. */
  setupUrl: string | undefined;
  storeDescription: string;
  services: Services;
  /** Stops accepting, finishes in-flight requests, flushes pending records, closes the store. */
  close(): Promise<void>;
}

export interface StartOptions {
  log: Logger;
  /** PostgreSQL schema (tests give each run its own). */
  pgSchema?: string;
}

function urlOf(app: FastifyInstance, host: string): string {
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

export async function startGatehouse(config: Config, { log, pgSchema }: StartOptions): Promise<Gatehouse> {
  const store = openStore({
    log,
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    ...(pgSchema ? { pgSchema } : {}),
  });
  let services: Services | undefined;
  const apps: FastifyInstance[] = [];
  let metrics: GatehouseMetrics | undefined;
  try {
    const applied = await migrate(store);
    if (applied.length) log.info({ migrations: applied }, 'applied migrations');
    const key = loadMasterKey(config.masterKey, config.dataDir);
    await verifyMasterKey(store, key);
    let consoleUrl: string | undefined;
    services = await createServices(store, key, log, {
      // Invitations are made on the console's listener only, so consoleUrl is set by then.
      publicUrl: () => config.publicUrl ?? consoleUrl ?? '',
      smtp: config.smtp,
      slopsquatRegistries: config.slopsquatRegistries,
      tracing: config.tracing,
      // The Gateway's own port once it listens in this process; the configured one when it runs apart.
      gatewayUrl: (consoleHost) =>
        gatewayUrlFor({
          gatewayPublicUrl: config.gatewayPublicUrl,
          publicUrl: config.publicUrl,
          consoleHost,
          gatewayPort: gatewayUrl ? Number(new URL(gatewayUrl).port) : config.gatewayPort,
        }),
    });

    let gatewayUrl: string | undefined;
    let setupUrl: string | undefined;
    const gatewayState: GatewayState = { draining: false };
    const guard = { limits: config.connections, trustedProxies: config.trustedProxies, log };
    checkDescriptorBudget(
      config.connections,
      { console: config.role !== 'gateway', gateway: config.role !== 'console' },
      log,
    );

    if (config.metrics) metrics = createGatehouseMetrics(services, config.metrics, log);
    if (config.role !== 'gateway') {
      const app = await buildConsoleApp(config, log, services);
      apps.push(app);
      metrics?.instrument(app, 'console-api');
      guardConnections(app.server, { ...guard, listener: 'console' });
      await app.listen({ host: config.host, port: config.consolePort });
      consoleUrl = urlOf(app, config.host);
      const { setupToken } = await services.admins.bootstrap(config.adminEmail, config.adminPassword);
      // The token rides in the fragment, which browsers never send to a server or put in a Referer.
      if (setupToken) setupUrl = `${config.publicUrl ?? consoleUrl}/console/setup#token=${setupToken}`;
    }
    if (config.role !== 'console') {
      const app = await buildGatewayApp(config, log, gatewayState, services);
      apps.push(app);
      metrics?.instrument(app, 'gateway');
      guardConnections(app.server, { ...guard, listener: 'gateway' });
      await app.listen({ host: config.host, port: config.gatewayPort });
      gatewayUrl = urlOf(app, config.host);
    }
    const metricsUrl = await metrics?.listen();

    services.retention.start();
    services.siemExport.start();
    const ready = services;
    let closing: Promise<void> | undefined;
    return {
      consoleUrl,
      gatewayUrl,
      metricsUrl,
      setupUrl,
      storeDescription: store.describe,
      services: ready,
      close() {
        closing ??= (async () => {
          gatewayState.draining = true;
          // A keep-alive connection whose request was in flight when the close began stays open once
          // idle until its keep-alive timeout (72 s), holding the stop: close each as soon as it is idle.
          const sweep = setInterval(() => apps.forEach((a) => a.server.closeIdleConnections()), 50);
          // A client that never finishes its request, or a stream that runs on, must not hold the stop
          // for ever: past the deadline every connection left is closed, and its request ends as a
          // client that went away (recorded as such) before the records are flushed.
          const deadline = setTimeout(() => {
            log.warn(
              { shutdownTimeoutMs: config.shutdownTimeoutMs },
              'stopping: deadline reached; closing the connections still open',
            );
            apps.forEach((a) => a.server.closeAllConnections());
          }, config.shutdownTimeoutMs);
          try {
            await Promise.all(apps.map((a) => a.close()));
          } finally {
            clearInterval(sweep);
            clearTimeout(deadline);
          }
          // After the listeners, so that a scrape during the stop still answers.
          await metrics?.close();
          await closeServices(ready);
        })();
        return closing;
      },
    };
  } catch (err) {
    await Promise.all(apps.map((a) => a.close().catch(() => {})));
    await metrics?.close().catch(() => {});
    if (services) await closeServices(services).catch(() => {});
    else await store.close().catch(() => {});
    throw err;
  }
}
