import type { MailAddressView, MailSummary } from '@orbit/functions/email/contract';

/** A person as the list and the reading pane name them: their name, else their address. */
export const nameOf = (address: MailAddressView): string => address.name?.trim() || address.address;

/** The list's date: the time for today's mail, the day otherwise (the year only when not this one). */
export const listDate = (iso: string, language: string, now: Date = new Date()): string => {
  const date = new Date(iso);
  if (date.toDateString() === now.toDateString())
    return new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' }).format(date);
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  }).format(date);
};

export const fullDate = (iso: string, language: string): string =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** Who a row names: the sender, or for the sender's own mail (sent, drafts) the recipients. */
export const rowPeople = (mail: MailSummary): { readonly outgoing: boolean; readonly names: string } => {
  const outgoing = mail.folder === 'sent' || mail.folder === 'draft';
  if (!outgoing) return { outgoing, names: nameOf(mail.from) };
  return { outgoing, names: [...mail.to, ...mail.cc].map(nameOf).join(', ') };
};
