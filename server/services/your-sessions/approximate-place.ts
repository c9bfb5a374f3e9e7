import ipaddr from 'ipaddr.js';
import type { ApproximatePlace } from '../../../contract/sessions';

/** Ranges of the person's own network, not of the internet. */
const localRanges = new Set(['private', 'loopback', 'linkLocal', 'uniqueLocal', 'unspecified', 'carrierGradeNat']);

/**
 * Where a session began, from the client address the portal saw: its network only (an IPv4 /24, an
 * IPv6 /48), which is about as precise as an internet provider's area and never the full address.
 * The portal has no location database; the network is the best source it has.
 */
export function approximatePlaceOf(clientAddress: string | null): ApproximatePlace | null {
  if (!clientAddress || !ipaddr.isValid(clientAddress)) return null;
  // An IPv4 client seen through an IPv6 socket (::ffff:203.0.113.7) is shown as IPv4.
  const address = ipaddr.process(clientAddress);
  const local = localRanges.has(address.range());
  if (address.kind() === 'ipv4') {
    return { network: `${ipaddr.IPv4.networkAddressFromCIDR(`${address.toString()}/24`).toString()}/24`, local };
  }
  // A zone (fe80::1%eth0) names the person's interface, not a network: it is left out.
  const withoutZone = address.toString().split('%')[0];
  return { network: `${ipaddr.IPv6.networkAddressFromCIDR(`${withoutZone}/48`).toString()}/48`, local };
}
