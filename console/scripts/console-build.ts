// Builds the console only when its sources changed, and never in the folder a running Gatehouse
// serves. `console/dist` is a symbolic link to `console/builds/<hash>`, where <hash> is the SHA-256 of
// the console's inputs (its sources, the shared/ code it imports, its configuration and the lockfile).
// A start whose inputs hash to what `dist` already points at does nothing. Otherwise Vite builds into
// a private temporary folder, which is renamed to `builds/<hash>` once complete, and a new link is
// renamed over `dist`: rename is atomic, so another instance serving from the same checkout reads
// either the old console or the new one, whole, and never an emptied or half-written folder (Vite's
// own `emptyOutDir` on a shared `dist` is what left `ENOENT console/dist/index.html` before).
// The previous build is kept, so that a page loaded just before the swap still finds its assets.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** What the built console depends on, relative to console/: its sources, the shared code, the lockfile. */
export const CONSOLE_INPUTS = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  '../shared',
  '../package-lock.json',
];

export interface ConsoleBuildOptions {
  /** The Vite project (its vite.config.ts, if any, is used). */
  root: string;
  /** Files and folders, relative to `root`, whose contents decide whether to build. */
  inputs: string[];
  log?: (line: string) => void;
}

export interface ConsoleBuildResult {
  built: boolean;
  hash: string;
  /** The folder `dist` now points at. */
  folder: string;
}

const SKIP = new Set(['node_modules', 'dist', 'builds', '.git']);

function filesUnder(root: string, rel: string, out: string[]): void {
  const full = path.join(root, rel);
  const stat = fs.statSync(full, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isFile()) {
    out.push(rel);
    return;
  }
  if (!stat.isDirectory()) return;
  for (const name of fs.readdirSync(full).sort()) {
    if (!SKIP.has(name)) filesUnder(root, path.join(rel, name), out);
  }
}

/** The SHA-256 of the inputs' paths and contents: a renamed file changes it as an edited one does. */
export function inputsHash(root: string, inputs: string[]): string {
  const files: string[] = [];
  for (const input of inputs) filesUnder(root, input, files);
  const hash = createHash('sha256');
  for (const rel of files.sort()) {
    hash.update(`${rel.split(path.sep).join('/')}\0`);
    hash.update(fs.readFileSync(path.join(root, rel)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

function linkTarget(link: string): string | null {
  try {
    return fs.readlinkSync(link);
  } catch {
    return null;
  }
}

/** Points `link` at `target` (relative to its folder) in one rename, whatever `link` was before. */
function swapLink(link: string, target: string, buildsDir: string): void {
  const temporary = `${link}.${process.pid}.link`;
  fs.rmSync(temporary, { force: true });
  fs.symlinkSync(target, temporary, 'dir');
  const current = fs.lstatSync(link, { throwIfNoEntry: false });
  if (current?.isDirectory()) {
    // A `dist` folder from before builds were swapped: moved aside once (it cannot be renamed over).
    fs.renameSync(link, path.join(buildsDir, `legacy-${Date.now()}`));
  }
  fs.renameSync(temporary, link);
}

/** Removes every build but the ones kept; a young temporary folder is a build still running elsewhere. */
function prune(buildsDir: string, kept: Set<string>): void {
  const young = Date.now() - 10 * 60_000;
  for (const d of fs.readdirSync(buildsDir, { withFileTypes: true })) {
    if (!d.isDirectory() || kept.has(d.name)) continue;
    const full = path.join(buildsDir, d.name);
    if (d.name.includes('.tmp-') && fs.statSync(full).mtimeMs > young) continue;
    fs.rmSync(full, { recursive: true, force: true });
  }
}

export async function buildConsole(options: ConsoleBuildOptions): Promise<ConsoleBuildResult> {
  const log = options.log ?? (() => {});
  const root = path.resolve(options.root);
  const dist = path.join(root, 'dist');
  const buildsDir = path.join(root, 'builds');
  const hash = inputsHash(root, options.inputs);
  const relTarget = path.join('builds', hash);
  const folder = path.join(root, relTarget);
  const complete = fs.existsSync(path.join(folder, 'index.html'));

  if (complete && linkTarget(dist) === relTarget) {
    log(`console is up to date (${hash})`);
    return { built: false, hash, folder };
  }
  const previous = linkTarget(dist);
  fs.mkdirSync(buildsDir, { recursive: true });
  let built = false;
  if (!complete) {
    const temporary = path.join(buildsDir, `${hash}.tmp-${process.pid}`);
    fs.rmSync(temporary, { recursive: true, force: true });
    log(`building the console (${hash})`);
    const { build } = await import('vite');
    await build({ root, logLevel: 'warn', build: { outDir: temporary, emptyOutDir: true } });
    try {
      fs.renameSync(temporary, folder);
      built = true;
    } catch (err) {
      // Another start built the same sources meanwhile: its folder is as good as ours.
      fs.rmSync(temporary, { recursive: true, force: true });
      if (!fs.existsSync(path.join(folder, 'index.html'))) throw err;
    }
  }
  swapLink(dist, relTarget, buildsDir);
  prune(buildsDir, new Set([hash, ...(previous ? [path.basename(previous)] : [])]));
  log(`console ${built ? 'built' : 'switched'} to ${relTarget}`);
  return { built, hash, folder };
}
