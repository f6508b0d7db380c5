// The fuzz run's section of bench/RESULTS.md (FUZZ_RESULTS=bench/RESULTS.md): the command, the seed,
// the status counts per listener and per route, and the verdict. Each engine has its own part, so a
// run on PostgreSQL keeps the SQLite one; the rest of the file is kept as it is (and every bench run
// keeps this section).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { kinds, type FuzzReport } from './report.ts';

const BEGIN = '<!-- suite:fuzz -->';
const END = '<!-- /suite:fuzz -->';
const part = (engine: string) => [`<!-- fuzz:${engine} -->`, `<!-- /fuzz:${engine} -->`] as const;

const HEADER = [
  '## Fuzz (issue 14)',
  '',
  'Written by `npm run fuzz` with `FUZZ_RESULTS=bench/RESULTS.md` (server/test/fuzz/, described in docs/fuzz.md); ' +
    'rerun it to refresh the part of its engine. A request is named by the seed and its index: ' +
    '`FUZZ_SEED=<seed> FUZZ_ONLY=<index> npm run fuzz` replays it.',
];

function counts(c: Record<string, number>): string {
  return Object.entries(c)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([s, n]) => `${s}: ${n.toLocaleString('en-US')}`)
    .join(', ');
}

function commit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

export function renderPart(r: FuzzReport, command: string, concurrency: number): string {
  const lines = [
    `### ${r.engine === 'postgres' ? 'PostgreSQL' : 'SQLite'}`,
    '',
    `- Command: \`${command}\``,
    `- Seed ${r.seed}; ${r.requests.toLocaleString('en-US')} requests in ${r.seconds.toFixed(0)} s, ${concurrency} in flight; ` +
      `${new Date().toISOString()}, commit ${commit()}, ${os.cpus().length} CPUs, Node ${process.version}`,
    `- 5xx answers: **${r.serverErrors.length}**; crashes: **${r.crashed ? 1 : 0}**; /healthz of both listeners at the end: ${r.healthyAtEnd ? 'ok' : 'NOT OK'}`,
    `- Requests held until the fuzzer gave up (incomplete on purpose: HTTP/0.9 lines, bodies that stop short): ${r.timeouts.length}${r.timeouts.length ? ` (${kinds(r.timeouts)})` : ''}`,
    `- Answers broken off before their end (status sent, then the connection cut): ${r.brokenOff.length}`,
    '- Status counts ("closed": the server closed the connection without an answer, as it does for a request it cannot parse):',
    `  - console listener: ${counts(r.byListener.console)}`,
    `  - Gateway listener: ${counts(r.byListener.gateway)}`,
    '',
    '<details><summary>Per route</summary>',
    '',
    '| listener | route | statuses |',
    '|---|---|---|',
  ];
  for (const listener of ['console', 'gateway'] as const)
    for (const [route, c] of Object.entries(r.byRoute[listener]).sort(([a], [b]) => a.localeCompare(b)))
      lines.push(`| ${listener} | \`${route}\` | ${counts(c) || '–'} |`);
  lines.push('', '</details>');
  return lines.join('\n');
}

/** Writes this engine's part of the fuzz section into `file`, keeping everything else. */
export function writeResults(file: string, r: FuzzReport, command: string, concurrency: number): void {
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const [pb, pe] = part(r.engine);
  const fresh = `${pb}\n${renderPart(r, command, concurrency)}\n${pe}`;
  const from = text.indexOf(BEGIN);
  const to = text.indexOf(END);
  if (from < 0 || to < from) {
    fs.writeFileSync(file, `${text.trimEnd()}\n\n${BEGIN}\n${HEADER.join('\n')}\n\n${fresh}\n${END}\n`);
    return;
  }
  let section = text.slice(from + BEGIN.length, to);
  const a = section.indexOf(pb);
  const b = section.indexOf(pe);
  section =
    a >= 0 && b > a
      ? section.slice(0, a) + fresh + section.slice(b + pe.length)
      : `${section.trimEnd()}\n\n${fresh}\n`;
  fs.writeFileSync(file, text.slice(0, from + BEGIN.length) + section + text.slice(to));
}
