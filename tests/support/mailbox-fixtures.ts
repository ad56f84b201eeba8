import { ulid } from '@orbit/functions/core/ids';
import type { MailAttachment, MailFolder, MailLabel, MailRecord } from '@orbit/functions/email/records';
import { storeNewMail } from '@orbit/functions/email/store';
import { searchWords } from '@orbit/functions/email/words';

/**
 * Mails written straight into a mailbox for tests (the stack runs in this process with its
 * TABLE_NAME set): through storeNewMail, the one write every new mail goes through, so the
 * counters are what the product keeps.
 */
export interface MailFixture {
  readonly ownerId: string;
  readonly folder?: MailFolder;
  readonly previousFolder?: MailFolder;
  readonly subject?: string;
  readonly text?: string;
  readonly html?: string;
  readonly from?: { address: string; name?: string; userId?: string };
  readonly to?: { address: string; name?: string; userId?: string }[];
  readonly read?: boolean;
  readonly starred?: boolean;
  readonly labels?: MailLabel[];
  readonly attachments?: MailAttachment[];
  readonly threadId?: string;
  readonly remoteImages?: boolean;
  /** When it was sent: sets the id's time too (ids sort newest first). */
  readonly at?: number;
}

export const mailFixture = (fixture: MailFixture): MailRecord => {
  const at = fixture.at ?? Date.now();
  const id = ulid(at);
  const from = fixture.from ?? { address: 'someone@outside.example', name: 'Someone Outside' };
  const to = fixture.to ?? [{ address: 'me@orbit.example', userId: fixture.ownerId }];
  const subject = fixture.subject ?? `Mail ${id.slice(-6)}`;
  const text = fixture.text ?? 'Hello there';
  const date = new Date(at).toISOString();
  return {
    ownerId: fixture.ownerId,
    id,
    messageId: `<${id}@test.example>`,
    references: [],
    threadId: fixture.threadId ?? id,
    folder: fixture.folder ?? 'inbox',
    ...(fixture.previousFolder ? { previousFolder: fixture.previousFolder } : {}),
    labels: fixture.labels ?? [],
    read: fixture.read ?? false,
    starred: fixture.starred ?? false,
    from,
    to,
    cc: [],
    bcc: [],
    subject,
    snippet: text.slice(0, 200),
    attachments: fixture.attachments ?? [],
    ...(fixture.remoteImages ? { remoteImages: true } : {}),
    words: searchWords(subject, text, from.address, from.name ?? '', ...to.map((r) => `${r.address} ${r.name ?? ''}`)),
    date,
    createdAt: date,
    updatedAt: date,
    version: 1,
  };
};

/** Stores a mail (and its body) in its owner's mailbox; returns it. */
export const storeMail = async (fixture: MailFixture): Promise<MailRecord> => {
  const mail = mailFixture(fixture);
  await storeNewMail(mail, {
    html: fixture.html ?? `<p>${fixture.text ?? 'Hello there'}</p>`,
    text: fixture.text ?? 'Hello there',
  });
  return mail;
};
