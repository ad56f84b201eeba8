import { mailFolders, mailLabels, type MailFolder, type MailLabel, type MailRecord } from './records';

/**
 * The side panel's counts, kept as counters in one item per mailbox (entities.ts) and changed in
 * the transaction that changes a mail: reading them costs one GetItem, whatever the mailbox's
 * size. Unread per folder, unread starred and unread per label (labels and starred leave out
 * trash and spam, as a mail there is set aside), and the number of drafts.
 */
export type MailCountName = `unread_${MailFolder}` | 'unread_starred' | `unread_${MailLabel}` | 'drafts';
export type MailCounts = Readonly<Record<MailCountName, number>>;

export const mailCountNames: readonly MailCountName[] = [
  ...mailFolders.map((folder) => `unread_${folder}` as const),
  'unread_starred',
  ...mailLabels.map((label) => `unread_${label}` as const),
  'drafts',
];

type CountedMail = Pick<MailRecord, 'folder' | 'read' | 'starred' | 'labels'>;

const setAside = (folder: MailFolder) => folder === 'trash' || folder === 'spam';

/** What one mail adds to its mailbox's counts. */
export const countsOf = (mail: CountedMail): Partial<Record<MailCountName, number>> => {
  const counts: Partial<Record<MailCountName, number>> = {};
  if (mail.folder === 'draft') counts.drafts = 1;
  if (mail.read || mail.folder === 'draft') return counts;
  counts[`unread_${mail.folder}`] = 1;
  if (setAside(mail.folder)) return counts;
  if (mail.starred) counts.unread_starred = 1;
  for (const label of new Set(mail.labels)) counts[`unread_${label}`] = 1;
  return counts;
};

/** The change to the counts when a mail goes from `before` to `after` (either absent): only non-zero entries. */
export const countsDelta = (
  before: CountedMail | undefined,
  after: CountedMail | undefined,
): Partial<Record<MailCountName, number>> => {
  const delta: Partial<Record<MailCountName, number>> = {};
  const add = (counts: Partial<Record<MailCountName, number>>, sign: 1 | -1) => {
    for (const [name, value] of Object.entries(counts) as [MailCountName, number][]) {
      delta[name] = (delta[name] ?? 0) + sign * value;
    }
  };
  if (before) add(countsOf(before), -1);
  if (after) add(countsOf(after), 1);
  return Object.fromEntries(Object.entries(delta).filter(([, value]) => value !== 0));
};

/** The sum of several deltas (a bulk action writes the counter once). */
export const sumDeltas = (
  deltas: readonly Partial<Record<MailCountName, number>>[],
): Partial<Record<MailCountName, number>> => {
  const sum: Partial<Record<MailCountName, number>> = {};
  for (const delta of deltas) {
    for (const [name, value] of Object.entries(delta) as [MailCountName, number][]) {
      sum[name] = (sum[name] ?? 0) + value;
    }
  }
  return Object.fromEntries(Object.entries(sum).filter(([, value]) => value !== 0));
};

/** The counts as read from the counter item (a name never written is 0; never below 0). */
export const mailCountsFrom = (item: Readonly<Record<string, unknown>> | undefined): MailCounts =>
  Object.fromEntries(
    mailCountNames.map((name) => [name, Math.max(0, typeof item?.[name] === 'number' ? item[name] : 0)]),
  ) as MailCounts;
