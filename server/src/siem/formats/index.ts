// The export's formats, by the name a destination's `format` gives.
import type { Formatter, SiemFormat } from '../siem-contract.ts';
import { formatCef } from './cef.ts';
import { formatJson } from './json.ts';
import { formatOcsf } from './ocsf.ts';

const FORMATTERS: Readonly<Record<SiemFormat, Formatter>> = {
  json: formatJson,
  cef: formatCef,
  ocsf: formatOcsf,
};

export function formatterFor(format: SiemFormat): Formatter {
  const formatter = FORMATTERS[format];
  if (!formatter) throw new Error(`Unknown SIEM format "${String(format)}": use json, cef or ocsf.`);
  return formatter;
}

export { levelOf, SYSLOG_SEVERITY } from './level.ts';
