import { mailLabels, type MailFolder, type MailLabel, type MailRecord } from './records';

/**
 * What a change does to one mail (docs/email.md, "Folders, labels, counts"), pure so the rules
 * are tested without a store. Moves: a received mail between inbox, spam and trash; a sent mail
 * between sent and trash; a draft never. Trash and spam remember where the mail came from
 * (`previousFolder`), so "back" is a move to that folder.
 */

export interface MailChange {
  readonly read?: boolean | undefined;
  readonly starred?: boolean | undefined;
  readonly folder?: MailFolder | undefined;
  readonly addLabels?: readonly MailLabel[] | undefined;
  readonly removeLabels?: readonly MailLabel[] | undefined;
  readonly showImages?: boolean | undefined;
}

export type ChangeOutcome =
  | { readonly kind: 'changed'; readonly after: MailRecord }
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'refused'; readonly reason: 'draftMove' | 'moveNotAllowed' };

const setAside = (folder: MailFolder): boolean => folder === 'trash' || folder === 'spam';

/**
 * Where the mail lives when it is not set aside: the folder it came from, else (a mail filed
 * straight to spam on arrival) inbox, or sent for the sender's own copy.
 */
export const homeFolder = (mail: Pick<MailRecord, 'folder' | 'previousFolder' | 'from' | 'ownerId'>): MailFolder => {
  if (!setAside(mail.folder)) return mail.folder;
  return mail.previousFolder ?? (mail.from.userId === mail.ownerId ? 'sent' : 'inbox');
};

/** The folders a mail may be moved to from where it is (its own folder included). */
export const allowedFolders = (mail: MailRecord): readonly MailFolder[] => {
  const home = homeFolder(mail);
  if (home === 'draft') return ['draft'];
  if (home === 'sent') return ['sent', 'trash'];
  return ['inbox', 'spam', 'trash'];
};

const sameLabels = (a: readonly MailLabel[], b: readonly MailLabel[]) =>
  a.length === b.length && a.every((label) => b.includes(label));

/**
 * The mail after the change, or why it is refused, or `unchanged` when it would change nothing
 * (no write, no counts). `now` becomes its `updatedAt`, later than the one read in any case, so
 * the write's condition on the `updatedAt` read always tells two changes apart.
 */
export const applyChange = (mail: MailRecord, change: MailChange, now: Date): ChangeOutcome => {
  let folder = mail.folder;
  let previousFolder = mail.previousFolder;
  if (change.folder !== undefined && change.folder !== mail.folder) {
    if (mail.folder === 'draft') return { kind: 'refused', reason: 'draftMove' };
    if (!allowedFolders(mail).includes(change.folder)) return { kind: 'refused', reason: 'moveNotAllowed' };
    // Into trash or spam from a home folder: remember it. Between trash and spam: keep it. Home: forget it.
    if (setAside(change.folder)) previousFolder = setAside(mail.folder) ? homeFolder(mail) : mail.folder;
    else previousFolder = undefined;
    folder = change.folder;
  }
  const removed = new Set(change.removeLabels ?? []);
  const wanted = new Set([...mail.labels, ...(change.addLabels ?? [])].filter((label) => !removed.has(label)));
  // In the contract's order, so equal sets are equal lists.
  const labels = mailLabels.filter((label) => wanted.has(label));
  const read = change.read ?? mail.read;
  const starred = change.starred ?? mail.starred;
  const showImages = change.showImages ?? mail.showImages ?? false;
  const changed =
    folder !== mail.folder ||
    read !== mail.read ||
    starred !== mail.starred ||
    showImages !== (mail.showImages ?? false) ||
    !sameLabels(labels, mail.labels);
  if (!changed) return { kind: 'unchanged' };
  const readAt = Date.parse(mail.updatedAt);
  const at = Number.isFinite(readAt) && readAt >= now.getTime() ? new Date(readAt + 1) : now;
  const { previousFolder: _dropped, ...rest } = mail;
  return {
    kind: 'changed',
    after: {
      ...rest,
      ...(previousFolder ? { previousFolder } : {}),
      folder,
      labels,
      read,
      starred,
      showImages,
      updatedAt: at.toISOString(),
    },
  };
};
