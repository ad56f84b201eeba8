import { describe, expect, it } from 'vitest';

import {
  answerSubject,
  answerTo,
  boundedReferences,
  maxMessageIdLength,
  maxReferences,
  messageIdDomain,
  newMessageId,
  newThread,
  threadIdOf,
} from './threading';

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

  it('keeps the first and the newest references of a long chain, and no id too long to key on', () => {
    const chain = Array.from({ length: 100_000 }, (_, index) => `<${index}@x>`);
    const kept = boundedReferences(chain);
    expect(kept).toHaveLength(maxReferences);
    expect(kept[0]).toBe('<0@x>');
    expect(kept.slice(1)).toEqual(chain.slice(-(maxReferences - 1)));
    const long = `<${'a'.repeat(maxMessageIdLength)}@x>`;
    expect(boundedReferences(['<1@x>', long, '<2@x>'])).toEqual(['<1@x>', '<2@x>']);
    expect(boundedReferences(['<1@x>', '<2@x>'])).toEqual(['<1@x>', '<2@x>']);
    // A reply to the end of a long chain stays in its thread, with as many references.
    const reply = answerTo({ messageId: '<last@x>', references: chain }, '<reply@x>');
    expect(reply.references).toHaveLength(maxReferences);
    expect(reply.references.at(-1)).toBe('<last@x>');
    expect(reply.threadId).toBe(threadIdOf('<0@x>'));
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
