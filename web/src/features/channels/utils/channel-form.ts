import type { Channel, ChannelType } from '@orbit/functions/channels/contract';

/**
 * The connect and edit form as plain data: what each type asks for, the checks made before
 * anything is sent (the server checks again), and the request a form becomes. Pure, so the rules
 * are tested without a browser.
 */

export type DraftField = 'name' | 'botToken' | 'outboundUrl' | 'fromAddress' | 'fromName' | 'senderId';
export type Draft = Readonly<Record<DraftField, string>>;
export type DraftError = 'required' | 'url' | 'email' | 'senderId' | 'rejected' | 'tokenRejected';
export type DraftErrors = Partial<Record<DraftField, DraftError>>;

/** The fields each type shows besides its name. */
export const typeFields = {
  telegram: ['botToken'],
  webhook: ['outboundUrl'],
  email: ['fromAddress', 'fromName'],
  sms: ['senderId'],
} as const satisfies Record<ChannelType, readonly DraftField[]>;

/** A new form for a type (named after it), or an edit's form filled from the channel; never a secret. */
export const emptyDraft = (name: string): Draft => ({
  name,
  botToken: '',
  outboundUrl: '',
  fromAddress: '',
  fromName: '',
  senderId: '',
});

/** An edit's form, filled from the channel's public settings; never a secret. */
export const draftOf = (channel: Channel): Draft => {
  const draft = emptyDraft(channel.name);
  switch (channel.type) {
    case 'telegram':
      return draft;
    case 'webhook':
      return { ...draft, outboundUrl: channel.config.outboundUrl };
    case 'email':
      return { ...draft, fromAddress: channel.config.fromAddress, fromName: channel.config.fromName };
    case 'sms':
      return { ...draft, senderId: channel.config.senderId ?? '' };
  }
};

const isHttpsUrl = (text: string): boolean => {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

const isEmail = (text: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

/** Sender IDs are 3–11 letters and digits (what carriers accept as an alphanumeric sender). */
const isSenderId = (text: string): boolean => /^[A-Za-z0-9]{3,11}$/.test(text);

export const validateDraft = (type: ChannelType, draft: Draft, { editing }: { editing: boolean }): DraftErrors => {
  const errors: DraftErrors = {};
  const value = (field: DraftField) => draft[field].trim();
  if (!value('name')) errors.name = 'required';
  switch (type) {
    case 'telegram':
      // An edit keeps the current token unless a new one is pasted.
      if (!editing && !value('botToken')) errors.botToken = 'required';
      break;
    case 'webhook':
      if (!value('outboundUrl')) errors.outboundUrl = 'required';
      else if (!isHttpsUrl(value('outboundUrl'))) errors.outboundUrl = 'url';
      break;
    case 'email':
      if (!value('fromAddress')) errors.fromAddress = 'required';
      else if (!isEmail(value('fromAddress'))) errors.fromAddress = 'email';
      if (!value('fromName')) errors.fromName = 'required';
      break;
    case 'sms':
      // Optional: without one, the carrier's default sender is used.
      if (value('senderId') && !isSenderId(value('senderId'))) errors.senderId = 'senderId';
      break;
  }
  return errors;
};

/** The request's fields for the type: the name and the type's own, trimmed; an empty new token is left out. */
export const fieldsOf = (
  type: ChannelType,
  draft: Draft,
  { editing }: { editing: boolean },
): { name: string } & Partial<Record<Exclude<DraftField, 'name'>, string>> => {
  const fields: { name: string } & Partial<Record<Exclude<DraftField, 'name'>, string>> = { name: draft.name.trim() };
  for (const field of typeFields[type]) {
    const value = draft[field].trim();
    // An edit keeps the token unless a new one is pasted; a new SMS channel may have no sender id.
    if (!value && ((editing && field === 'botToken') || (!editing && field === 'senderId'))) continue;
    fields[field] = value;
  }
  return fields;
};
