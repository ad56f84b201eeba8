import { describe, expect, it } from 'vitest';

import { mailLimits } from '../contract';
import { maxMessageIdLength, maxReferences } from '../threading';
import { inboundBodyOf, inboundIdsOf, inboundTextMaxLength, parseInboundMail } from './inbound-content';

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
