import ipaddr from 'ipaddr.js';
import type { CidrValidationResponse } from '../../../contract/teams';

/**
 * API keys' IP allow-lists: IPv4 and IPv6 addresses and CIDR ranges, parsed by ipaddr.js. IPv4 is
 * taken only in its four-part decimal form: "1" or "0x7f.1" are legal inet_aton spellings that a
 * person typing an allow-list almost certainly did not mean. An IPv4-mapped IPv6 address or range
 * (::ffff:203.0.113.7) stands for its IPv4 one, so either spelling matches either kind of client.
 */

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

export type AllowedIpVerdict = { value: string; valid: boolean };

/** Each entry, trimmed, with whether it is an address or a range; an empty entry is not valid. */
export function validateAllowedIps(entries: readonly string[]): AllowedIpVerdict[] {
  return entries.map((entry) => {
    const value = entry.trim();
    return { value, valid: rangeOf(value) !== null };
  });
}

/** POST /api/networking/ip-cidr-validation: each entry's verdict, and whether all of them are good. */
export function checkAllowedIps(entries: readonly string[]): CidrValidationResponse {
  const verdicts = validateAllowedIps(entries);
  return { valid: verdicts.every((verdict) => verdict.valid), entries: verdicts };
}

/** The entries that are neither an address nor a range, as typed (trimmed). */
export function invalidAllowedIps(entries: readonly string[]): string[] {
  return validateAllowedIps(entries)
    .filter((verdict) => !verdict.valid)
    .map((verdict) => verdict.value);
}

/** Whether a client at `address` may use a key with this allow-list; an empty list allows any address. */
export function addressAllowed(address: string, allowedIps: readonly string[]): boolean {
  if (allowedIps.length === 0) return true;
  const client = addressOf(address);
  if (!client) return false;
  return allowedIps.some((entry) => {
    const range = rangeOf(entry.trim());
    return range !== null && range[0].kind() === client.kind() && client.match(range);
  });
}

/** An address (as a one-address range) or a CIDR range, IPv4-mapped ones as IPv4; null if neither. */
function rangeOf(entry: string): Range | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(entry)) return [ipaddr.IPv4.parse(entry), 32];
  if (ipaddr.IPv4.isValidCIDRFourPartDecimal(entry)) return ipaddr.IPv4.parseCIDR(entry);
  if (ipaddr.IPv6.isValid(entry)) {
    const address = ipaddr.IPv6.parse(entry);
    // A zone (fe80::1%eth0) names an interface of one machine; it means nothing in an allow-list.
    if (address.zoneId) return null;
    return address.isIPv4MappedAddress() ? [address.toIPv4Address(), 32] : [address, 128];
  }
  if (ipaddr.IPv6.isValidCIDR(entry)) {
    const [address, bits] = ipaddr.IPv6.parseCIDR(entry);
    if (address.zoneId) return null;
    if (address.isIPv4MappedAddress() && bits >= 96) return [address.toIPv4Address(), bits - 96];
    return [address, bits];
  }
  return null;
}

/** A client's address as the socket or the proxy gave it; IPv4-mapped IPv6 as IPv4. */
function addressOf(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (!ipaddr.isValid(address)) return null;
  return ipaddr.process(address);
}
