// `npm run migrate`: applies pending migrations to the configured store and exits.
import { loadConfig } from '../config.ts';
import { ConfigError } from '../config-source.ts';
import { openStore } from './database.ts';
import { migrate } from './migrate.ts';

try {
  const config = loadConfig(process.env, process.argv.slice(2));
  const store = openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const applied = await migrate(store);
    process.stdout.write(
      applied.length ? `applied: ${applied.join(', ')}\n` : `${store.describe} is up to date\n`,
    );
  } finally {
    await store.close();
  }
} catch (err) {
  process.stderr.write(
    `gatehouse migrate: ${err instanceof ConfigError ? err.message : (err as Error).message}\n`,
  );
  process.exit(err instanceof ConfigError ? 2 : 1);
}
