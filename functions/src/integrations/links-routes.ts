import type { AreaRouteHandlers } from '../core/handler';
import { json, parseBody } from '../core/http';
import { saveHelpLinksSchema } from './links-contract';
import { readHelpLinks, saveHelpLinks } from './links-service';

type LinkRouteKey = 'GET /api/integrations/links' | 'PUT /api/apps/integrations/links';

export const linkRouteHandlers: Pick<AreaRouteHandlers<'integrations'>, LinkRouteKey> = {
  'GET /api/integrations/links': async () => json(200, { links: await readHelpLinks() }),
  'PUT /api/apps/integrations/links': async ({ event, caller }) =>
    json(200, { links: await saveHelpLinks(caller, () => parseBody(event, saveHelpLinksSchema)) }),
};
