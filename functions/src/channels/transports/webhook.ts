import { Webhook } from 'standardwebhooks';

import { ulid } from '../../core/ids';
import { OutboundRefused } from '../../core/outbound-address';
import { requestSafely, type OutboundResponse } from '../../core/safe-outbound';
import { ChannelCallError, failureOfStatus, failureOfThrown } from './outcome';

/**
 * Generic webhooks, signed both ways with the Standard Webhooks scheme (HMAC-SHA256 over
 * `id.timestamp.body`, headers webhook-id, webhook-timestamp, webhook-signature; the receiver
 * refuses a timestamp more than 5 minutes away). One secret per channel (`whsec_<base64>`),
 * shown once to the admin when the channel is connected.
 * Signing and checking are the `standardwebhooks` package's (the scheme's reference library):
 * a signer is not ours to write.
 */
export { newSigningSecret } from '../../core/signing-secret';

/** A receiver's answer is not ours to keep: only this much of it is read (core/safe-outbound.ts). */
const maxAnswerBytes = 4096;

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

/**
 * POSTs a signed JSON body through the guarded client (a public address, checked and pinned; no
 * redirect followed; timeouts; a bounded answer); 2xx is delivered, else a ChannelCallError of
 * the right kind. A refused address says only that it is not allowed: permanent for an address
 * (a literal), worth another try for a name (its DNS may answer otherwise later).
 */
export const postSignedWebhook = async (
  url: string,
  secret: string,
  payload: unknown,
  signal?: AbortSignal,
): Promise<{ status: number }> => {
  const body = JSON.stringify(payload);
  let answer: OutboundResponse;
  try {
    answer = await requestSafely({
      url,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signWebhook(secret, body) },
      body,
      maxResponseBytes: maxAnswerBytes,
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (error instanceof OutboundRefused)
      throw new ChannelCallError(error.fromLookup ? 'transient' : 'permanent', `The outbound URL: ${error.message}`);
    throw failureOfThrown(error, 'The outbound URL');
  }
  if (answer.statusCode >= 200 && answer.statusCode < 300) return { status: answer.statusCode };
  if (answer.statusCode >= 300 && answer.statusCode < 400)
    throw failureOfStatus(
      answer.statusCode,
      `The outbound URL answered HTTP ${answer.statusCode} (redirect not followed)`,
    );
  throw failureOfStatus(answer.statusCode, `The outbound URL answered HTTP ${answer.statusCode}`);
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
