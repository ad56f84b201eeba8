import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

/** Server state cache. Client errors (4xx) are answers, not glitches: they are not retried. */
export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) =>
          failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
