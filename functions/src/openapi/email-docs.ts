import type { AreaRouteKey } from '../routes';
import { bulkMailsRequest, changeMailRequest, listMailsQuery } from '../email/mailbox-requests';
import {
  addAttachmentRequest,
  createDraftRequest,
  discardDraftQuery,
  draftVersionRequest,
  recipientsQuery,
  saveDraftRequest,
} from '../email/requests';
import type { RouteDoc } from './route-doc';

/** The email area's routes in the public API's description (schemas from its contract). */
export const emailRouteDocs = {
  'GET /api/apps/email/mails': {
    summary:
      'A page of mails, newest first: filter | label, q, unread, attachments, cursor, limit; with counts (read Email)',
    query: listMailsQuery,
    status: 200,
  },
  'GET /api/apps/email/counts': { summary: 'Unread per folder, starred and label; drafts (read Email)', status: 200 },
  'GET /api/apps/email/mails/{id}': {
    summary: "One mail with body, attachments, recipients' status and its thread (read Email)",
    status: 200,
  },
  'PATCH /api/apps/email/mails/{id}': {
    summary: 'Read, starred, folder, labels, showImages (update Email)',
    body: changeMailRequest,
    status: 200,
  },
  'POST /api/apps/email/mails/bulk': {
    summary: 'The same changes or deleteForever on up to 100 ids (update Email)',
    body: bulkMailsRequest,
    status: 200,
  },
  'DELETE /api/apps/email/mails/{id}': {
    summary: 'Delete forever, from trash or spam only (update Email)',
    status: 200,
  },
  'POST /api/apps/email/folders/{folder}/empty': { summary: 'Empty spam or trash (update Email)', status: 200 },
  'GET /api/apps/email/mails/{id}/attachments/{attachmentId}': {
    summary: 'A signed download link for a minute (read Email)',
    status: 200,
  },
  'POST /api/apps/email/drafts': {
    summary: 'A new draft, or a reply / reply-all / forward of a mail (create Email)',
    body: createDraftRequest,
    status: 201,
  },
  'PUT /api/apps/email/drafts/{id}': {
    summary: 'Save a draft from the version read; stale is 409 with the current draft (create Email)',
    body: saveDraftRequest,
    status: 200,
  },
  'DELETE /api/apps/email/drafts/{id}': {
    summary: 'Discard a draft (create Email)',
    query: discardDraftQuery,
    status: 204,
  },
  'POST /api/apps/email/drafts/{id}/send': {
    summary: 'Send a draft from the version read: the sent copy, delivery by background work (create Email)',
    body: draftVersionRequest,
    status: 200,
  },
  'POST /api/apps/email/drafts/{id}/attachments': {
    summary: 'Attach a file: type and size checked, a presigned upload (create Email)',
    body: addAttachmentRequest,
    status: 201,
  },
  'DELETE /api/apps/email/drafts/{id}/attachments/{attachmentId}': {
    summary: 'Remove an attachment from a draft (create Email)',
    status: 200,
  },
  'GET /api/apps/email/recipients': {
    summary: 'To/Cc/Bcc suggestions by q: users and contacts the caller may write to (create Email)',
    query: recipientsQuery,
    status: 200,
  },
} as const satisfies Record<AreaRouteKey<'email'>, RouteDoc>;
