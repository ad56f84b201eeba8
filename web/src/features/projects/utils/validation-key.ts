import type { ParseKeys } from 'i18next';
import { projectMessages, type ProjectMessageKey } from '@orbit/functions/projects/contract';

// Apart from project-meta.ts, so that the list pages do not download every validation message.
const keyByMessage = new Map<string, ProjectMessageKey>(
  (Object.entries(projectMessages) as [ProjectMessageKey, string][]).map(([key, message]) => [message, key]),
);

/**
 * The translation key for a contract message (from the form's own validation or from the API's
 * 400/409 field errors): both sides share projectMessages, so one table covers them.
 */
export const validationKeyOf = (message: string): ParseKeys => {
  const key = keyByMessage.get(message);
  return key ? `project.validation.${key}` : 'project.validation.generic';
};
