// The few plain lines `npm start` ends with, for the person at the terminal: where to open the console
// (with the one-time setup link while no admin exists), where tools point, which store, where the log
// goes. They go to stderr: stdout stays JSON lines only, so a log shipper reading it never meets prose,
// and the setup link (a secret) never enters the log.

export interface BannerFacts {
  consoleUrl: string | undefined;
  gatewayUrl: string | undefined;
  setupUrl: string | undefined;
  store: string;
  logLevel: string;
}

export function startupBanner(f: BannerFacts): string {
  const rows: Array<[string, string]> = [];
  if (f.consoleUrl) rows.push(['Console', `${f.consoleUrl}/console`]);
  if (f.setupUrl) rows.push(['Set up', `${f.setupUrl}`]);
  if (f.gatewayUrl) rows.push(['Gateway', f.gatewayUrl]);
  rows.push(['Store', f.store]);
  rows.push(['Logs', `JSON lines on standard output, level ${f.logLevel} (GATEHOUSE_LOG_LEVEL)`]);
  const width = Math.max(...rows.map(([k]) => k.length)) + 2;
  const lines = rows.map(([k, v]) => `  ${`${k}:`.padEnd(width)}${v}`);
  const head = 'Gatehouse is running.';
  const setup = f.setupUrl
    ? [
        '',
        '  No admin exists yet: open the "Set up" link within 24 hours to create the owner account.',
        '  It works once; while no admin exists, each start prints a new one.',
      ]
    : [];
  return [
    '',
    head,
    '',
    ...lines,
    ...setup,
    '',
    '  Stop with Ctrl-C (SIGTERM): requests in flight finish first.',
    '',
  ].join('\n');
}
