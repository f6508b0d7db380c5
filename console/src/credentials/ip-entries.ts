// IP allow and deny lists as the admin types them: one entry per line or comma-separated. The same
// parser as the server's (shared/ip-rules.ts), so that the form names exactly the entries
// the API would refuse, before anything is sent.
import { parseIpRule, splitIpList } from '../../../shared/ip-rules.ts';

export interface ParsedIpList {
  entries: string[];
  invalid: string[];
}

export function parseIpList(text: string): ParsedIpList {
  const entries = splitIpList(text);
  return { entries, invalid: entries.filter((e) => parseIpRule(e) === null) };
}

export function ipListError(list: ParsedIpList): string | null {
  if (list.invalid.length === 0) return null;
  const named = list.invalid.map((e) => `"${e}"`).join(', ');
  return `${list.invalid.length === 1 ? 'Not an IP address or CIDR range' : 'Not IP addresses or CIDR ranges'}: ${named}`;
}
