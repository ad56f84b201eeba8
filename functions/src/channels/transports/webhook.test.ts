import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';

import { failureOfStatus, failureOfThrown } from './outcome';
import { newSigningSecret, signWebhook, verifyWebhook } from './webhook';

describe('webhook signatures (Standard Webhooks)', () => {
  const secret = newSigningSecret();
  const body = JSON.stringify({ messageId: 'm1', text: 'hi' });

  it('verifies what the same secret signed', () => {
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    expect(verifyWebhook(secret, body, { ...signWebhook(secret, body) })).toBe(true);
  });

  it('refuses another secret, a changed body, missing headers and an old timestamp', () => {
    const headers = { ...signWebhook(secret, body) };
    expect(verifyWebhook(newSigningSecret(), body, headers)).toBe(false);
    expect(verifyWebhook(secret, `${body} `, headers)).toBe(false);
    expect(verifyWebhook(secret, body, { ...headers, 'webhook-signature': undefined })).toBe(false);
    const old = { ...signWebhook(secret, body, new Date(Date.now() - 10 * 60_000)) };
    expect(verifyWebhook(secret, body, old)).toBe(false);
  });
});

describe('what a failed outside call means for a job', () => {
  it('429 and 5xx are safe to retry; other statuses are refusals', () => {
    expect(failureOfStatus(429, 'x').kind).toBe('transient');
    expect(failureOfStatus(502, 'x').kind).toBe('transient');
    expect(failureOfStatus(400, 'x').kind).toBe('permanent');
    expect(failureOfStatus(401, 'x').kind).toBe('permanent');
  });

  it('a refused connection sent nothing; a timeout may have sent it', () => {
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
    });
    expect(failureOfThrown(refused, 'Telegram').kind).toBe('transient');
    const timeout = Object.assign(new Error('timed out'), { name: 'TimeoutError' });
    expect(failureOfThrown(timeout, 'Telegram').kind).toBe('unknown');
    expect(failureOfThrown(new TypeError('fetch failed', { cause: new Error('socket hang up') }), 'x').kind).toBe(
      'unknown',
    );
  });
});

describe('signatures as the scheme defines them', () => {
  it('verifies a header listing several signatures, and a receiver using the package verifies ours', () => {
    const secret = newSigningSecret();
    const body = JSON.stringify({ hello: 'world' });
    const at = new Date();
    const theirs = new Webhook(secret).sign('msg_1', at, body);
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': `v1,bm90IGl0 ${theirs}`,
    };
    expect(verifyWebhook(secret, body, headers)).toBe(true);
    const ours = signWebhook(secret, body, at, 'msg_2');
    expect(() => new Webhook(secret).verify(body, { ...ours })).not.toThrow();
  });
});
