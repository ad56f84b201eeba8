import type { AreaRouteHandlers } from '../core/handler';
import { json, parseBody, parseQuery, pathParam } from '../core/http';
import { audiencePreviewRequest, bulkTagsRequest, contactsQuery, setTagsRequest } from './audience-requests';
import {
  bulkTags,
  listMailingChannels,
  listMailingContacts,
  listTags,
  previewAudience,
  setTags,
} from './audience-service';

/** Audiences and tags (docs/mailings.md, "Audiences"). */
type AudienceRouteKey =
  | 'POST /api/apps/mailings/audience/preview'
  | 'GET /api/apps/mailings/channels'
  | 'GET /api/apps/mailings/contacts'
  | 'GET /api/apps/mailings/tags'
  | 'PUT /api/apps/mailings/contacts/{id}/tags'
  | 'POST /api/apps/mailings/contacts/tags';

// Requests are parsed inside the service's call (a thunk): it authorises first, so a caller
// without the rights gets 403 whatever they sent.
export const audienceRouteHandlers: Pick<AreaRouteHandlers<'mailings'>, AudienceRouteKey> = {
  'POST /api/apps/mailings/audience/preview': async ({ event, caller }) =>
    json(200, await previewAudience(caller, () => parseBody(event, audiencePreviewRequest))),
  'GET /api/apps/mailings/channels': async ({ caller }) => json(200, await listMailingChannels(caller)),
  'GET /api/apps/mailings/contacts': async ({ event, caller }) =>
    json(200, await listMailingContacts(caller, () => parseQuery(event, contactsQuery))),
  'GET /api/apps/mailings/tags': async ({ caller }) => json(200, await listTags(caller)),
  'PUT /api/apps/mailings/contacts/{id}/tags': async ({ event, caller }) =>
    json(200, await setTags(caller, pathParam(event, 'id'), () => parseBody(event, setTagsRequest))),
  'POST /api/apps/mailings/contacts/tags': async ({ event, caller }) =>
    json(200, await bulkTags(caller, () => parseBody(event, bulkTagsRequest))),
};
