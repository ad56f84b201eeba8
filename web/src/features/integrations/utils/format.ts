import { webhookEventTypes, type WebhookEventType } from '@orbit/functions/integrations/webhook-contract';

/** One formatter per language: building an Intl formatter costs far more than using one. */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** A moment (ISO 8601) in the reader's language: date and time, short. */
export const formatWhen = (iso: string, language: string): string => {
  let format = dateTimeFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    dateTimeFormats.set(language, format);
  }
  return format.format(new Date(iso));
};

/**
 * Wraps user text put into a translated sentence in Unicode isolates (what <bdi> does for
 * markup), so a Latin URL or name does not reorder an Arabic sentence around it.
 */
export const isolate = (text: string): string => `\u2068${text}\u2069`;

export type EventGroup = 'message' | 'contact' | 'project' | 'task' | 'email' | 'mailing';

/** The event types by what they are about (the part before the dot), in the catalogue's order. */
export const eventGroups = (): { readonly group: EventGroup; readonly events: WebhookEventType[] }[] => {
  const groups = new Map<EventGroup, WebhookEventType[]>();
  for (const event of webhookEventTypes) {
    const group = event.slice(0, event.indexOf('.')) as EventGroup;
    groups.set(group, [...(groups.get(group) ?? []), event]);
  }
  return [...groups].map(([group, events]) => ({ group, events }));
};

/** How to call the API with a key: the line the keys tab shows (the key itself is never stored to show). */
export const curlExample = (origin: string, key: string): string =>
  `curl -H "Authorization: Bearer ${key}" ${origin}/api/apps/projects`;
