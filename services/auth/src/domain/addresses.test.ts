import { describe, expect, it } from 'vitest';
import { clientAddress, normalizeIp, parseTrustedProxies, throttleAddressKey } from './addresses.js';

describe('normalizeIp', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6, lower-cases IPv6 and drops its zone', () => {
    expect(normalizeIp(' 203.0.113.7 ')).toBe('203.0.113.7');
    expect(normalizeIp('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(normalizeIp('2001:DB8::1')).toBe('2001:db8::1');
    expect(normalizeIp('fe80::1%eth0')).toBe('fe80::1');
  });

  it('answers null for anything that is not an address', () => {
    for (const bad of [undefined, null, '', 'unknown', '203.0.113.7:443', '300.1.1.1', 'a, b']) {
      expect(normalizeIp(bad)).toBeNull();
    }
  });
});

describe('throttleAddressKey', () => {
  it('counts an IPv4 address as itself', () => {
    expect(throttleAddressKey('198.51.100.23')).toBe('198.51.100.23');
    expect(throttleAddressKey('::ffff:198.51.100.23')).toBe('198.51.100.23');
  });

  it('counts an IPv6 address under its /64, so one subscriber cannot hop addresses', () => {
    expect(throttleAddressKey('2001:db8:aa:bb:1:2:3:4')).toBe('2001:db8:aa:bb::/64');
    expect(throttleAddressKey('2001:0DB8:00aa:00bb:ffff::9')).toBe('2001:db8:aa:bb::/64');
    expect(throttleAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(throttleAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(throttleAddressKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('puts unknown addresses together', () => {
    expect(throttleAddressKey(null)).toBe('unknown');
    expect(throttleAddressKey('garbage')).toBe('unknown');
  });
});

describe('parseTrustedProxies', () => {
  it('reads names, addresses and CIDR ranges', () => {
    const list = parseTrustedProxies('loopback, 172.18.0.0/16, 10.9.8.7, fd00::/8');
    expect(list.check('127.0.0.5', 'ipv4')).toBe(true);
    expect(list.check('::1', 'ipv6')).toBe(true);
    expect(list.check('172.18.200.1', 'ipv4')).toBe(true);
    expect(list.check('172.19.0.1', 'ipv4')).toBe(false);
    expect(list.check('10.9.8.7', 'ipv4')).toBe(true);
    expect(list.check('10.9.8.8', 'ipv4')).toBe(false);
    expect(list.check('fd12::1', 'ipv6')).toBe(true);
  });

  it("'private' covers RFC 1918 and unique-local IPv6, not public addresses", () => {
    const list = parseTrustedProxies('private');
    for (const ip of ['10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1'])
      expect(list.check(ip, 'ipv4')).toBe(true);
    expect(list.check('fd00::1', 'ipv6')).toBe(true);
    for (const ip of ['8.8.8.8', '172.32.0.1', '127.0.0.1']) expect(list.check(ip, 'ipv4')).toBe(false);
  });

  it('trusts nobody when empty', () => {
    expect(parseTrustedProxies('').check('127.0.0.1', 'ipv4')).toBe(false);
  });

  it('refuses what it cannot read', () => {
    for (const bad of ['everyone', '10.0.0.0/33', '10.0.0.0/', '10.0.0.0/8/1', 'fd00::/129', 'example.com']) {
      expect(() => parseTrustedProxies(bad)).toThrow(/not an address/);
    }
  });
});

describe('clientAddress', () => {
  const gatewayOnly = parseTrustedProxies('10.0.0.2');

  it('believes X-Forwarded-For from a trusted proxy', () => {
    expect(clientAddress('10.0.0.2', '203.0.113.7', gatewayOnly)).toBe('203.0.113.7');
    expect(clientAddress('::ffff:10.0.0.2', '203.0.113.7', gatewayOnly)).toBe('203.0.113.7');
  });

  it('ignores X-Forwarded-For from anyone else: the peer is the client', () => {
    expect(clientAddress('198.51.100.9', '203.0.113.7', gatewayOnly)).toBe('198.51.100.9');
    expect(clientAddress('10.0.0.3', '203.0.113.7', gatewayOnly)).toBe('10.0.0.3');
  });

  it('takes the rightmost address a trusted hop vouches for, never what the client prepended', () => {
    expect(clientAddress('10.0.0.2', '1.1.1.1, 203.0.113.7', gatewayOnly)).toBe('203.0.113.7');
    const twoHops = parseTrustedProxies('10.0.0.2, 10.0.0.1');
    expect(clientAddress('10.0.0.2', ['1.1.1.1, 203.0.113.7', '10.0.0.1'], twoHops)).toBe('203.0.113.7');
  });

  it('stops at a hop that is not an address', () => {
    expect(clientAddress('10.0.0.2', 'nonsense', gatewayOnly)).toBe('10.0.0.2');
    expect(clientAddress('10.0.0.2', undefined, gatewayOnly)).toBe('10.0.0.2');
  });

  it('answers null without a peer address', () => {
    expect(clientAddress(undefined, '203.0.113.7', gatewayOnly)).toBeNull();
  });
});
