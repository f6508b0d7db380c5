// `npm start`: config → Gatehouse → wait for SIGTERM/SIGINT → graceful stop. Nothing else.
import { loadConfig, type Config } from './config.ts';
import { ConfigError } from './config-source.ts';
import { bufferedStdout, createLogger } from './http/logger.ts';
import { startGatehouse } from './gatehouse.ts';
import { startupBanner } from './startup-banner.ts';

let config: Config;
try {
  config = loadConfig(process.env, process.argv.slice(2));
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`gatehouse: ${err.message}\n`);
  process.exit(2);
}

const stdout = bufferedStdout();
// Every way out of the process passes here; the buffered log must reach its file first.
process.on('exit', () => stdout.flushSync());
const log = createLogger(config.logLevel, stdout);
try {
  const gatehouse = await startGatehouse(config, { log });
  // Listening before the line below announces the start: whoever waits for that line may stop the
  // process at once, and a SIGTERM with no listener yet ends it on the spot, with nothing flushed.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping: finishing in-flight requests and flushing records');
    gatehouse.close().then(
      () => {
        log.info('stopped');
        process.exit(0);
      },
      (err: unknown) => {
        log.error({ err }, 'graceful stop failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  log.info(
    {
      console: gatehouse.consoleUrl,
      gateway: gatehouse.gatewayUrl,
      store: gatehouse.storeDescription,
      role: config.role,
    },
    `Gatehouse is running${gatehouse.consoleUrl ? `; console and management API on ${gatehouse.consoleUrl}` : ''}` +
      `${gatehouse.gatewayUrl ? `; Gateway on ${gatehouse.gatewayUrl}` : ''}` +
      `${gatehouse.metricsUrl ? `; metrics on ${gatehouse.metricsUrl}` : ''}; store: ${gatehouse.storeDescription}`,
  );
  // The operator is waiting for this line: it must not sit in the log buffer until 4 KiB follow it.
  stdout.flush();
  // For the person at the terminal, after the JSON line; it holds the one-time setup link, a secret,
  // so it goes to the terminal (stderr) and never to the log.
  process.stderr.write(
    startupBanner({
      consoleUrl: gatehouse.consoleUrl,
      gatewayUrl: gatehouse.gatewayUrl,
      setupUrl: gatehouse.setupUrl,
      store: gatehouse.storeDescription,
      logLevel: config.logLevel,
    }),
  );
} catch (err) {
  log.fatal({ err }, `Gatehouse could not start: ${(err as Error).message}`);
  process.exit(1);
}
