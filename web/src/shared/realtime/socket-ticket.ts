import type { SocketTicketResponse } from '@orbit/functions/chat/contract';
import { apiRequest, refreshSession } from '../api/api-client';
import { getSession } from '../session/session-store';

/**
 * A single-use ticket for the next WebSocket handshake (`POST /api/realtime/ticket`, good for 30
 * seconds): what `/ws?ticket=` carries instead of the access token. The request refreshes an
 * expired access token like any other; null when there is no session to ask with.
 */
export const requestSocketTicket = async (): Promise<string | null> => {
  if (!getSession().accessToken && !(await refreshSession())) return null;
  const { ticket } = await apiRequest<SocketTicketResponse>('/api/realtime/ticket', { method: 'POST' });
  return ticket;
};
