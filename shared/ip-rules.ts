// IP allow and deny lists of API credentials (and the trusted-proxy list): IPv4, IPv6 and CIDR
// entries, parsed once and matched per request. IPv4-mapped IPv6 addresses (::ffff:10.0.0.1, what a
// dual-stack socket reports) match IPv4 rules.
import ipaddr from 'ipaddr.js';

export interface IpRule {
  /** The entry as the admin wrote it, normalised (e.g. "10.0.0.0/8", "2001:db8::/32"). */
  text: string;
  range: [ipaddr.IPv4 | ipaddr.IPv6, number];
}

/** Parses one entry; null when it is neither an address nor a CIDR range. */
export function parseIpRule(entry: string): IpRule | null {
  const raw = entry.trim();
  if (raw.length === 0 || raw.length > 64) return null;
  const [host = '', bits, ...rest] = raw.split('/');
  // Only the written-out forms: ipaddr.js also takes "10.0.0" and hex octets, which in an allowlist are
  // far more likely typos than intent.
  const wellFormed = host.includes(':')
    ? ipaddr.IPv6.isValid(host)
    : ipaddr.IPv4.isValidFourPartDecimal(host);
  if (!wellFormed || rest.length > 0 || (bits !== undefined && !/^\d{1,3}$/.test(bits))) return null;
  try {
    const parsed = ipaddr.parse(host);
    const max = parsed.kind() === 'ipv4' ? 32 : 128;
    const written = bits === undefined ? max : Number(bits);
    if (written > max) return null;
    const addr = unmap(parsed);
    const prefix = addr.kind() !== parsed.kind() ? written - 96 : written;
    if (prefix < 0) return null;
    // Normalise to the network address, so that "10.1.2.3/8" reads back as "10.0.0.0/8".
    const base = bits === undefined ? addr : network(addr, prefix);
    return {
      text: bits === undefined ? base.toString() : `${base.toString()}/${prefix}`,
      range: [base, prefix],
    };
  } catch {
    return null;
  }
}

function network(addr: ipaddr.IPv4 | ipaddr.IPv6, prefix: number): ipaddr.IPv4 | ipaddr.IPv6 {
  return addr.kind() === 'ipv4'
    ? ipaddr.IPv4.networkAddressFromCIDR(`${addr.toString()}/${prefix}`)
    : ipaddr.IPv6.networkAddressFromCIDR(`${addr.toString()}/${prefix}`);
}

/** Splits admin input (one per line or comma-separated) into entries. */
export function splitIpList(input: string): string[] {
  return input
    .split(/[\n,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function unmap(addr: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  return addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()
    ? (addr as ipaddr.IPv6).toIPv4Address()
    : addr;
}

export function ipMatches(ip: string, rules: readonly IpRule[]): boolean {
  if (rules.length === 0) return false;
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = unmap(ipaddr.parse(ip));
  } catch {
    return false;
  }
  return rules.some((rule) => addr.kind() === rule.range[0].kind() && addr.match(rule.range));
}

/**
 * The credential's decision for one address: a deny entry wins over an allow entry; an empty allowlist
 * allows every address not denied.
 */
export function ipAllowed(ip: string, allow: readonly IpRule[], deny: readonly IpRule[]): boolean {
  if (ipMatches(ip, deny)) return false;
  return allow.length === 0 || ipMatches(ip, allow);
}

/**
 * The client an address stands for when connections are counted: an IPv4 address itself (a mapped one
 * unmapped), an IPv6 address by its /64, since one host is routinely given a whole /64 and could
 * otherwise take a fresh address for every connection.
 */
export function addressGroup(ip: string): string {
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = unmap(ipaddr.parse(ip));
  } catch {
    return ip;
  }
  if (addr.kind() === 'ipv4') return addr.toString();
  return `${(addr as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((p) => p.toString(16))
    .join(':')}::/64`;
}
