// The client's version, sent as `client_version` at sign-in and in the User-Agent.
import { createRequire } from 'node:module';

const pkg = createRequire(import.meta.url)('../package.json') as { version: string };
export const CLIENT_VERSION: string = pkg.version;
