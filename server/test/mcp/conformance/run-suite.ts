// The MCP conformance suite's `server` mode (@modelcontextprotocol/conformance, an exact devDependency)
// run against a URL with Node 22 (node22.ts), every scenario (`--suite all`: the active ones and those
// still pending upstream), and its results read back from the checks.json it writes per scenario.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { node22 } from './node22.ts';

const CLI = path.join(
  path.dirname(fileURLToPath(import.meta.resolve('@modelcontextprotocol/conformance/package.json'))),
  'dist',
  'index.js',
);

export type CheckStatus = 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';

export interface Check {
  id: string;
  status: CheckStatus;
  errorMessage?: string;
}

export interface ScenarioResult {
  /** No check failed (warnings are the suite's "recommended", not required). */
  passed: boolean;
  checks: Check[];
}

/** Runs every server scenario against `url`; resolves to each scenario's result, by name. */
export async function runConformance(url: string): Promise<Map<string, ScenarioResult>> {
  const node = await node22();
  const out = await mkdtemp(path.join(tmpdir(), 'gatehouse-conformance-'));
  try {
    await new Promise<void>((resolve, reject) => {
      execFile(
        node,
        [CLI, 'server', '--suite', 'all', '--url', url, '--output-dir', out],
        { cwd: out, timeout: 240_000, maxBuffer: 64 * 1024 * 1024 },
        // It exits 1 when a scenario fails: that is a result, read below. Only no results is an error.
        (err, _stdout, stderr) =>
          err && err.code !== 1 ? reject(new Error(`conformance CLI: ${err.message}\n${stderr}`)) : resolve(),
      );
    });
    const results = new Map<string, ScenarioResult>();
    for (const dir of await readdir(out)) {
      const name = /^server-(.+)-\d{4}-\d{2}-\d{2}T/.exec(dir)?.[1];
      if (!name) continue;
      const raw = JSON.parse(await readFile(path.join(out, dir, 'checks.json'), 'utf8')) as Check[];
      const checks = raw.map(({ id, status, errorMessage }) => ({
        id,
        status,
        ...(errorMessage ? { errorMessage } : {}),
      }));
      results.set(name, { passed: checks.every((c) => c.status !== 'FAILURE'), checks });
    }
    if (results.size === 0) throw new Error(`the conformance CLI wrote no results to ${out}`);
    return results;
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

/** What a scenario's run says beyond "it ran": each check that is not INFO, as `id: STATUS`. */
export function verdicts(result: ScenarioResult): string[] {
  return result.checks.filter((c) => c.status !== 'INFO').map((c) => `${c.id}: ${c.status}`);
}
