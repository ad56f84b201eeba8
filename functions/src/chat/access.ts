import { authorize } from '../core/authorize';
import type { Caller } from '../core/caller';
import { NotFoundError } from '../core/errors';
import type { ContactRecord } from './contacts-repository';
import { readContactAndChat, type ContactAndChat } from './context-repository';
import { canSeeContact, type Viewer } from './rules';

/**
 * Who is asking and whom they may talk to: shared by the chat's use cases (service.ts,
 * channel-service.ts, scheduled-service.ts).
 */
export const viewerOf = (caller: Caller): Viewer => ({ id: caller.principal.userId, role: caller.principal.role });

/** Chat is for those whose rules allow reading it (clients, the administrator, Client Communication, Only View); who they see is rules.ts's. */
export const chatViewer = (caller: Caller): Viewer => {
  authorize(caller.ability, 'read', 'Chat');
  return viewerOf(caller);
};

/**
 * The contact, if the viewer may talk to them, the viewer's side of their chat and, as asked,
 * the connection sets the request will push to: one read (none when the route's path named the
 * contact, whose items came with the caller's session: see handler.ts).
 */
export const findVisibleContactAndChat = async (
  caller: Caller,
  viewer: Viewer,
  contactId: string,
  connections: { contactConnections?: boolean; viewerConnections?: boolean } = {},
): Promise<ContactAndChat & { contact: ContactRecord }> => {
  const context = await readContactAndChat(viewer.id, contactId, connections, caller.readAlong);
  const { contact } = context;
  // Someone the viewer may not talk to is indistinguishable from no one (no guessing ids).
  if (!contact || !canSeeContact(viewer, contact)) throw new NotFoundError('Contact not found');
  return { ...context, contact };
};
