import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MailFilter, MailFolder, MailLabel } from '@orbit/functions/email/contract';
import type { Notice } from '../../../shared/ui/notice-snackbar';
import {
  discardDraft,
  refreshAfterDraft,
  useBulkChange,
  useDeleteForever,
  useEmptyFolder,
  usePatchMail,
  type MailChange,
} from '../api/email';
import type { BulkAction } from './bulk-toolbar';

type Target = 'inbox' | 'sent' | 'spam' | 'trash';

interface MailActionsOptions {
  readonly say: (text: string, severity?: Notice['severity']) => void;
  /** Leaves the open mail for the list (after it moved away). */
  readonly close: () => void;
  readonly openId: string | null;
  readonly selected: ReadonlySet<string>;
  readonly setSelected: (selected: ReadonlySet<string>) => void;
  readonly setConfirm: (confirm: { kind: 'forever'; ids: readonly string[] }) => void;
}

/** What the list, the bulk toolbar, the reading view and the keys do to mail: one mail by PATCH, several by bulk. */
export const useMailActions = ({ say, close, openId, selected, setSelected, setConfirm }: MailActionsOptions) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const patch = usePatchMail();
  const bulkChange = useBulkChange();
  const forever = useDeleteForever();
  const emptyFolder = useEmptyFolder();
  const failed = () => say(t('email.notices.failed'), 'error');

  const change = (ids: readonly string[], body: MailChange, done?: string) => {
    const settle = {
      onSuccess: () => {
        if (done) say(done);
        setSelected(new Set());
      },
      onError: failed,
    };
    if (ids.length === 1 && ids[0]) patch.mutate({ id: ids[0], change: body }, settle);
    else bulkChange.mutate({ ids, ...body }, settle);
  };

  const move = (ids: readonly string[], folder: Target) => {
    change(
      ids,
      { folder },
      folder === 'trash'
        ? t('email.notices.deleted')
        : t('email.notices.moved', { folder: t(`email.folders.${folder}`) }),
    );
    if (openId && ids.includes(openId)) close();
  };

  /** Drafts are discarded (they never go to trash). */
  const discard = (ids: readonly string[]) => {
    void Promise.all(ids.map((id) => discardDraft(id))).then(
      () => {
        say(t('email.composer.discarded'), 'info');
        setSelected(new Set());
        if (openId && ids.includes(openId)) close();
        refreshAfterDraft(queryClient);
      },
      () => {
        failed();
        refreshAfterDraft(queryClient);
      },
    );
  };

  /** Delete: to trash; from trash or spam, for good (after a confirmation); a draft is discarded. */
  const remove = (ids: readonly string[], folder: MailFolder | MailFilter) => {
    if (folder === 'draft') discard(ids);
    else if (folder === 'trash' || folder === 'spam') setConfirm({ kind: 'forever', ids });
    else move(ids, 'trash');
  };

  const deleteForever = (ids: readonly string[]) => {
    const settle = {
      onSuccess: () => {
        say(t('email.notices.deletedForever'));
        setSelected(new Set());
        if (openId && ids.includes(openId)) close();
      },
      onError: failed,
    };
    if (ids.length === 1 && ids[0]) forever.mutate(ids[0], settle);
    else bulkChange.mutate({ ids, deleteForever: true }, settle);
  };

  const label = (ids: readonly string[], name: MailLabel, add: boolean) =>
    change(ids, add ? { addLabels: [name] } : { removeLabels: [name] }, t('email.notices.changed'));
  const star = (id: string, on: boolean) => change([id], { starred: on });
  const markRead = (ids: readonly string[], read: boolean) => change(ids, { read });

  const bulk = (action: BulkAction, filter: MailFilter | undefined) => {
    const ids = [...selected];
    switch (action.kind) {
      case 'read':
      case 'unread':
        return markRead(ids, action.kind === 'read');
      case 'star':
      case 'unstar':
        return change(ids, { starred: action.kind === 'star' }, t('email.notices.changed'));
      case 'move':
        return move(ids, action.folder);
      case 'label':
        return label(ids, action.label, action.add);
      case 'delete':
        return remove(ids, filter ?? 'inbox');
      case 'deleteForever':
        return setConfirm({ kind: 'forever', ids });
    }
  };

  const empty = (folder: 'spam' | 'trash') =>
    emptyFolder.mutate(folder, {
      onSuccess: () => say(t('email.notices.emptied', { folder: t(`email.folders.${folder}`) })),
      onError: failed,
    });

  return { move, remove, deleteForever, label, star, markRead, bulk, empty };
};
