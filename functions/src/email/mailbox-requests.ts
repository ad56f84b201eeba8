import * as v from 'valibot';

import { object, queryLimit, recordId } from '../core/schema';
import { mailFilters, mailLabels, type MailFolder } from './records';

/**
 * What the mailbox's routes accept (docs/email.md, "Routes"): the list's query, one mail's
 * change and a bulk change. Imports only valibot and the records' constants, so the web app
 * can use them too (re-exported by contract.ts).
 */

export const mailboxMessages = {
  filterOrLabel: 'Choose one folder (inbox, sent, draft, starred, spam, trash) or one label',
  filter: 'Unknown folder: inbox, sent, draft, starred, spam or trash',
  label: 'Unknown label: personal, company, important or private',
  flag: 'Must be true or false',
  cursor: 'This page link is not valid; start from the first page',
  q: 'A search is at most 200 characters',
  nothingToChange: 'Say what to change',
  ids: 'Choose from 1 to 100 mails',
  deleteForeverAlone: 'Delete forever cannot be combined with other changes',
  draftMove: 'A draft cannot be moved',
  moveNotAllowed: 'This mail cannot be moved there',
  deleteOnlySetAside: 'Only mail in trash or spam can be deleted forever',
  emptyFolder: 'Only spam or trash can be emptied',
  notFound: 'Mail not found',
  attachmentNotFound: 'Attachment not found',
  changedMeanwhile: 'The mail changed meanwhile; try again',
} as const;

/** `true`/`false` as a query string holds them. */
const queryFlag = v.optional(v.picklist(['true', 'false'], mailboxMessages.flag));

export const listMailsQuery = v.pipe(
  object({
    filter: v.optional(v.picklist(mailFilters, mailboxMessages.filter)),
    label: v.optional(v.picklist(mailLabels, mailboxMessages.label)),
    q: v.optional(v.pipe(v.string(mailboxMessages.q), v.maxLength(200, mailboxMessages.q))),
    unread: queryFlag,
    attachments: queryFlag,
    cursor: v.optional(v.pipe(v.string(mailboxMessages.cursor), v.maxLength(200, mailboxMessages.cursor))),
    limit: v.optional(queryLimit(50)),
  }),
  // One view at a time: a folder (or starred) or a label; the error is the filter's.
  v.forward(
    v.check((query) => (query.filter === undefined) !== (query.label === undefined), mailboxMessages.filterOrLabel),
    ['filter'],
  ),
);
export type ListMailsQuery = v.InferOutput<typeof listMailsQuery>;

const labelList = v.optional(
  v.pipe(v.array(v.picklist(mailLabels, mailboxMessages.label)), v.maxLength(mailLabels.length)),
);

/** The changes one mail (or a bulk) may get; at least one. */
const changeEntries = {
  read: v.optional(v.boolean(mailboxMessages.flag)),
  starred: v.optional(v.boolean(mailboxMessages.flag)),
  /** Where to move it; the mail's own folder decides which are allowed (mailbox-changes.ts). */
  folder: v.optional(
    v.picklist(['inbox', 'sent', 'spam', 'trash'] as const satisfies readonly MailFolder[], mailboxMessages.filter),
  ),
  addLabels: labelList,
  removeLabels: labelList,
  showImages: v.optional(v.boolean(mailboxMessages.flag)),
};
const changeNames = Object.keys(changeEntries) as (keyof typeof changeEntries)[];

const hasAChange = (body: Readonly<Record<string, unknown>>) => changeNames.some((name) => body[name] !== undefined);

export const changeMailRequest = v.pipe(object(changeEntries), v.check(hasAChange, mailboxMessages.nothingToChange));
export type ChangeMailRequest = v.InferOutput<typeof changeMailRequest>;

export const bulkMailsRequest = v.pipe(
  object({
    ids: v.pipe(
      v.array(recordId(mailboxMessages.ids), mailboxMessages.ids),
      v.minLength(1, mailboxMessages.ids),
      v.maxLength(100, mailboxMessages.ids),
    ),
    ...changeEntries,
    deleteForever: v.optional(v.literal(true, mailboxMessages.flag)),
  }),
  v.check((body) => body.deleteForever === true || hasAChange(body), mailboxMessages.nothingToChange),
  v.forward(
    v.check((body) => body.deleteForever !== true || !hasAChange(body), mailboxMessages.deleteForeverAlone),
    ['deleteForever'],
  ),
);
export type BulkMailsRequest = v.InferOutput<typeof bulkMailsRequest>;

/** The folders "empty" applies to. */
export const emptiableFolders = ['spam', 'trash'] as const satisfies readonly MailFolder[];
