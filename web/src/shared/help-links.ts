import { httpAddress } from './deploy-links';

/**
 * Where /wiki and /telegram lead (docs/integrations.md, "Help links"): the addresses an admin
 * saved in Integrations, read from the public GET /api/integrations/links when a link is used —
 * never with the first download of /login or the shell, and afresh each time, so an admin's
 * change applies at once. Unset, or unreadable, is null: the route's page then says so.
 */
export type HelpLinkName = 'wiki' | 'telegram';

/** Where the admin sets them: the Help links tab of the Integrations page. */
export const helpLinksSettingsPath = '/apps/integrations?tab=links';

export const loadHelpLink = async (name: HelpLinkName): Promise<string | null> => {
  try {
    const response = await fetch('/api/integrations/links', { headers: { accept: 'application/json' } });
    if (!response.ok) return null;
    const body = (await response.json()) as { links?: Partial<Record<HelpLinkName, unknown>> } | null;
    return httpAddress(body?.links?.[name]);
  } catch {
    return null;
  }
};
