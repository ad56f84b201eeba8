import type { ContactChangeUndone } from '@orbit/functions/users/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { clearSession } from '../../../shared/session/session-store';

/**
 * POST /api/users/contact-change/undo (public: the link's token is the credential). The server
 * ends every session of the account, this browser's too, so it forgets its own at once.
 */
export const undoContactChange = async (token: string): Promise<ContactChangeUndone> => {
  const undone = await apiRequest<ContactChangeUndone>('/api/users/contact-change/undo', {
    method: 'POST',
    body: { token },
    authenticated: false,
  });
  clearSession();
  return undone;
};
