import type { UnsubscribeResult, UnsubscribeView } from '@orbit/functions/mailings/unsubscribe-contract';
import { useEffect, useState } from 'react';
import { apiRequest } from '../../../shared/api/api-client';

/**
 * The public unsubscribe page's API (functions/src/mailings/unsubscribe-routes.ts): the signed
 * token in the link is the credential, so nothing here sends a session. Plain fetches, not
 * queries: the page sits in the blank layout, outside the shell's query client, and stays small.
 */

const tokenPath = (token: string) => `/api/mailings/unsubscribe/${encodeURIComponent(token)}`;

export type UnsubscribeLinkState =
  | { readonly state: 'loading' }
  | { readonly state: 'ready'; readonly view: UnsubscribeView }
  | { readonly state: 'failed'; readonly error: unknown };

/** What the link is about, read once per token (and again on `reload`). */
export const useUnsubscribeLink = (token: string): { link: UnsubscribeLinkState; reload: () => void } => {
  const [link, setLink] = useState<UnsubscribeLinkState>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    apiRequest<UnsubscribeView>(tokenPath(token), { signal: controller.signal, authenticated: false }).then(
      (view) => setLink({ state: 'ready', view }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLink({ state: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [token, attempt]);
  return {
    link,
    reload: () => {
      setLink({ state: 'loading' });
      setAttempt((count) => count + 1);
    },
  };
};

export const unsubscribe = (token: string): Promise<UnsubscribeResult> =>
  apiRequest<UnsubscribeResult>(tokenPath(token), { method: 'POST', body: {}, authenticated: false });
