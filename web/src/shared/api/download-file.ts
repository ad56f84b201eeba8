import { getSession } from '../session/session-store';
import { refreshSession } from './api-client';
import { ApiError } from './api-error';

/**
 * Saves a file the API answers (an invoice's PDF) under the name the server gives it. A plain
 * link cannot carry the Bearer token, so the file is fetched, then handed to the browser as an
 * object URL; an expired token is refreshed once, as apiRequest does.
 */

const fetchWithToken = (path: string) =>
  fetch(path, {
    headers: { Authorization: `Bearer ${getSession().accessToken ?? ''}` },
    credentials: 'same-origin',
  });

/** `attachment; filename="invoice-2026-0001.pdf"` → `invoice-2026-0001.pdf`. */
export const fileNameOf = (disposition: string | null, fallback: string): string =>
  /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;

export const downloadFile = async (path: string): Promise<void> => {
  let response: Response;
  try {
    response = await fetchWithToken(path);
    if (response.status === 401 && (await refreshSession())) response = await fetchWithToken(path);
  } catch (error) {
    throw new ApiError(0, {}, undefined, { cause: error });
  }
  if (!response.ok) throw new ApiError(response.status, {});
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileNameOf(response.headers.get('content-disposition'), 'download');
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has started the download: the browser holds its own reference by now.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
};
