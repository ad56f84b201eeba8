import type { AreaRouteHandlers } from '../core/handler';
import { NotFoundError } from '../core/errors';

/** Writing and sending mail: drafts, their attachments, sending, recipient suggestions. */
type ComposeRouteKey =
  | 'POST /api/apps/email/drafts'
  | 'PUT /api/apps/email/drafts/{id}'
  | 'DELETE /api/apps/email/drafts/{id}'
  | 'POST /api/apps/email/drafts/{id}/send'
  | 'POST /api/apps/email/drafts/{id}/attachments'
  | 'DELETE /api/apps/email/drafts/{id}/attachments/{attachmentId}'
  | 'GET /api/apps/email/recipients';

// SCAFFOLD: replaced by the compose handlers.
const notBuilt = () => Promise.reject(new NotFoundError('Not built yet'));

export const composeRouteHandlers: Pick<AreaRouteHandlers<'email'>, ComposeRouteKey> = {
  'POST /api/apps/email/drafts': notBuilt,
  'PUT /api/apps/email/drafts/{id}': notBuilt,
  'DELETE /api/apps/email/drafts/{id}': notBuilt,
  'POST /api/apps/email/drafts/{id}/send': notBuilt,
  'POST /api/apps/email/drafts/{id}/attachments': notBuilt,
  'DELETE /api/apps/email/drafts/{id}/attachments/{attachmentId}': notBuilt,
  'GET /api/apps/email/recipients': notBuilt,
};
