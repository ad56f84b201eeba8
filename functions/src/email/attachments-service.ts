import { changeStorageUsage, checkStorageLimit } from '../core/billing/plan-limits';
import type { Caller } from '../core/caller';
import { ConditionFailed } from '../core/db';
import { NotFoundError, ValidationError } from '../core/errors';
import { ulid } from '../core/ids';
import { presignPut, type PresignedUpload } from '../core/media/object-store';
import { clientUploadBytes, pendingAttachmentKey } from './attachment-keys';
import { authorizeCompose } from './compose-access';
import { toMailDetail } from './compose-views';
import { mailLimits, type MailAttachmentView, type MailDetail } from './contract';
import { changedDraft } from './draft-record';
import { saveDraft } from './drafts-repository';
import { ownDraft } from './drafts-service';
import { composeMessages } from './messages';
import type { MailAttachment, MailRecord } from './records';
import type { AddAttachmentRequest } from './requests';

/**
 * A draft's attachments (docs/email.md, "Attachments"). The server checks the declared type and
 * size, adds the file to the draft and signs a PUT of exactly that type and length (as avatars
 * do: core/media/object-store.ts); the browser uploads straight to the bucket through the app's
 * own origin. The send checks with a HEAD that the object is there and is what was declared.
 *
 * Keys: uploads go to `media/pending/mail/<owner>/<attachment>` — the prefix CloudFront (the
 * local server on one machine) passes to S3 for presigned PUTs, and whose objects the bucket
 * expires after a day; the send copies them to `mail/<attachment>`, outside `media/`, which
 * nothing serves: a download is a signed GET given to a mailbox that holds the mail.
 */
export const attachmentUploadLifetimeSeconds = 15 * 60;

/** A change to the draft as read, saved if nobody saved in between; tried again a few times if they did. */
const changeDraftAttachments = async (
  ownerId: string,
  draftId: string,
  change: (draft: MailRecord) => readonly MailAttachment[],
): Promise<MailDetail> => {
  for (let attempt = 1; ; attempt += 1) {
    const { mail, body } = await ownDraft(ownerId, draftId);
    const attachments = change(mail);
    const draft = changedDraft(mail, { attachments }, body.text, mail.remoteImages ?? false, new Date().toISOString());
    try {
      await saveDraft(draft, mail.version);
      return toMailDetail(draft, body);
    } catch (error) {
      // An autosave came first: add the file to what it saved.
      if (!(error instanceof ConditionFailed && error.failed('draft')) || attempt >= 3) throw error;
    }
  }
};

export interface AttachmentUpload {
  readonly attachment: MailAttachmentView;
  readonly upload: PresignedUpload;
  readonly draft: MailDetail;
}

export const addAttachment = async (
  caller: Caller,
  draftId: string,
  request: () => AddAttachmentRequest,
): Promise<AttachmentUpload> => {
  const ownerId = authorizeCompose(caller);
  await ownDraft(ownerId, draftId);
  const { name, type, size } = request();
  const id = ulid();
  const attachment: MailAttachment = { id, name, type, size, key: pendingAttachmentKey(ownerId, id) };
  const counted = clientUploadBytes(caller, [attachment]);
  if (counted > 0) await checkStorageLimit(ownerId, counted, 'size');
  const draft = await changeDraftAttachments(ownerId, draftId, (mail) => {
    if (mail.attachments.length >= mailLimits.maxAttachments) {
      throw new ValidationError({ name: [composeMessages.tooManyAttachments] });
    }
    const total = mail.attachments.reduce((sum, file) => sum + file.size, 0) + size;
    if (total > mailLimits.mailAttachmentsMaxBytes) {
      throw new ValidationError({ size: [composeMessages.attachmentsTooLarge] });
    }
    return [...mail.attachments, attachment];
  });
  await changeStorageUsage(ownerId, counted);
  const upload = await presignPut(attachment.key, {
    contentType: type,
    contentLength: size,
    expiresInSeconds: attachmentUploadLifetimeSeconds,
  });
  return { attachment: { id, name, type, size }, upload, draft };
};

/**
 * Takes a file off the draft. Its object is left to the bucket's expiry (pending uploads) or
 * kept (a forwarded file is shared with the mail it came from).
 */
export const removeAttachment = async (caller: Caller, draftId: string, attachmentId: string): Promise<MailDetail> => {
  const ownerId = authorizeCompose(caller);
  let freed = 0;
  const draft = await changeDraftAttachments(ownerId, draftId, (mail) => {
    const removed = mail.attachments.filter((file) => file.id === attachmentId);
    if (removed.length === 0) throw new NotFoundError('Attachment not found');
    freed = clientUploadBytes(caller, removed);
    return mail.attachments.filter((file) => file.id !== attachmentId);
  });
  await changeStorageUsage(ownerId, -freed);
  return draft;
};
