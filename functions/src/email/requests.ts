import * as v from 'valibot';

import { object, trimInvisible } from '../core/schema';
import { attachmentTypes, mailLimits } from './contract';
import { composeMessages as m } from './messages';

/**
 * The compose side's request bodies (docs/email.md, "Drafts, sending, threads"), shared with the
 * web app's compose form: the same rules in the browser and on the server.
 *
 * A recipient is an object `{ address, name? }` (never a "Name <address>" string): the form's
 * chips already hold the two apart, and an object leaves nothing to parse on either side.
 * Addresses are trimmed and lower-cased; the server resolves which are workspace users.
 */

export const composeModes = ['new', 'reply', 'replyAll', 'forward'] as const;
export type ComposeMode = (typeof composeModes)[number];

export const recipientInput = object({
  address: v.pipe(
    v.string(m.addressInvalid),
    trimInvisible(),
    v.toLowerCase(),
    v.maxLength(254, m.addressInvalid),
    v.email(m.addressInvalid),
  ),
  name: v.optional(v.pipe(v.string(m.nameTooLong), trimInvisible(), v.maxLength(200, m.nameTooLong))),
});
export type RecipientInput = v.InferOutput<typeof recipientInput>;

/** Up to the limit here; the send checks To, Cc and Bcc together. */
const recipientList = v.pipe(
  v.array(recipientInput, m.addressInvalid),
  v.maxLength(mailLimits.maxRecipients, m.tooManyRecipients),
);
const subject = v.pipe(
  v.string(m.subjectTooLong),
  trimInvisible(),
  v.maxLength(mailLimits.subjectMaxLength, m.subjectTooLong),
);
/** The editor's HTML, sanitised on the server before it is stored. */
const html = v.pipe(v.string(m.bodyTooLong), v.maxLength(mailLimits.htmlMaxLength, m.bodyTooLong));
const version = v.pipe(v.number(m.versionRequired), v.integer(m.versionRequired), v.minValue(1, m.versionRequired));

/** POST /drafts: a new draft, or one made from the mail `of` (reply, replyAll, forward). */
export const createDraftRequest = v.pipe(
  object({
    // Required: a draft is made on purpose (a body of only blank fields is no request to store one).
    mode: v.picklist(composeModes, m.modeUnknown),
    of: v.optional(v.pipe(v.string(m.ofRequired), v.minLength(1, m.ofRequired), v.maxLength(64, m.ofRequired))),
    to: v.optional(recipientList, []),
    cc: v.optional(recipientList, []),
    bcc: v.optional(recipientList, []),
    subject: v.optional(subject),
    html: v.optional(html),
  }),
  v.forward(
    v.check((input) => input.mode === 'new' || input.of !== undefined, m.ofRequired),
    ['of'],
  ),
);
export type CreateDraftRequest = v.InferOutput<typeof createDraftRequest>;

/** PUT /drafts/{id}: the whole form (it always sends what it shows), from the version read. */
export const saveDraftRequest = object({
  to: recipientList,
  cc: recipientList,
  bcc: recipientList,
  subject,
  html,
  version,
});
export type SaveDraftRequest = v.InferOutput<typeof saveDraftRequest>;

/** POST /drafts/{id}/send: the version read. */
export const draftVersionRequest = object({ version });
export type DraftVersionRequest = v.InferOutput<typeof draftVersionRequest>;

/** DELETE /drafts/{id}?version=: optional (a discard from a list need not know it). */
export const discardDraftQuery = object({
  version: v.optional(
    v.pipe(v.string(m.versionRequired), v.regex(/^[1-9]\d{0,8}$/, m.versionRequired), v.transform(Number)),
  ),
});

/**
 * POST /drafts/{id}/attachments: what the browser is about to upload, checked before it is
 * signed. No version: adding a file must not fight the autosave; the server adds it to the
 * draft as it is now (and answers the draft with its new version).
 */
export const addAttachmentRequest = object({
  name: v.pipe(
    v.string(m.attachmentNameInvalid),
    trimInvisible(),
    v.minLength(1, m.attachmentNameInvalid),
    v.maxLength(200, m.attachmentNameInvalid),
  ),
  type: v.picklist(attachmentTypes, m.attachmentTypeRefused),
  size: v.pipe(
    v.number(m.attachmentTooLarge),
    v.integer(m.attachmentTooLarge),
    v.minValue(1, m.attachmentTooLarge),
    v.maxValue(mailLimits.attachmentMaxBytes, m.attachmentTooLarge),
  ),
});
export type AddAttachmentRequest = v.InferOutput<typeof addAttachmentRequest>;

/** GET /recipients?q= */
export const recipientsQuery = object({
  q: v.optional(v.pipe(v.string(m.queryTooLong), trimInvisible(), v.maxLength(100, m.queryTooLong)), ''),
});
