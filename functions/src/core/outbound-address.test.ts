import { describe, expect, it } from 'vitest';

import { checkOutboundUrl, refusalOf, type HostResolver } from './outbound-address';

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
  ])('refuses %s', (address) => {
    expect(refusalOf(address, strict)).toMatch(/may not reach/);
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) => {
    expect(refusalOf(address, strict)).toBeUndefined();
  });

  it('allows loopback only when the local test stack says so, and nothing else private with it', () => {
    const tests = { allowLoopback: true, allowHttp: true };
    expect(refusalOf('127.0.0.1', tests)).toBeUndefined();
    expect(refusalOf('10.0.0.1', tests)).toMatch(/private/);
    expect(refusalOf('169.254.169.254', tests)).toMatch(/linkLocal/);
  });
});

describe('checking a URL before a delivery', () => {
  it('refuses a name that resolves to a refused address, even among public ones', async () => {
    await expect(checkOutboundUrl('https://hooks.example/x', strict, resolvesTo('169.254.169.254'))).rejects.toThrow(
      'hooks.example resolves to 169.254.169.254',
    );
    await expect(
      checkOutboundUrl('https://hooks.example/x', strict, resolvesTo('93.184.215.14', '10.0.0.1')),
    ).rejects.toThrow(/10\.0\.0\.1/);
  });

  it('pins the checked address', async () => {
    const target = await checkOutboundUrl('https://hooks.example/x', strict, resolvesTo('93.184.215.14'));
    expect(target).toMatchObject({ address: '93.184.215.14', family: 4 });
  });

  it('refuses plain http outside development, bracketed IPv6 literals by their address, and credentials', async () => {
    await expect(checkOutboundUrl('http://93.184.215.14/x', strict)).rejects.toThrow('Use an https URL');
    await expect(checkOutboundUrl('https://[::1]/x', strict)).rejects.toThrow(/loopback/);
    await expect(checkOutboundUrl('https://user:pw@93.184.215.14/x', strict)).rejects.toThrow(/Credentials/);
    await expect(checkOutboundUrl('ftp://93.184.215.14/x', strict)).rejects.toThrow(/http/);
  });

  it('refuses a name that does not resolve', async () => {
    const fails: HostResolver = () => Promise.reject(new Error('ENOTFOUND'));
    await expect(checkOutboundUrl('https://nowhere.example/x', strict, fails)).rejects.toThrow('does not resolve');
  });
});
