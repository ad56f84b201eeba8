import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';

import ipaddr from 'ipaddr.js';

/**
 * Which addresses Orbit may call on an outsider's behalf (outgoing webhooks, docs/integrations.md
 * "Webhooks"): public unicast only. Loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7),
 * link-local (169.254/16 with the cloud metadata address, fe80::/10), CGNAT (100.64/10),
 * unspecified, multicast, broadcast and the reserved and tunnelling ranges (6to4, Teredo, NAT64)
 * are refused, an IPv4-mapped IPv6 address as the IPv4 address it maps. ipaddr.js names the
 * ranges (its `range()` is `unicast` for everything public), so no range table is ours to keep.
 */

export interface OutboundPolicy {
  /** Loopback receivers: only the local test stack's fakes (WEBHOOK_ALLOW_LOOPBACK=1); never in AWS. */
  readonly allowLoopback: boolean;
  /** Plain http: only in development (the local stack sets ORBIT_DEVELOPMENT=1; the CDK stack never does). */
  readonly allowHttp: boolean;
}

/** Read at each call, so a test can turn loopback off for its SSRF cases. */
export const outboundPolicy = (): OutboundPolicy => ({
  allowLoopback: process.env.WEBHOOK_ALLOW_LOOPBACK === '1',
  allowHttp: process.env.ORBIT_DEVELOPMENT === '1',
});

/** The range an address belongs to, as ipaddr.js names it (`unicast` = public). */
export const addressRange = (address: string): string => {
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (parsed as ipaddr.IPv6).toIPv4Address().range();
  }
  return parsed.range();
};

/** Why an address may not be called, or undefined when it may. */
export const refusalOf = (address: string, policy: OutboundPolicy): string | undefined => {
  const range = addressRange(address);
  if (range === 'unicast') return undefined;
  if (range === 'loopback' && policy.allowLoopback) return undefined;
  return `${address} is a ${range} address, which webhooks may not reach`;
};

export type HostResolver = (host: string) => Promise<readonly { address: string; family: number }[]>;

const systemResolver: HostResolver = (host) => dnsLookup(host, { all: true, verbatim: true });

export class OutboundRefused extends Error {
  constructor(message: string) {
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
 * Throws OutboundRefused with a message an admin can read.
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
  let answers: readonly { address: string; family: number }[];
  if (isIP(host)) answers = [{ address: host, family: isIP(host) }];
  else {
    try {
      answers = await resolve(host);
    } catch {
      throw new OutboundRefused(`${host} does not resolve`);
    }
  }
  const first = answers[0];
  if (!first) throw new OutboundRefused(`${host} does not resolve`);
  for (const answer of answers) {
    const refusal = refusalOf(answer.address, policy);
    if (refusal) throw new OutboundRefused(host === answer.address ? refusal : `${host} resolves to ${refusal}`);
  }
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
};
