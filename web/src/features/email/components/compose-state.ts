import type { MailDetail } from '@orbit/functions/email/contract';
import type { DraftFields, DraftMode } from '../api/email';

/** What opened the compose dialog: a new mail, an answer to a mail, or a draft to go on with. */
export type ComposeRequest =
  | { readonly kind: 'new' }
  | { readonly kind: 'answer'; readonly mode: Exclude<DraftMode, 'new'>; readonly of: string }
  | { readonly kind: 'draft'; readonly draft: MailDetail };

export const emptyFields: DraftFields = { to: [], cc: [], bcc: [], subject: '', html: '' };

export const fieldsOf = (draft: MailDetail): DraftFields => ({
  to: draft.to.map((person) => person.address),
  cc: draft.cc.map((person) => person.address),
  bcc: draft.bcc.map((person) => person.address),
  subject: draft.subject,
  html: draft.html,
});

export const hasContent = (fields: DraftFields): boolean =>
  fields.to.length + fields.cc.length + fields.bcc.length > 0 ||
  fields.subject.trim() !== '' ||
  fields.html.replace(/<[^>]*>/g, '').trim() !== '';
