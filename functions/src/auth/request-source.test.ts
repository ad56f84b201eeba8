import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';

import { requestSource } from './request-source';

const from = (sourceIp: string) => ({ requestContext: { http: { sourceIp } } }) as APIGatewayProxyEventV2;

describe('requestSource', () => {
  it('keeps an IPv4 address and unwraps an IPv4-mapped IPv6 one', () => {
    expect(requestSource(from('203.0.113.7'))).toBe('203.0.113.7');
    expect(requestSource(from('::ffff:203.0.113.7'))).toBe('203.0.113.7');
  });

  it('counts an IPv6 address as its /64, however it is written', () => {
    const expected = '2001:db8:0:1::/64';
    expect(requestSource(from('2001:db8:0:1::1'))).toBe(expected);
    expect(requestSource(from('2001:0DB8:0000:0001:ffff:1:2:3'))).toBe(expected);
    expect(requestSource(from('2001:db8::'))).toBe('2001:db8:0:0::/64');
  });

  it('names an empty address rather than failing', () => {
    expect(requestSource(from(''))).toBe('unknown');
  });
});
