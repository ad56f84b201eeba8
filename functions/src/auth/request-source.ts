import { isIPv6 } from 'node:net';

import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * Where a request came from, for the per-source limits: the address API Gateway saw
 * (`requestContext.http.sourceIp`; the local server fills it from the socket). An IPv4-mapped
 * IPv6 address counts as its IPv4 address, and an IPv6 address as its /64, since one host
 * commonly holds a whole /64 and could otherwise change address at every attempt.
 */
export const requestSource = (event: APIGatewayProxyEventV2): string => {
  const raw = event.requestContext.http.sourceIp.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(raw);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(raw)) return raw || 'unknown';
  return `${expandIpv6(raw).slice(0, 4).join(':')}::/64`;
};

/** The eight groups of an IPv6 address, `::` filled in (no zone index). */
const expandIpv6 = (address: string): string[] => {
  const [head = '', tail] = address.split('%')[0]?.split('::') ?? [];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => group.replace(/^0+(?=.)/, ''));
};
