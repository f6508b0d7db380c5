#!/usr/bin/env node
// The `gatehouse-client` command. Inside this monorepo the client ships as TypeScript, like the server,
// and runs through tsx's loader registered in this same process (no second Node process, no build step);
// a packaged release would bundle src/ into one JavaScript file instead (see docs/client.md).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/main.ts');
await main();
