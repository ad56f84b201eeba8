import { mailLimits } from './contract';
import type { MailBody } from './records';
import { htmlToText, sanitizeMailHtml } from './sanitize';

/** A draft's body as stored: the editor's HTML sanitised (sanitize.ts) and its text part. */
export const bodyOf = (html: string): Omit<MailBody, 'ownerId' | 'id'> & { remoteImages: boolean } => {
  const clean = sanitizeMailHtml(html);
  // The sanitiser can only shorten what the request's limit let in, but keep the stored limit true.
  const stored = clean.html.slice(0, mailLimits.htmlMaxLength);
  return { html: stored, text: htmlToText(stored), remoteImages: clean.remoteImages };
};
