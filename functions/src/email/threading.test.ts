import { describe, expect, it } from 'vitest';

import { answerSubject, answerTo, messageIdDomain, newMessageId, newThread, threadIdOf } from './threading';

describe('threads', () => {
  it('makes Message-IDs <ulid@domain> from the configured sender, else a local domain', () => {
    expect(messageIdDomain({ EMAIL_FROM_ADDRESS: 'Hello@Agency.Example' })).toBe('agency.example');
    expect(messageIdDomain({ NOTIFICATIONS_FROM_EMAIL: 'no-reply@orbit.test' })).toBe('orbit.test');
    expect(messageIdDomain({})).toBe('orbit.local');
    expect(messageIdDomain({ EMAIL_FROM_ADDRESS: 'x@bad domain>' })).toBe('orbit.local');
    expect(newMessageId('orbit.local')).toMatch(/^<[0-9A-Z]{26}@orbit\.local>$/);
  });

  it('names a thread by a 22-character base64url hash of its first Message-ID', () => {
    const id = threadIdOf('<a@b>');
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(threadIdOf('<a@b>')).toBe(id);
    expect(threadIdOf('<c@b>')).not.toBe(id);
    expect(newThread('<a@b>')).toEqual({ messageId: '<a@b>', references: [], threadId: id });
  });

  it('answers with In-Reply-To, References grown by one, and the first message’s thread', () => {
    const first = newThread('<1@x>');
    const reply = answerTo(first, '<2@x>');
    expect(reply).toEqual({ messageId: '<2@x>', inReplyTo: '<1@x>', references: ['<1@x>'], threadId: first.threadId });
    const again = answerTo(reply, '<3@x>');
    expect(again).toEqual({
      messageId: '<3@x>',
      inReplyTo: '<2@x>',
      references: ['<1@x>', '<2@x>'],
      threadId: first.threadId,
    });
  });

  it('prefixes Re: and Fwd: once, whatever prefix a mail client used', () => {
    expect(answerSubject('Budget', 'reply')).toBe('Re: Budget');
    expect(answerSubject('Re: Budget', 'reply')).toBe('Re: Budget');
    expect(answerSubject('RE: Budget', 'reply')).toBe('RE: Budget');
    expect(answerSubject('AW: Budget', 'reply')).toBe('AW: Budget');
    expect(answerSubject('Budget', 'forward')).toBe('Fwd: Budget');
    expect(answerSubject('Fw: Budget', 'forward')).toBe('Fw: Budget');
    expect(answerSubject('Re: Budget', 'forward')).toBe('Fwd: Re: Budget');
    expect(answerSubject('', 'reply')).toBe('Re:');
  });
});
