import { authorize } from '../core/authorize';
import type { Caller } from '../core/caller';
import { ConditionFailed } from '../core/db';
import { ConflictError } from '../core/errors';
import type { HelpLinks, SaveHelpLinks } from './links-contract';
import { getHelpLinks, putHelpLinks } from './links-repository';
import type { HelpLinksRecord } from './entities';

const view = (record: HelpLinksRecord | undefined): HelpLinks =>
  record
    ? { wiki: record.wiki, telegram: record.telegram, version: record.version, updatedAt: record.updatedAt }
    : { wiki: null, telegram: null, version: 0 };

/** Anyone may read where /wiki and /telegram lead: the routes that open them are public. */
export const readHelpLinks = async (): Promise<HelpLinks> => view(await getHelpLinks());

/**
 * An admin's save (update Integration), from the version read: a stale one is 409 with the current
 * links. The body is read after authorising: who may not save learns nothing of its fields.
 */
export const saveHelpLinks = async (
  caller: Caller,
  body: () => SaveHelpLinks,
  now = new Date(),
): Promise<HelpLinks> => {
  authorize(caller.ability, 'update', 'Integration');
  const input = body();
  const record: HelpLinksRecord = {
    wiki: input.wiki,
    telegram: input.telegram,
    updatedAt: now.toISOString(),
    updatedBy: caller.principal.userId,
    version: input.version + 1,
  };
  try {
    await putHelpLinks(record, input.version);
  } catch (error) {
    if (error instanceof ConditionFailed) {
      throw new ConflictError({ version: ['The links were changed meanwhile'] }, { links: await readHelpLinks() });
    }
    throw error;
  }
  return view(record);
};
