import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';

import { clientAddress, requestSource } from './request-source';

const edge = '130.176.1.1';
const from = (sourceIp: string, headers: Record<string, string> = {}) =>
  ({ headers, requestContext: { http: { sourceIp } } }) as unknown as APIGatewayProxyEventV2;
const onLambda = { AWS_LAMBDA_FUNCTION_NAME: 'orbit-auth' };
const local = {};
const viewer = (address: string) => from(edge, { 'cloudfront-viewer-address': address });

describe('requestSource', () => {
  it('keeps an IPv4 address and unwraps an IPv4-mapped IPv6 one', () => {
    expect(requestSource(from('203.0.113.7'), local)).toBe('203.0.113.7');
    expect(requestSource(from('::ffff:203.0.113.7'), local)).toBe('203.0.113.7');
  });

  it('counts an IPv6 address as its /64, however it is written', () => {
    const expected = '2001:db8:0:1::/64';
    expect(requestSource(from('2001:db8:0:1::1'), local)).toBe(expected);
    expect(requestSource(from('2001:0DB8:0000:0001:ffff:1:2:3'), local)).toBe(expected);
    expect(requestSource(from('2001:db8::'), local)).toBe('2001:db8:0:0::/64');
  });

  it('names an empty address rather than failing', () => {
    expect(requestSource(from(''), local)).toBe('unknown');
  });

  describe('on Lambda, behind CloudFront', () => {
    it('takes the viewer address CloudFront forwards, not the edge that called API Gateway', () => {
      expect(requestSource(viewer('198.51.100.10:46532'), onLambda)).toBe('198.51.100.10');
      expect(requestSource(viewer('198.51.100.11:443'), onLambda)).toBe('198.51.100.11');
    });

    it('reads an IPv6 viewer address (port after the last colon) and counts it as its /64', () => {
      expect(requestSource(viewer('2001:db8:0:1:aaaa:bbbb:cccc:dddd:46532'), onLambda)).toBe('2001:db8:0:1::/64');
      expect(requestSource(viewer('[2001:db8:0:2::7]:46532'), onLambda)).toBe('2001:db8:0:2::/64');
      expect(requestSource(viewer('::ffff:198.51.100.10:1'), onLambda)).toBe('198.51.100.10');
    });

    it('falls back to sourceIp when the header is missing or is not an address', () => {
      expect(requestSource(from(edge), onLambda)).toBe(edge);
      for (const junk of ['', 'nonsense', '198.51.100.10', '198.51.100.10:port', '999.1.1.1:80', ':80']) {
        expect(requestSource(viewer(junk), onLambda)).toBe(edge);
      }
    });
  });

  it('ignores the header locally, where any client could send it', () => {
    expect(requestSource(viewer('198.51.100.10:46532'), local)).toBe(edge);
  });
});

describe('clientAddress', () => {
  it('shows the viewer’s whole address: an IPv6 one is not cut to its /64', () => {
    expect(clientAddress(viewer('[2001:db8:0:2::7]:46532'), onLambda)).toBe('2001:db8:0:2::7');
    expect(clientAddress(viewer('198.51.100.10:46532'), onLambda)).toBe('198.51.100.10');
    expect(clientAddress(from('::ffff:203.0.113.7'), local)).toBe('203.0.113.7');
    expect(clientAddress(viewer('198.51.100.10:46532'), local)).toBe(edge);
  });
});
