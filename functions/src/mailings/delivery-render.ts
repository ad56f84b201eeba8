import type { RecipientRecord } from './delivery-entities';

/**
 * The variables of a mailing's subject and body for one recipient. The mailings part's
 * variables.ts validates templates when they are saved (an unknown variable is refused there);
 * this fills `{{fullName}}`, `{{firstName}}` and fallbacks (`{{firstName | "there"}}`) at send
 * time, values HTML-escaped in the body.
 */
const variablePattern = /\{\{\s*([a-zA-Z]+)\s*(?:\|\s*"([^"]*)"\s*)?\}\}/g;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

const valuesOf = (recipient: Pick<RecipientRecord, 'fullName'>): Record<string, string> => {
  const fullName = recipient.fullName.trim();
  return { fullName, firstName: fullName.split(/\s+/)[0] ?? '' };
};

const fill = (template: string, values: Record<string, string>, escape: (value: string) => string) =>
  template.replace(variablePattern, (_match, name: string, fallback: string | undefined) => {
    const value = values[name] ?? '';
    return escape(value || fallback || '');
  });

export const renderForRecipient = (
  content: { readonly subject: string; readonly html: string },
  recipient: Pick<RecipientRecord, 'fullName'>,
): { subject: string; html: string } => {
  const values = valuesOf(recipient);
  return { subject: fill(content.subject, values, (value) => value), html: fill(content.html, values, escapeHtml) };
};
