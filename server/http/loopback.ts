import ipaddr from 'ipaddr.js';

/**
 * Whether an IP address is this machine's own (127.0.0.0/8, ::1, or IPv4 loopback mapped into IPv6).
 * Only dotted-quad IPv4 and IPv6 count: ipaddr.js would also read `127.1` or `0x7f000001`.
 */
export function isLoopbackAddress(address: string): boolean {
  if (!ipaddr.IPv4.isValidFourPartDecimal(address) && !ipaddr.IPv6.isValid(address)) return false;
  return ipaddr.process(address).range() === 'loopback';
}

/**
 * Whether a URL's host names this machine: `localhost` and its subdomains (RFC 6761 keeps them on
 * loopback), or a loopback address. Takes `new URL(…).hostname`, which brackets IPv6 addresses.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return isLoopbackAddress(host.replace(/^\[(.*)\]$/, '$1'));
}
