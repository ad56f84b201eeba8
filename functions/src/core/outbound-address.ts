import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';

import ipaddr from 'ipaddr.js';

import { ValidationError } from './errors';

/**
 * Which addresses Orbit may call (docs/integrations.md, "Safe outbound"): public unicast only,
 * for every URL the server fetches. Loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7),
 * link-local (169.254/16 with the cloud metadata address, fe80::/10), CGNAT (100.64/10),
 * unspecified, multicast, broadcast, the reserved ranges and every IPv6 form that carries an
 * IPv4 address (IPv4-compatible ::/96, 6to4, Teredo, NAT64, SIIT) are refused; an IPv4-mapped
 * IPv6 address counts as the IPv4 address it maps. ipaddr.js names the ranges (its `range()` is
 * `unicast` for everything public), so no range table is ours to keep.
 */

export interface OutboundPolicy {
  /** Loopback targets: only for one machine's fakes and receivers; never in AWS. */
  readonly allowLoopback: boolean;
  /** Plain http: only in development (the local stack sets ORBIT_DEVELOPMENT=1; the CDK stack never does). */
  readonly allowHttp: boolean;
}

/**
 * For URLs a user gives (webhook subscriptions, webhook channels): loopback receivers only with
 * WEBHOOK_ALLOW_LOOPBACK=1 (`npm start`, the tests that use a loopback receiver). Read at each
 * call, so a test can turn loopback off for its SSRF cases.
 */
export const outboundPolicy = (): OutboundPolicy => ({
  allowLoopback: process.env.WEBHOOK_ALLOW_LOOPBACK === '1',
  allowHttp: process.env.ORBIT_DEVELOPMENT === '1',
});

/**
 * For the base URLs a deployment configures (TELEGRAM_API_BASE_URL, STRIPE_API_BASE): on one
 * machine (ORBIT_DEVELOPMENT=1) they may be the tests' loopback fakes over http; deployed, they
 * are public https like any other target. Private and link-local stay refused everywhere.
 */
export const configuredServicePolicy = (): OutboundPolicy => ({
  allowLoopback: process.env.ORBIT_DEVELOPMENT === '1',
  allowHttp: process.env.ORBIT_DEVELOPMENT === '1',
});

/**
 * ipaddr.js reads `::127.0.0.1` as `::ffff:127.0.0.1`, which is not the address a socket
 * connects to; the WHATWG URL parser writes any IPv6 literal in plain hex, which it reads right.
 */
const canonicalIPv6 = (address: string): string => new URL(`http://[${address}]/`).hostname.slice(1, -1);

/** The range an address belongs to, as ipaddr.js names it (`unicast` = public). */
export const addressRange = (address: string): string => {
  const version = isIP(address);
  if (version === 4) return ipaddr.IPv4.parse(address).range();
  let parsed: ipaddr.IPv6;
  try {
    if (version !== 6) throw new Error('not an IP address');
    parsed = ipaddr.IPv6.parse(canonicalIPv6(address));
  } catch {
    // A zone id (fe80::1%eth0) or anything else the URL parser will not write: never a target.
    return 'unparseable';
  }
  if (parsed.isIPv4MappedAddress()) return parsed.toIPv4Address().range();
  const range = parsed.range();
  // ::/96 besides :: and ::1: IPv4-compatible (deprecated by RFC 4291), never a public target.
  if (range === 'unicast' && parsed.parts.slice(0, 6).every((part) => part === 0)) return 'ipv4Compatible';
  return range;
};

/** ipaddr.js's range names, in words (the others read as they are: private, loopback, 6to4…). */
const rangeWords: Readonly<Record<string, string>> = {
  linkLocal: 'link-local',
  uniqueLocal: 'unique local',
  carrierGradeNat: 'carrier-grade NAT',
  ipv4Compatible: 'IPv4-compatible',
  rfc6052: 'NAT64',
  rfc6145: 'IPv4-translated',
  teredo: 'Teredo',
  unparseable: 'not a plain address',
};

/** The one answer for any refused address: what the caller typed, never what a lookup found. */
export const addressNotAllowed = 'Address not allowed';

/** Why an address may not be called, or undefined when it may. */
export const refusalOf = (address: string, policy: OutboundPolicy): string | undefined => {
  const range = addressRange(address);
  if (range === 'unicast') return undefined;
  if (range === 'loopback' && policy.allowLoopback) return undefined;
  return `${addressNotAllowed}: ${address} is ${rangeWords[range] ?? range}`;
};

export type HostResolver = (host: string) => Promise<readonly { address: string; family: number }[]>;

const systemResolver: HostResolver = (host) => dnsLookup(host, { all: true, verbatim: true });

export class OutboundRefused extends Error {
  /** Like a socket error's code, so a caller that sorts failures by code sees nothing was sent. */
  readonly code = 'OUTBOUND_REFUSED';
  constructor(
    message: string,
    /**
     * The refusal came from a name's lookup, which may answer otherwise later (a DNS outage, a
     * record being fixed): worth another try. Both kinds of name refusal (no answer, a refused
     * answer) are alike here too, so retrying tells a prober nothing either.
     */
    readonly fromLookup = false,
  ) {
    super(message);
    this.name = 'OutboundRefused';
  }
}

export interface CheckedTarget {
  readonly url: URL;
  /** The address to connect to: checked here, so a second DNS answer cannot swap it (rebinding). */
  readonly address: string;
  readonly family: 4 | 6;
}

/**
 * Checks a URL's scheme and every address its host resolves to (all must be allowed: a name
 * with one private answer among public ones is refused), and returns the address to pin.
 * Throws OutboundRefused with a message an admin can read. A name that does not resolve and a
 * name that resolves to a refused address get the same answer, naming neither the address nor
 * the range: the message must not tell a prober what the server's DNS knows.
 */
export const checkOutboundUrl = async (
  raw: string,
  policy: OutboundPolicy = outboundPolicy(),
  resolve: HostResolver = systemResolver,
): Promise<CheckedTarget> => {
  const url = URL.parse(raw);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw new OutboundRefused('Not an http(s) URL');
  if (url.protocol === 'http:' && !policy.allowHttp) throw new OutboundRefused('Use an https URL');
  if (url.username || url.password) throw new OutboundRefused('Credentials in the URL are not allowed');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(host);
  if (literal) {
    const refusal = refusalOf(host, policy);
    if (refusal) throw new OutboundRefused(refusal);
    return { url, address: host, family: literal === 6 ? 6 : 4 };
  }
  const notAllowed = new OutboundRefused(`${addressNotAllowed}: ${host} does not resolve to a public address`, true);
  let answers: readonly { address: string; family: number }[];
  try {
    answers = await resolve(host);
  } catch {
    throw notAllowed;
  }
  const first = answers[0];
  if (!first || answers.some((answer) => refusalOf(answer.address, policy) !== undefined)) throw notAllowed;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
};

/** The save-time check of a URL the server will call: a refusal is a 400 on `field`. */
export const validateOutboundUrl = async (field: string, url: string): Promise<void> => {
  try {
    await checkOutboundUrl(url);
  } catch (error) {
    if (error instanceof OutboundRefused) throw new ValidationError({ [field]: [error.message] });
    throw error;
  }
};
