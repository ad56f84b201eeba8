import { defineAreaHandler } from '../core/handler';
import { emailHttpRoutes } from '../routes';
import { composeRouteHandlers } from './compose-routes';
import { mailboxRouteHandlers } from './mailbox-routes';

/** The mailbox's API (docs/email.md): reading and changing mail, and writing and sending it. */
export const handler = defineAreaHandler('email', emailHttpRoutes, {
  ...mailboxRouteHandlers,
  ...composeRouteHandlers,
});
