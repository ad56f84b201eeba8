import type { MailCountName, MailFilter, MailLabel } from '@orbit/functions/email/contract';

/** Each label's colour (Vuexy's email app: personal green, company blue, important orange, private red). */
export const labelColors: Readonly<Record<MailLabel, 'success' | 'primary' | 'warning' | 'error'>> = {
  personal: 'success',
  company: 'primary',
  important: 'warning',
  private: 'error',
};

/** The side panel's number for a folder: unread mail, except drafts (how many there are). */
export const countNameOf = (filter: MailFilter | MailLabel): MailCountName =>
  filter === 'draft' ? 'drafts' : `unread_${filter}`;
