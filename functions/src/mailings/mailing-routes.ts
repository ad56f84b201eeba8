import type { AreaRouteHandlers } from '../core/handler';
import { json, noContent, parseBody, parseQuery, pathParam } from '../core/http';
import {
  createMailing,
  deleteMailing,
  getOneMailing,
  listAllMailings,
  previewMailing,
  transitionMailing,
  updateMailing,
} from './mailing-service';
import {
  createMailingRequest,
  deleteMailingQuery,
  listMailingsQuery,
  previewRequest,
  transitionRequest,
  updateMailingRequest,
} from './requests';

/**
 * Mailings, their content and states, and the preview (docs/mailings.md, "States"). Thin: one
 * service call per route with the caller, the path's id and the body as a function (the
 * service authorises before it reads it, so a caller without Mailing rights gets 403 whatever
 * the body says).
 */
type MailingRouteKey =
  | 'GET /api/apps/mailings'
  | 'POST /api/apps/mailings'
  | 'GET /api/apps/mailings/{id}'
  | 'PUT /api/apps/mailings/{id}'
  | 'DELETE /api/apps/mailings/{id}'
  | 'POST /api/apps/mailings/{id}/transitions'
  | 'POST /api/apps/mailings/{id}/preview';

export const mailingRouteHandlers: Pick<AreaRouteHandlers<'mailings'>, MailingRouteKey> = {
  'GET /api/apps/mailings': async ({ event, caller }) =>
    json(200, await listAllMailings(caller, () => parseQuery(event, listMailingsQuery))),
  'POST /api/apps/mailings': async ({ event, caller }) =>
    json(201, { mailing: await createMailing(caller, () => parseBody(event, createMailingRequest)) }),
  'GET /api/apps/mailings/{id}': async ({ event, caller }) =>
    json(200, { mailing: await getOneMailing(caller, pathParam(event, 'id')) }),
  'PUT /api/apps/mailings/{id}': async ({ event, caller }) =>
    json(200, {
      mailing: await updateMailing(caller, pathParam(event, 'id'), () => parseBody(event, updateMailingRequest)),
    }),
  'DELETE /api/apps/mailings/{id}': async ({ event, caller }) => {
    await deleteMailing(caller, pathParam(event, 'id'), () => parseQuery(event, deleteMailingQuery).version);
    return noContent();
  },
  'POST /api/apps/mailings/{id}/transitions': async ({ event, caller }) =>
    json(200, {
      mailing: await transitionMailing(caller, pathParam(event, 'id'), () => parseBody(event, transitionRequest)),
    }),
  'POST /api/apps/mailings/{id}/preview': async ({ event, caller }) =>
    json(200, await previewMailing(caller, pathParam(event, 'id'), () => parseBody(event, previewRequest))),
};
