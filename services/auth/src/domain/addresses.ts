// Client addresses: which peers may tell auth who the client is (X-Forwarded-For), and the key the
// sign-in throttle counts an address under. Pure functions; the routes apply them to requests.
import { BlockList, isIP, isIPv4 } from 'node:net';

/** An IPv4 address as is, an IPv4-mapped IPv6 address as IPv4, IPv6 lower-cased without a zone; else null. */
export function normalizeIp(raw: string | undefined | null): string | null {
  if (!raw) return null;
  let ip = raw.trim();
  const zone = ip.indexOf('%');
  if (zone >= 0) ip = ip.slice(0, zone);
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  const family = isIP(ip);
  if (family === 4) return ip;
  if (family === 6) return ip.toLowerCase();
  return null;
}

/** The eight 16-bit groups of an IPv6 address (normalized by normalizeIp). */
function ipv6Groups(ip: string): number[] {
  const [head = '', tail] = ip.split('::');
  const part = (s: string): number[] =>
    s === ''
      ? []
      : s.split(':').flatMap((g) => {
          if (!g.includes('.')) return [parseInt(g, 16)];
          const [a, b, c, d] = g.split('.').map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        });
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The key one client address is throttled under: an IPv4 address itself; for IPv6 its /64 network,
 * the smallest block one subscriber usually gets, so hopping through one's own /64 gains nothing.
 */
export function throttleAddressKey(ip: string | null): string {
  const norm = normalizeIp(ip);
  if (!norm) return 'unknown';
  if (isIPv4(norm)) return norm;
  const groups = ipv6Groups(norm).slice(0, 4);
  return `${groups.map((g) => g.toString(16)).join(':')}::/64`;
}

/** Named groups of trusted-proxy addresses (TRUSTED_PROXIES). */
const NAMED: Record<string, Array<[string, number, 'ipv4' | 'ipv6']>> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  private: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/**
 * Parses TRUSTED_PROXIES: comma-separated `loopback`, `private`, IP addresses and CIDR ranges
 * (`10.1.2.3`, `172.18.0.0/16`, `fd00::/8`); empty trusts nobody. Throws on an entry it cannot read.
 */
export function parseTrustedProxies(spec: string): BlockList {
  const list = new BlockList();
  for (const entry of spec
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const named = NAMED[entry.toLowerCase()];
    if (named) {
      for (const [net, prefix, type] of named) list.addSubnet(net, prefix, type);
      continue;
    }
    const [addr, prefixText, extra] = entry.split('/');
    const ip = normalizeIp(addr);
    const type = ip && isIPv4(ip) ? 'ipv4' : 'ipv6';
    const max = type === 'ipv4' ? 32 : 128;
    const prefix = prefixText === undefined ? max : Number(prefixText);
    if (!ip || extra !== undefined || !Number.isInteger(prefix) || prefix < 0 || prefix > max || prefixText === '') {
      throw new Error(`not an address, a CIDR range, 'loopback' or 'private': ${entry}`);
    }
    list.addSubnet(ip, prefix, type);
  }
  return list;
}

function isTrusted(list: BlockList, ip: string): boolean {
  return list.check(ip, isIPv4(ip) ? 'ipv4' : 'ipv6');
}

/**
 * The client's address. The peer is the client unless it is a trusted proxy; then X-Forwarded-For
 * is read from the right, each trusted hop vouching for the one before it, and the first address not
 * trusted (or the last one vouched for) is the client. The gateway overwrites the header with the
 * address it sees, so behind it this is that address; a caller the list does not trust cannot
 * choose the address it is counted under.
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trusted: BlockList,
): string | null {
  let client = normalizeIp(peer);
  if (!client) return null;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? ''))
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean)
    .reverse();
  for (const hop of hops) {
    if (!isTrusted(trusted, client)) break;
    const ip = normalizeIp(hop);
    if (!ip) break;
    client = ip;
  }
  return client;
}
