import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';

import { buildRawMail, senderDisplayName } from './mime';

describe('buildRawMail', () => {
  const input = {
    mail: {
      messageId: '<m3@orbit-agency.example>',
      inReplyTo: '<m2@outside.example>',
      references: ['<m1@orbit-agency.example>', '<m2@outside.example>'],
      to: [{ address: 'ada@outside.example', name: 'Ada' }],
      cc: [{ address: 'cc@outside.example' }],
      subject: 'Re: Proposal',
      date: '2026-11-24T10:00:00.000Z',
    },
    from: { address: 'hello@orbit-agency.example', name: 'Olivia Bennett via Orbit Agency' },
    replyTo: 'hello@orbit-agency.example',
    html: '<p>Hello <b>Ada</b></p>',
    text: 'Hello Ada',
    attachments: [{ name: 'brief.pdf', type: 'application/pdf', content: Buffer.from('%PDF') }],
  };

  it('carries the mail’s threading headers, From, Reply-To, To and Cc, both parts and the attachment', async () => {
    const parsed = await simpleParser(await buildRawMail(input));
    expect(parsed.messageId).toBe('<m3@orbit-agency.example>');
    expect(parsed.inReplyTo).toBe('<m2@outside.example>');
    expect(parsed.references).toEqual(['<m1@orbit-agency.example>', '<m2@outside.example>']);
    expect(parsed.from?.text).toBe('"Olivia Bennett via Orbit Agency" <hello@orbit-agency.example>');
    expect(parsed.replyTo?.text).toBe('hello@orbit-agency.example');
    expect(parsed.headers.get('to')).toMatchObject({ text: '"Ada" <ada@outside.example>' });
    expect(parsed.headers.get('cc')).toMatchObject({ text: 'cc@outside.example' });
    expect(parsed.subject).toBe('Re: Proposal');
    expect(parsed.html).toContain('<b>Ada</b>');
    expect(parsed.text?.trim()).toBe('Hello Ada');
    expect(parsed.attachments.map((attachment) => [attachment.filename, attachment.contentType])).toEqual([
      ['brief.pdf', 'application/pdf'],
    ]);
  });

  it('never writes a Bcc header', async () => {
    const raw = (await buildRawMail(input)).toString('utf8');
    expect(raw).not.toMatch(/^bcc:/im);
  });

  it('leaves threading headers out of a mail that starts a thread', async () => {
    const raw = (
      await buildRawMail({ ...input, mail: { ...input.mail, inReplyTo: undefined, references: [] } })
    ).toString();
    expect(raw).not.toMatch(/^(in-reply-to|references):/im);
  });
});

describe('senderDisplayName', () => {
  it('names the writer through the workspace', () => {
    expect(senderDisplayName('Ada Lovelace', 'Orbit Agency')).toBe('Ada Lovelace via Orbit Agency');
    expect(senderDisplayName(undefined, 'Orbit Agency')).toBe('Orbit Agency');
    expect(senderDisplayName(' ', '')).toBe('');
  });
});
