import { isIP, isIPv6 } from 'node:net';

import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * CloudFront's address of the viewer, as `ip:port` (IPv6 unbracketed: the port follows the
 * last colon). The `/api/*` behaviour's origin request policy forwards it (infra/lib/web.ts).
 */
export const viewerAddressHeader = 'cloudfront-viewer-address';

type Environment = Readonly<Record<string, string | undefined>>;

/** Lambda always sets AWS_LAMBDA_FUNCTION_NAME; the local server does not. */
const runningOnLambda = (env: Environment): boolean => Boolean(env.AWS_LAMBDA_FUNCTION_NAME);

/** The address in a `CloudFront-Viewer-Address` value, or undefined when it is not one. */
const viewerAddressOf = (value: string | undefined): string | undefined => {
  const raw = value?.trim();
  const portAt = raw?.lastIndexOf(':') ?? -1;
  if (!raw || portAt <= 0 || !/^\d{1,5}$/.test(raw.slice(portAt + 1))) return undefined;
  const address = raw.slice(0, portAt).replace(/^\[(.*)\]$/, '$1');
  return isIP(address) ? address : undefined;
};

/**
 * Where a request came from, for the per-source limits (docs/decisions.md, "Throttling and
 * lockout"). On AWS the API is reached only through CloudFront, so the address API Gateway
 * sees (`requestContext.http.sourceIp`) is a CloudFront edge shared by every viewer behind it:
 * there the viewer's address comes from the `CloudFront-Viewer-Address` header, which
 * CloudFront sets itself (a viewer's own header of that name does not reach the origin).
 * Locally nothing sets that header and any client could send it, so the local server's socket
 * address (`sourceIp`) is used. An IPv4-mapped IPv6 address counts as its IPv4 address, and an
 * IPv6 address as its /64, since one host commonly holds a whole /64 and could otherwise change
 * address at every attempt.
 */
export const requestSource = (event: APIGatewayProxyEventV2, env: Environment = process.env): string => {
  const viewer = runningOnLambda(env) ? viewerAddressOf(event.headers?.[viewerAddressHeader]) : undefined;
  const raw = (viewer ?? event.requestContext.http.sourceIp).trim().toLowerCase();
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

/**
 * The address to show the user beside a session or a security-log entry: the viewer's own
 * address as `requestSource` finds it, but whole (an IPv6 address is not cut to its /64).
 */
export const clientAddress = (event: APIGatewayProxyEventV2, env: Environment = process.env): string => {
  const viewer = runningOnLambda(env) ? viewerAddressOf(event.headers?.[viewerAddressHeader]) : undefined;
  const raw = (viewer ?? event.requestContext.http.sourceIp).trim().toLowerCase();
  return (/^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(raw)?.[1] ?? raw).slice(0, 64);
};
