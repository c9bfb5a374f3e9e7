// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { addressAllowed, invalidAllowedIps, validateAllowedIps } from '../../server/services/teams/allowed-ips';

describe('validateAllowedIps', () => {
  it.each([
    '203.0.113.7',
    '0.0.0.0/0',
    '203.0.113.0/24',
    '10.1.2.3/8',
    '2001:db8::1',
    '2001:db8::/32',
    '::1',
    '::/0',
    '::ffff:203.0.113.7',
    '::ffff:203.0.113.0/120',
    '  198.51.100.1  ',
  ])('takes %j', (entry) => {
    expect(validateAllowedIps([entry])).toEqual([{ value: entry.trim(), valid: true }]);
  });

  it.each([
    '',
    '   ',
    'garbage',
    '203.0.113',
    '1',
    '0x7f.0.0.1',
    '010.0.0.1',
    '256.0.0.1',
    '203.0.113.0/33',
    '203.0.113.0/',
    '203.0.113.0/24/8',
    '2001:db8::/129',
    '2001:db8:::1',
    'fe80::1%eth0',
    '203.0.113.1 203.0.113.2',
    '203.0.113.1-203.0.113.9',
  ])('refuses %j', (entry) => {
    expect(validateAllowedIps([entry])).toEqual([{ value: entry.trim(), valid: false }]);
  });

  it('answers each entry in order and names the bad ones', () => {
    const entries = ['203.0.113.0/24', 'nope', ' 2001:db8::/32', ''];
    expect(validateAllowedIps(entries).map((verdict) => verdict.valid)).toEqual([true, false, true, false]);
    expect(invalidAllowedIps(entries)).toEqual(['nope', '']);
  });
});

describe('addressAllowed', () => {
  const list = ['203.0.113.0/24', '198.51.100.7', '2001:db8::/32', '::ffff:192.0.2.0/120'];

  it('allows any address when the list is empty', () => {
    expect(addressAllowed('192.0.2.55', [])).toBe(true);
    expect(addressAllowed('2001:db8::1', [])).toBe(true);
    expect(addressAllowed('unknown', [])).toBe(true);
  });

  it.each([
    ['inside an IPv4 range', '203.0.113.200'],
    ['an exact IPv4 address', '198.51.100.7'],
    ['inside an IPv6 range', '2001:db8:1234::9'],
    ['an IPv4-mapped client inside an IPv4 range', '::ffff:203.0.113.9'],
    ['an IPv4 client inside an IPv4-mapped range', '192.0.2.77'],
  ])('allows %s', (_name, address) => {
    expect(addressAllowed(address, list)).toBe(true);
  });

  it.each([
    ['outside every IPv4 entry', '198.51.100.8'],
    ['outside every IPv6 entry', '2001:db9::1'],
    ['an IPv6 address against IPv4 entries', '::1'],
    ['an address that is not one', 'unknown'],
  ])('refuses %s', (_name, address) => {
    expect(addressAllowed(address, list)).toBe(false);
  });

  it('ignores entries that are not addresses', () => {
    expect(addressAllowed('203.0.113.1', ['garbage'])).toBe(false);
  });
});
