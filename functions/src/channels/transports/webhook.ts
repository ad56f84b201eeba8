import { Webhook } from 'standardwebhooks';

import { ulid } from '../../core/ids';
import { failureOfStatus, failureOfThrown } from './outcome';

/**
 * Generic webhooks, signed both ways with the Standard Webhooks scheme (HMAC-SHA256 over
 * `id.timestamp.body`, headers webhook-id, webhook-timestamp, webhook-signature; the receiver
 * refuses a timestamp more than 5 minutes away). One secret per channel (`whsec_<base64>`),
 * shown once to the admin when the channel is connected.
 * Signing and checking are the `standardwebhooks` package's (the scheme's reference library):
 * a signer is not ours to write.
 */
export { newSigningSecret } from '../../core/signing-secret';

const timeoutMs = 10_000;

export interface SignedHeaders {
  readonly 'webhook-id': string;
  readonly 'webhook-timestamp': string;
  readonly 'webhook-signature': string;
}

export const signWebhook = (secret: string, body: string, now = new Date(), id = `msg_${ulid()}`): SignedHeaders => ({
  'webhook-id': id,
  'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
  'webhook-signature': new Webhook(secret).sign(id, now, body),
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
 * Checks an inbound body's signature and timestamp (the package refuses one more than 5 minutes
 * away, and compares in constant time; several signatures in the header, as while a secret is
 * rotated, need one match); false for anything wrong (no reason given to the caller: a prober
 * learns nothing).
 */
export const verifyWebhook = (
  secret: string,
  body: string,
  headers: Readonly<Record<string, string | undefined>>,
): boolean => {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (!id || !timestamp || !signatures) return false;
  try {
    new Webhook(secret).verify(body, {
      'webhook-id': id,
      'webhook-timestamp': timestamp,
      'webhook-signature': signatures,
    });
    return true;
  } catch {
    return false;
  }
};
