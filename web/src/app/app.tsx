import { AbilityProvider } from '@casl/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '../shared/api/query-client';
import { ability } from '../shared/session/ability';
import { AppThemeProvider } from '../shared/theme/app-theme-provider';
import { createAppRouter } from './routing/router';

/** Providers around the router: theme (with direction), server-state cache, the user's ability. */
export const App = () => {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter());
  return (
    <AppThemeProvider>
      <QueryClientProvider client={queryClient}>
        <AbilityProvider value={ability}>
          <RouterProvider router={router} />
        </AbilityProvider>
      </QueryClientProvider>
    </AppThemeProvider>
  );
};
