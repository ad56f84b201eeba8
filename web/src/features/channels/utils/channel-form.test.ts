import { describe, expect, it } from 'vitest';
import { emptyDraft, fieldsOf, validateDraft } from './channel-form';

describe('the connect form', () => {
  it('asks each type for its own fields', () => {
    const draft = emptyDraft('');
    expect(validateDraft('telegram', draft, { editing: false })).toEqual({ name: 'required', botToken: 'required' });
    expect(validateDraft('webhook', draft, { editing: false })).toEqual({ name: 'required', outboundUrl: 'required' });
    expect(validateDraft('email', draft, { editing: false })).toEqual({
      name: 'required',
      fromAddress: 'required',
      fromName: 'required',
    });
    // An SMS sender id is optional.
    expect(validateDraft('sms', draft, { editing: false })).toEqual({ name: 'required' });
  });

  it('checks addresses and sender ids before anything is sent', () => {
    const draft = { ...emptyDraft('Hook'), outboundUrl: 'ftp://x', fromAddress: 'nope', fromName: 'A', senderId: 'AB' };
    expect(validateDraft('webhook', draft, { editing: false })).toEqual({ outboundUrl: 'url' });
    expect(validateDraft('email', draft, { editing: false })).toEqual({ fromAddress: 'email' });
    expect(validateDraft('sms', draft, { editing: false })).toEqual({ senderId: 'senderId' });
    expect(validateDraft('sms', { ...draft, senderId: 'ORBIT' }, { editing: false })).toEqual({});
  });

  it('keeps the bot token on an edit unless a new one is pasted', () => {
    const draft = { ...emptyDraft(' Bot '), botToken: '' };
    expect(validateDraft('telegram', draft, { editing: true })).toEqual({});
    expect(fieldsOf('telegram', draft, { editing: true })).toEqual({ name: 'Bot' });
    expect(fieldsOf('telegram', { ...draft, botToken: ' 1:abc ' }, { editing: true })).toEqual({
      name: 'Bot',
      botToken: '1:abc',
    });
  });

  it('sends only the fields of the chosen type', () => {
    const draft = { ...emptyDraft('Mail'), fromAddress: 'hello@agency.test', fromName: 'Agency', botToken: 'stale' };
    expect(fieldsOf('email', draft, { editing: false })).toEqual({
      name: 'Mail',
      fromAddress: 'hello@agency.test',
      fromName: 'Agency',
    });
    expect(fieldsOf('sms', emptyDraft('Texts'), { editing: false })).toEqual({ name: 'Texts' });
  });
});
