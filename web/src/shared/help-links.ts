/**
 * Where /wiki and /telegram lead (docs/integrations.md, "Help links"): the addresses an admin
 * saved in Integrations, read from the public GET /api/integrations/links when a link is used —
 * never with the first download of /login or the shell, and afresh each time, so an admin's
 * change applies at once. Unset, or unreadable, is null: the route's page then says so.
 */
export type HelpLinkName = 'wiki' | 'telegram';

/** Where the admin sets them: the Help links tab of the Integrations page. */
export const helpLinksSettingsPath = '/apps/integrations?tab=links';

/**
 * The saved address if it is an absolute http(s) one. The same rule as deploy-links.ts's, not
 * imported from it: that module travels in the shell's chunk, which a click on /wiki from /login
 * must not download.
 */
const httpAddress = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  const url = URL.parse(value);
  return url && (url.protocol === 'https:' || url.protocol === 'http:') ? url.href : null;
};

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
