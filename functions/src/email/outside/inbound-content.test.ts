import { describe, expect, it } from 'vitest';

import { mailLimits } from '../contract';
import { mailBodyEntity, mailEntity } from '../entities';
import { maxMessageIdLength, maxReferences } from '../threading';
import {
  addressMaxLength,
  cutToUtf8Bytes,
  inboundAttachmentRecords,
  inboundBodyOf,
  inboundContentOf,
  inboundIdsOf,
  inboundMailRecord,
  inboundRecipientsKept,
  inboundRecipientsMaxChars,
  inboundTextMaxLength,
  nameMaxLength,
  parseInboundMail,
} from './inbound-content';
import { InboundMailRefused, isPermanentInboundFailure } from './inbound-errors';

const mail = (headers: string, contentType: string, body: string) =>
  Buffer.from(
    `From: a@outside.example\r\nTo: b@orbit.example\r\n${headers}MIME-Version: 1.0\r\nContent-Type: ${contentType}\r\n\r\n${body}\r\n`,
  );

const elapsed = async (work: () => Promise<unknown>): Promise<number> => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};

describe('an outside mail read with bounded work', () => {
  it('reads 5 MB of HTML about as fast as 5 MB of text, keeping at most the stored lengths', async () => {
    const paragraphs = '<p>Hello <b>there</b>, friend.</p>\r\n'.repeat(140_000);
    const html = mail('', 'text/html; charset=utf-8', paragraphs);
    const text = mail('', 'text/plain; charset=utf-8', paragraphs);
    // The same bytes as text: mailparser's linear reading, the baseline on this machine.
    const baseline = await elapsed(async () => inboundBodyOf(await parseInboundMail(text)));
    let body = { html: '', text: '', remoteImages: false };
    // mailparser's own HTML-to-text conversion took 2.4 s for 5 MB.
    const took = await elapsed(async () => (body = inboundBodyOf(await parseInboundMail(html))));
    expect(took).toBeLessThan(3 * baseline + 500);
    expect(body.html.length).toBeLessThanOrEqual(mailLimits.htmlMaxLength);
    expect(body.html.startsWith('<p>Hello <b>there</b>, friend.</p>')).toBe(true);
    expect(body.text).toMatch(/^Hello there, friend\.\n+Hello there, friend\./);
    expect(body.text.length).toBeLessThanOrEqual(inboundTextMaxLength);
  });

  it('keeps a text part, cut to inboundTextMaxLength', async () => {
    const body = inboundBodyOf(await parseInboundMail(mail('', 'text/plain', 'Plain words.\r\n'.repeat(100_000))));
    expect(body.text.length).toBe(inboundTextMaxLength);
    expect(body.html.length).toBeLessThanOrEqual(mailLimits.htmlMaxLength);
  });

  it('keeps bounded References and no Message-ID too long to key on', async () => {
    const references = Array.from({ length: 50_000 }, (_, index) => `<${index}@x>`).join(' ');
    const long = `<${'a'.repeat(maxMessageIdLength)}@x>`;
    const raw = mail(`Message-ID: ${long}\r\nIn-Reply-To: ${long}\r\nReferences: ${references}\r\n`, 'text/plain', 'x');
    const ids = inboundIdsOf(await parseInboundMail(raw), raw);
    expect(ids.messageId).toMatch(/^<[\w-]{32}@inbound\.orbit\.invalid>$/);
    expect(ids.inReplyTo).toBeUndefined();
    expect(ids.references).toHaveLength(maxReferences);
    expect(ids.references[0]).toBe('<0@x>');
    expect(ids.references.at(-1)).toBe('<49999@x>');
  });
});

const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/** A raw MIME message: headers, then `multipart/mixed` parts (each `[headers, body]`). */
const multipart = (headers: string, parts: readonly (readonly [string, string])[]) =>
  Buffer.from(
    `${headers}MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n` +
      parts.map(([partHeaders, body]) => `--b\r\n${partHeaders}\r\n${body}\r\n`).join('') +
      '--b--\r\n',
  );

