// `npm start`: config → Gatehouse → wait for SIGTERM/SIGINT → graceful stop. Nothing else.
import { ConfigError, loadConfig, type Config } from './config.ts';
import { bufferedStdout, createLogger } from './http/logger.ts';
import { startGatehouse } from './gatehouse.ts';

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
  log.info(
    {
      console: gatehouse.consoleUrl,
      gateway: gatehouse.gatewayUrl,
      store: gatehouse.storeDescription,
      role: config.role,
    },
    `Gatehouse is running${gatehouse.consoleUrl ? `; console and management API on ${gatehouse.consoleUrl}` : ''}` +
      `${gatehouse.gatewayUrl ? `; Gateway on ${gatehouse.gatewayUrl}` : ''}; store: ${gatehouse.storeDescription}`,
  );
  // The operator is waiting for this line: it must not sit in the log buffer until 4 KiB follow it.
  stdout.flush();
  if (gatehouse.setupUrl) {
    // A one-time secret for the operator at the terminal: written to the terminal, never to the log.
    process.stderr.write(
      `\nNo admin exists yet. Open this one-time link within 24 hours to create the owner account:\n\n  ${gatehouse.setupUrl}\n\n`,
    );
  }
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
} catch (err) {
  log.fatal({ err }, `Gatehouse could not start: ${(err as Error).message}`);
  process.exit(1);
}
