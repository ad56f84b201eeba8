import type { AreaRouteHandlers } from '../core/handler';
import { json, noContent, parseBody, parseQuery, pathParam } from '../core/http';
import { addAttachment, removeAttachment } from './attachments-service';
import { createDraft, discardOwnDraft, saveOwnDraft } from './drafts-service';
import { suggestRecipients } from './recipients';
import {
  addAttachmentRequest,
  createDraftRequest,
  discardDraftQuery,
  draftVersionRequest,
  recipientsQuery,
  saveDraftRequest,
} from './requests';
import { sendDraft } from './send-service';

/**
 * Writing and sending mail: drafts, their attachments, sending, recipient suggestions (docs/email.md).
 * Thin: one service call per route with the caller, the path's ids and the body as a function
 * (the service authorises before it reads it, so a caller without Email rights gets 403
 * whatever the body says).
 */
type ComposeRouteKey =
  | 'POST /api/apps/email/drafts'
  | 'PUT /api/apps/email/drafts/{id}'
  | 'DELETE /api/apps/email/drafts/{id}'
  | 'POST /api/apps/email/drafts/{id}/send'
  | 'POST /api/apps/email/drafts/{id}/attachments'
  | 'DELETE /api/apps/email/drafts/{id}/attachments/{attachmentId}'
  | 'GET /api/apps/email/recipients';

export const composeRouteHandlers: Pick<AreaRouteHandlers<'email'>, ComposeRouteKey> = {
  'POST /api/apps/email/drafts': async ({ event, caller }) =>
    json(201, { draft: await createDraft(caller, () => parseBody(event, createDraftRequest)) }),
  'PUT /api/apps/email/drafts/{id}': async ({ event, caller }) =>
    json(200, { draft: await saveOwnDraft(caller, pathParam(event, 'id'), () => parseBody(event, saveDraftRequest)) }),
  'DELETE /api/apps/email/drafts/{id}': async ({ event, caller }) => {
    await discardOwnDraft(caller, pathParam(event, 'id'), () => parseQuery(event, discardDraftQuery).version);
    return noContent();
  },
  'POST /api/apps/email/drafts/{id}/send': async ({ event, caller }) =>
    json(200, { mail: await sendDraft(caller, pathParam(event, 'id'), () => parseBody(event, draftVersionRequest)) }),
  'POST /api/apps/email/drafts/{id}/attachments': async ({ event, caller }) =>
    json(201, await addAttachment(caller, pathParam(event, 'id'), () => parseBody(event, addAttachmentRequest))),
  'DELETE /api/apps/email/drafts/{id}/attachments/{attachmentId}': async ({ event, caller }) =>
    json(200, {
      draft: await removeAttachment(caller, pathParam(event, 'id'), pathParam(event, 'attachmentId')),
    }),
  'GET /api/apps/email/recipients': async ({ event, caller }) =>
    json(200, { recipients: await suggestRecipients(caller, () => parseQuery(event, recipientsQuery).q) }),
};
