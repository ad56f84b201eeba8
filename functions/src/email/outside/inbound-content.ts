import { createHash } from 'node:crypto';

import { simpleParser, type ParsedMail } from 'mailparser';

import { mailLimits } from '../contract';
import { htmlToText, sanitizeMailHtml } from '../sanitize';
import { boundedReferences, maxMessageIdLength } from '../threading';

/**
 * What an outside mail holds, read with bounded work (docs/email.md, "Inbound"): anyone can send
 * one, up to 40 MB, so every step is linear and what is kept has a ceiling. mailparser bounds
 * the MIME structure itself (1 MB of headers a part, 1 000 parts); its HTML-to-text conversion
 * is not (5 MB of HTML took 2.4 s), so the text of an HTML-only mail is made here from the
 * sanitised HTML, which is cut first.
 */

/** The text part kept: the snippet, the search words and a reply's quote need far less. */
export const inboundTextMaxLength = 100_000;

export const parseInboundMail = (raw: Buffer): Promise<ParsedMail> =>
  simpleParser(raw, { skipImageLinks: true, skipTextLinks: true, skipHtmlToText: true });

const asList = (value: string | string[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? value.split(/\s+/) : []).filter((id) => id.length > 0);

const usableId = (id: string | undefined): string | undefined => {
  const trimmed = id?.trim();
  return trimmed && trimmed.length <= maxMessageIdLength ? trimmed : undefined;
};

/**
 * Message-ID, In-Reply-To and References as kept: an id too long to key on counts as missing
 * (a mail without a Message-ID gets one from its bytes: the same mail delivered twice is still
 * one), References bounded (threading.ts).
 */
export const inboundIdsOf = (parsed: Pick<ParsedMail, 'messageId' | 'inReplyTo' | 'references'>, raw: Buffer) => ({
  messageId:
    usableId(parsed.messageId) ??
    `<${createHash('sha256').update(raw).digest('base64url').slice(0, 32)}@inbound.orbit.invalid>`,
  inReplyTo: usableId(parsed.inReplyTo),
  references: boundedReferences(asList(parsed.references)),
});

/** The HTML (sanitised, at most `mailLimits.htmlMaxLength` characters) and the text part. */
export const inboundBodyOf = (parsed: Pick<ParsedMail, 'html' | 'text' | 'textAsHtml'>) => {
  const sanitised = sanitizeMailHtml(parsed.html || parsed.textAsHtml || '');
  const html = sanitised.html.slice(0, mailLimits.htmlMaxLength);
  // An HTML-only mail has no text part (`skipHtmlToText`): it is made from the kept HTML.
  const text = (parsed.text || htmlToText(html)).slice(0, inboundTextMaxLength).trim();
  return { html, text, remoteImages: sanitised.remoteImages };
};
