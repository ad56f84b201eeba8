import { describe, expect, it } from 'vitest';

import { addressRange, checkOutboundUrl, refusalOf, type HostResolver } from './outbound-address';

const strict = { allowLoopback: false, allowHttp: false };
const resolvesTo =
  (...addresses: string[]): HostResolver =>
  () =>
    Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));

describe('which addresses webhooks may reach', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '::1',
    '169.254.169.254',
    'fd00:ec2::254',
    'fe80::1',
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.1',
    'fc00::1',
    '100.64.0.1',
    '0.0.0.0',
    '::',
    '224.0.0.1',
    'ff02::1',
    '255.255.255.255',
    '240.0.0.1',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    '2002:a00:1::',
    // IPv4-compatible (::/96): ipaddr.js alone reads `::127.0.0.1` as `::ffff:127.0.0.1`.
    '::127.0.0.1',
    '::7f00:1',
    '::169.254.169.254',
    '::10.0.0.1',
    '::8.8.8.8',
    // NAT64 (64:ff9b::/96, and the local-use 64:ff9b:1::/48) and 6to4 carrying private IPv4.
    '64:ff9b::169.254.169.254',
    '64:ff9b::7f00:1',
    '64:ff9b:1::a00:1',
    '2002:a9fe:a9fe::1',
    '2002:7f00:1::',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '::ffff:0:a00:1',
    '2001:db8::1',
    '100::1',
    'fec0::1',
    'fe80::1%eth0',
  ])('refuses %s', (address) => {
    expect(refusalOf(address, strict)).toMatch(/^Address not allowed: /);
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) => {
    expect(refusalOf(address, strict)).toBeUndefined();
  });

  it('allows public unicast only: everything else is named by its range', () => {
    expect(addressRange('::127.0.0.1')).toBe('ipv4Compatible');
    expect(addressRange('::ffff:127.0.0.1')).toBe('loopback');
    expect(addressRange('64:ff9b::a9fe:a9fe')).toBe('rfc6052');
    expect(addressRange('2002:a00:1::')).toBe('6to4');
    expect(addressRange('2606:4700::1111')).toBe('unicast');
    expect(refusalOf('169.254.169.254', strict)).toBe('Address not allowed: 169.254.169.254 is link-local');
  });

  it('allows loopback only when the local test stack says so, and nothing else private with it', () => {
    const tests = { allowLoopback: true, allowHttp: true };
    expect(refusalOf('127.0.0.1', tests)).toBeUndefined();
    expect(refusalOf('::1', tests)).toBeUndefined();
    expect(refusalOf('10.0.0.1', tests)).toMatch(/private/);
    expect(refusalOf('169.254.169.254', tests)).toMatch(/link-local/);
    expect(refusalOf('::127.0.0.1', tests)).toMatch(/IPv4-compatible/);
  });
});

describe('checking a URL before a delivery', () => {
  it('refuses a name that resolves to a refused address, even among public ones, without saying which', async () => {
    const refused = 'Address not allowed: hooks.example does not resolve to a public address';
    await expect(checkOutboundUrl('https://hooks.example/x', strict, resolvesTo('169.254.169.254'))).rejects.toThrow(
      refused,
    );
    await expect(
      checkOutboundUrl('https://hooks.example/x', strict, resolvesTo('93.184.215.14', '10.0.0.1')),
    ).rejects.toThrow(refused);
    await expect(checkOutboundUrl('https://hooks.example/x', strict, resolvesTo('::a00:1'))).rejects.toThrow(refused);
  });

  it.each(['https://[::127.0.0.1]/x', 'https://[::169.254.169.254]/x', 'https://[::10.0.0.1]/x'])(
    'refuses the IPv4-compatible literal %s',
    async (url) => {
      await expect(checkOutboundUrl(url, strict)).rejects.toThrow(/^Address not allowed: .* is IPv4-compatible$/);
      await expect(checkOutboundUrl(url, { allowLoopback: true, allowHttp: true })).rejects.toThrow(/IPv4-compatible/);
    },
  );

  it('refuses IPv4 written as one number or in hex by the address it means', async () => {
    await expect(checkOutboundUrl('https://2852039166/x', strict)).rejects.toThrow(/169\.254\.169\.254/);
    await expect(checkOutboundUrl('https://0x7f.1/x', strict)).rejects.toThrow(/127\.0\.0\.1 is loopback/);
  });

  it('pins the checked address', async () => {
    const target = await checkOutboundUrl('https://hooks.example/x', strict, resolvesTo('93.184.215.14'));
    expect(target).toMatchObject({ address: '93.184.215.14', family: 4 });
  });

  it('refuses plain http outside development, bracketed IPv6 literals by their address, and credentials', async () => {
    await expect(checkOutboundUrl('http://93.184.215.14/x', strict)).rejects.toThrow('Use an https URL');
    await expect(checkOutboundUrl('https://[::1]/x', strict)).rejects.toThrow('Address not allowed: ::1 is loopback');
    await expect(checkOutboundUrl('https://user:pw@93.184.215.14/x', strict)).rejects.toThrow(/Credentials/);
    await expect(checkOutboundUrl('ftp://93.184.215.14/x', strict)).rejects.toThrow(/http/);
  });

  it('refuses a name that does not resolve with the same words as a private one (no DNS oracle)', async () => {
    const fails: HostResolver = () => Promise.reject(new Error('ENOTFOUND'));
    await expect(checkOutboundUrl('https://nowhere.example/x', strict, fails)).rejects.toThrow(
      'Address not allowed: nowhere.example does not resolve to a public address',
    );
  });
});
