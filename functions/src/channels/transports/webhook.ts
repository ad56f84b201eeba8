import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

import { ulid } from '../../core/ids';
import { failureOfStatus, failureOfThrown } from './outcome';

/**
 * Generic webhooks, signed both ways with the Standard Webhooks scheme (HMAC-SHA256 over
 * `id.timestamp.body`, headers webhook-id, webhook-timestamp, webhook-signature; the receiver
 * refuses a timestamp more than 5 minutes away). One secret per channel (`whsec_<base64>`),
 * shown once to the admin when the channel is connected.
 *
 * Written on node:crypto rather than with the `standardwebhooks` package: the scheme is a few
 * lines, and the package's own SHA-256 and base64 code cost the Lambda bundle ~11 KB. The tests
 * check both directions against the package (tests/support/webhook-receiver.ts uses it).
 */
export const newSigningSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/** The scheme's tolerance for a timestamp away from now, either way. */
const toleranceSeconds = 5 * 60;

const secretKey = (secret: string): Buffer => Buffer.from(secret.replace(/^whsec_/, ''), 'base64');

const signature = (secret: string, id: string, timestamp: string, body: string): string =>
  `v1,${createHmac('sha256', secretKey(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;

const timeoutMs = 10_000;

export interface SignedHeaders {
  readonly 'webhook-id': string;
  readonly 'webhook-timestamp': string;
  readonly 'webhook-signature': string;
}

export const signWebhook = (secret: string, body: string, now = new Date(), id = `msg_${ulid()}`): SignedHeaders => ({
  'webhook-id': id,
  'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
  'webhook-signature': signature(secret, id, String(Math.floor(now.getTime() / 1000)), body),
});

/** POSTs a signed JSON body; 2xx is delivered, else a ChannelCallError of the right kind. */
export const postSignedWebhook = async (
  url: string,
  secret: string,
  payload: unknown,
  signal?: AbortSignal,
): Promise<{ status: number }> => {
  const body = JSON.stringify(payload);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signWebhook(secret, body) },
      body,
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
    });
  } catch (error) {
    throw failureOfThrown(error, 'The outbound URL');
  }
  // The body is not ours to keep; read it so the connection is freed.
  await response.arrayBuffer().catch(() => undefined);
  if (response.status >= 200 && response.status < 300) return { status: response.status };
  throw failureOfStatus(response.status, `The outbound URL answered HTTP ${response.status}`);
};

/**
 * Checks an inbound body's signature and timestamp; false for anything wrong (no reason given
 * to the caller: a prober learns nothing). The header may list several signatures (a secret
 * being rotated): one match is enough. Compared in constant time.
 */
export const verifyWebhook = (
  secret: string,
  body: string,
  headers: Readonly<Record<string, string | undefined>>,
  now = new Date(),
): boolean => {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (!id || !timestamp || !signatures || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(Math.floor(now.getTime() / 1000) - Number(timestamp)) > toleranceSeconds) return false;
  const expected = Buffer.from(signature(secret, id, timestamp, body));
  return signatures.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
};
