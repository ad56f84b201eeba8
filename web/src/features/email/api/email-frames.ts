import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { EmailFrame, MailListResponse, MailResponse, MailSummary } from '@orbit/functions/email/contract';
import { countsKey, emailKey, listsKey, mailKey, type MailListParams } from './email';

/**
 * The live frames (docs/email.md, "Routes") applied to the cache: the counts are the server's
 * own (each frame carries them whole), a new mail goes on top of the lists it belongs to at once,
 * and what changed elsewhere is read again (another tab moved, read or deleted it).
 */

/** Whether a new mail belongs at the top of a list read with these parameters (a search is read again instead). */
export const belongsTo = (mail: MailSummary, params: MailListParams): boolean => {
  if (params.q?.trim() || params.attachments) return false;
  if (params.unread && mail.read) return false;
  if (params.label) return mail.labels.includes(params.label) && mail.folder !== 'spam' && mail.folder !== 'trash';
  if (params.filter === 'starred') return mail.starred;
  return (params.filter ?? 'inbox') === mail.folder;
};

/** The list's pages with the mail on top of the first one, unless it is there already (a frame can come twice). */
export const withNewMail = (
  data: InfiniteData<MailListResponse, string | null>,
  mail: MailSummary,
): InfiniteData<MailListResponse, string | null> => {
  if (data.pages.some((page) => page.mails.some((known) => known.id === mail.id))) return data;
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, mails: [mail, ...first.mails] }, ...rest] };
};

export const applyEmailFrame = (queryClient: QueryClient, frame: EmailFrame): void => {
  switch (frame.type) {
    case 'email.received': {
      queryClient.setQueryData(countsKey, frame.counts);
      for (const [key, data] of queryClient.getQueriesData<InfiniteData<MailListResponse, string | null>>({
        queryKey: listsKey,
      })) {
        const params = key[2] as MailListParams | undefined;
        if (!data || !params) continue;
        if (belongsTo(frame.mail, params)) queryClient.setQueryData(key, withNewMail(data, frame.mail));
        else if (params.q?.trim() || params.attachments) void queryClient.invalidateQueries({ queryKey: key });
      }
      // A reply in an open thread shows in it.
      for (const [key, data] of queryClient.getQueriesData<MailResponse>({ queryKey: [...emailKey, 'mail'] }))
        if (data && data.mail.threadId === frame.mail.threadId) void queryClient.invalidateQueries({ queryKey: key });
      return;
    }
    case 'email.changed':
      queryClient.setQueryData(countsKey, frame.counts);
      void queryClient.invalidateQueries({ queryKey: listsKey });
      for (const id of frame.ids) void queryClient.invalidateQueries({ queryKey: mailKey(id) });
      return;
    case 'email.status':
      queryClient.setQueryData<MailResponse>(mailKey(frame.mailId), (old) =>
        old ? { ...old, mail: { ...old.mail, recipients: [...frame.recipients] } } : old,
      );
      return;
  }
};
