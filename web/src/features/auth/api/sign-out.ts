import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import { clearSession } from '../../../shared/session/session-store';

/**
 * POST /api/auth/logout revokes the session on the server. The browser forgets it whatever the
 * server answers: signing out must never leave a user stuck signed in.
 */
export const signOut = async (): Promise<void> => {
  try {
    await apiRequest<void>('/api/auth/logout', { method: 'POST' });
  } finally {
    clearSession();
  }
};

export const useSignOut = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => queryClient.clear(),
  });
};