describe('an outside mail kept with bounded size (a DynamoDB item holds 400 KB)', () => {
  it('cuts to UTF-8 bytes, never inside a character', () => {
    expect(cutToUtf8Bytes('abc', 3)).toBe('abc');
    expect(cutToUtf8Bytes('漢字漢字', 7)).toBe('漢字');
    expect(cutToUtf8Bytes('a😀b', 4)).toBe('a');
    expect(cutToUtf8Bytes('a😀b', 5)).toBe('a😀');
  });

  it('keeps the first 100 of 30 000 To addresses, the workspace’s own beyond them, and says how many more', async () => {
    const outside = Array.from({ length: 30_000 }, (_, index) => `reader${index}@outside.example`);
    const to = [...outside.slice(0, 20_000), 'Olivia <OLIVIA@orbit.example>', ...outside.slice(20_000)].join(', ');
    const cc = ['first@outside.example', 'hello@orbit-agency.example', 'hello@orbit-agency.example'].join(', ');
    const parsed = await parseInboundMail(
      Buffer.from(`From: a@outside.example\r\nTo: ${to}\r\nCc: ${cc}\r\nSubject: All of you\r\n\r\nHi\r\n`),
    );
    const own = new Set(['olivia@orbit.example', 'hello@orbit-agency.example']);
    const content = inboundContentOf(parsed, undefined, own);

    expect(content.to).toHaveLength(inboundRecipientsKept + 1);
    expect(content.to[0]).toEqual({ address: 'reader0@outside.example' });
    expect(content.to.at(-1)).toEqual({ address: 'olivia@orbit.example', name: 'Olivia' });
    // Cc is short: kept whole (the workspace's address twice, as written).
    expect(content.cc.map((entry) => entry.address)).toEqual([
      'first@outside.example',
      'hello@orbit-agency.example',
      'hello@orbit-agency.example',
    ]);
    expect(content.text).toContain('[Also addressed to 29,900 more recipients, not listed.]');
    expect(content.html).toContain('<p>[Also addressed to 29,900 more recipients, not listed.]</p>');
  });

  it('keeps every stored item well under 400 KB, whatever the headers and the body hold', async () => {
    const longId = (index: number) => `<${String(index).padStart(240, 'r')}@x>`;
    const references = Array.from({ length: 100 }, (_, index) => longId(index)).join(' ');
    const longName = 'N'.repeat(50_000);
    const to = Array.from(
      { length: 2_000 },
      (_, index) => `"${'n'.repeat(60)}" <${'r'.repeat(150)}${index}@x.example>`,
    );
    const cc = Array.from({ length: 800 }, (_, index) => `${'c'.repeat(200)}${index}@x.example`);
    const headers =
      `From: "${longName}" <sender@outside.example>\r\nTo: ${to.join(', ')}\r\nCc: ${cc.join(', ')}\r\n` +
      `Subject: ${'S'.repeat(50_000)}\r\nMessage-ID: ${longId(999)}\r\nIn-Reply-To: ${longId(0)}\r\nReferences: ${references}\r\n`;
    // 5 MB of three-byte characters: 200 000 of them would be 600 KB.
    const html = `<p>${'漢'.repeat(1_700_000)}</p>`;
    const pdf = (index: number) =>
      [
        `Content-Type: application/pdf\r\nContent-Disposition: attachment; filename="${'f'.repeat(2_000)}${index}.pdf"\r\n`,
        '%PDF-1.4',
      ] as const;
    const raw = multipart(headers, [
      ['Content-Type: text/html; charset=utf-8\r\n', html],
      ['Content-Type: text/plain; charset=utf-8\r\n', '字'.repeat(1_000_000)],
      ...Array.from({ length: 40 }, (_, index) => pdf(index)),
    ]);
    const parsed = await parseInboundMail(raw);
    const ids = inboundIdsOf(parsed, raw);
    const content = inboundContentOf(parsed, undefined, new Set());
    const mailId = '01KAAAAAAAAAAAAAAAAAAAAAAA';
    const record = inboundMailRecord(content, ids, {
      ownerId: '01KBBBBBBBBBBBBBBBBBBBBBBB',
      mailId,
      attachments: inboundAttachmentRecords(mailId, content.attachments),
      spamVerdict: 'PASS',
      now: new Date(),
    });

    expect(record.from).toEqual({ address: 'sender@outside.example', name: 'N'.repeat(nameMaxLength) });
    expect(record.subject).toHaveLength(mailLimits.subjectMaxLength);
    const chars = record.to.reduce((sum, entry) => sum + entry.address.length + (entry.name?.length ?? 0), 0);
    expect(chars).toBeLessThanOrEqual(inboundRecipientsMaxChars);
    expect(record.to.length).toBeGreaterThan(40);
    expect(record.cc.length).toBeLessThanOrEqual(inboundRecipientsKept);
    expect(record.attachments).toHaveLength(mailLimits.maxAttachments);
    expect(record.references).toHaveLength(maxReferences);
    expect(bytesOf(mailEntity.toItem(record))).toBeLessThan(150_000);
    const body = mailBodyEntity.toItem({ ownerId: record.ownerId, id: mailId, html: content.html, text: content.text });
    expect(Buffer.byteLength(content.html)).toBeLessThanOrEqual(mailLimits.htmlMaxLength + 5_000);
    expect(bytesOf(body)).toBeLessThan(310_000);
    // The dropped files are named, each name cut, then counted.
    expect(content.text).toContain(
      `[Attachment "${'f'.repeat(nameMaxLength)}" (application/pdf, 8 bytes) was not kept`,
    );
    expect(content.text).toContain('[10 more attachments were not kept.]');
  });

  it('drops an address longer than any address can be, and counts it', async () => {
    const parsed = await parseInboundMail(
      Buffer.from(
        `From: a@outside.example\r\nCc: ${'a'.repeat(addressMaxLength)}@x.example, ok@x.example\r\n\r\nx\r\n`,
      ),
    );
    const content = inboundContentOf(parsed, undefined, new Set());
    expect(content.cc).toEqual([{ address: 'ok@x.example' }]);
    expect(content.text).toContain('[Also addressed to 1 more recipient, not listed.]');
  });
});

describe('an outside mail that cannot be read is refused for good', () => {
  it('past mailparser’s limits: a megabyte of headers, a thousand parts', async () => {
    const headers = mail(`X-Padding: ${'a'.repeat(1_100_000)}\r\n`, 'text/plain', 'x');
    const parts = multipart(
      'From: a@outside.example\r\n',
      Array.from({ length: 1_001 }, (_, index) => ['Content-Type: text/plain\r\n', `part ${index}`] as const),
    );
    for (const raw of [headers, parts]) {
      const refused = await parseInboundMail(raw).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(InboundMailRefused);
      expect(isPermanentInboundFailure(refused)).toBe(true);
    }
  });
});
