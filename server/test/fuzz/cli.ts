// `npm run fuzz`: a seeded fuzz run against a fresh Gatehouse on 127.0.0.1. Settings by environment:
// FUZZ_SEED (default 1), FUZZ_REQUESTS (100000), FUZZ_SECONDS (1800: the run stops there even if not
// done), FUZZ_CONCURRENCY (16), FUZZ_ONLY (comma-separated indices to replay), FUZZ_RESULTS (a file to
// write the results section into, e.g. bench/RESULTS.md), and GATEHOUSE_TEST_DATABASE_URL or
// --database-url=postgres://… for PostgreSQL. Exits 1 on any 5xx, a crash, a listener not healthy at
// the end, or a route family no request reached.
import { failed, formatReport } from './report.ts';
import { writeResults } from './results-section.ts';
import { runFuzz } from './run.ts';

function int(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) {
    process.stderr.write(`${name} must be a non-negative integer, not ${JSON.stringify(raw)}\n`);
    process.exit(2);
  }
  return n;
}

const flag = process.argv.find((a) => a.startsWith('--database-url='));
const databaseUrl = flag?.slice('--database-url='.length) ?? process.env.GATEHOUSE_TEST_DATABASE_URL;
const only = process.env.FUZZ_ONLY?.split(',').filter(Boolean).map(Number);

const seed = int('FUZZ_SEED', 1);
const requests = int('FUZZ_REQUESTS', 100_000);
const concurrency = Math.max(1, int('FUZZ_CONCURRENCY', 16));
const report = await runFuzz({
  seed,
  requests,
  seconds: int('FUZZ_SECONDS', 1800),
  concurrency,
  engine: databaseUrl ? 'postgres' : 'sqlite',
  ...(databaseUrl ? { databaseUrl } : {}),
  ...(only?.length ? { only } : {}),
  progress: (line) => process.stderr.write(`${line}\n`),
});
process.stdout.write(`${formatReport(report)}\n`);
if (process.env.FUZZ_RESULTS && !only?.length) {
  const command =
    `FUZZ_SEED=${seed} FUZZ_REQUESTS=${requests} FUZZ_CONCURRENCY=${concurrency} ` +
    `${databaseUrl ? `GATEHOUSE_TEST_DATABASE_URL=${databaseUrl.replace(/\/\/[^@/]*@/, '//…@')} ` : ''}npm run fuzz`;
  writeResults(process.env.FUZZ_RESULTS, report, command, concurrency);
}
process.exit(failed(report) ? 1 : 0);
