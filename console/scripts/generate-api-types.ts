// Writes console/src/api/schema.d.ts from the OpenAPI document of a real Gatehouse started on a
// throwaway store (127.0.0.1, a port the OS chooses).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../server/src/config.ts';
import { createLogger } from '../../server/src/http/logger.ts';
import { startGatehouse } from '../../server/src/gatehouse.ts';
import { API_TYPES_FILE, renderApiTypes } from './api-types.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-openapi-'));
try {
  const config = loadConfig({
    GATEHOUSE_HOST: '127.0.0.1',
    GATEHOUSE_CONSOLE_PORT: '0',
    GATEHOUSE_GATEWAY_PORT: '0',
    GATEHOUSE_DATA_DIR: dataDir,
    GATEHOUSE_MASTER_KEY: randomBytes(32).toString('hex'),
    GATEHOUSE_LOG_LEVEL: 'silent',
  });
  const gatehouse = await startGatehouse(config, { log: createLogger(config.logLevel) });
  try {
    const doc = await (await fetch(`${gatehouse.consoleUrl}/api/openapi.json`)).json();
    fs.writeFileSync(API_TYPES_FILE, await renderApiTypes(doc));
    process.stdout.write(`wrote ${path.relative(process.cwd(), API_TYPES_FILE)}\n`);
  } finally {
    await gatehouse.close();
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
