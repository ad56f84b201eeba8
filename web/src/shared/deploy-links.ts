/**
 * Where Help and Contact us lead: deploy configuration, not code (/wiki and /telegram are an
 * admin's setting: shared/help-links.ts). The deploy
 * writes `/config.json` beside the build (infra/lib/web.ts; locally infra/local/static-files.ts
 * from ORBIT_*_URL variables). It is fetched only where a link is used, so the first download of
 * /login and the shell does not grow. A link that is not set (or not an http(s) address) is null:
 * the UI says so instead of leading to a placeholder.
 */
export const deployLinkNames = ['help', 'contact'] as const;
export type DeployLinkName = (typeof deployLinkNames)[number];
export type DeployLinks = Readonly<Record<DeployLinkName, string | null>>;

const httpAddress = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  const url = URL.parse(value);
  return url && (url.protocol === 'https:' || url.protocol === 'http:') ? url.href : null;
};

/** The links of a `/config.json` body (`{"links": {"help": "https://…", …}}`); anything else is unset. */
export const parseDeployLinks = (body: unknown): DeployLinks => {
  const links: unknown = typeof body === 'object' && body !== null ? (body as { links?: unknown }).links : undefined;
  const read = (name: DeployLinkName) =>
    httpAddress(typeof links === 'object' && links !== null ? (links as Record<string, unknown>)[name] : undefined);
  return { help: read('help'), contact: read('contact') };
};

let pending: Promise<DeployLinks> | undefined;

/** Fetched once per page load; a missing or broken file means nothing is configured. */
export const loadDeployLinks = (): Promise<DeployLinks> =>
  (pending ??= fetch('/config.json', { headers: { accept: 'application/json' } })
    .then(async (response) => (response.ok ? parseDeployLinks(await response.json()) : parseDeployLinks(null)))
    .catch(() => parseDeployLinks(null)));

/** Tests only: forget the fetched links. */
export const resetDeployLinks = (): void => {
  pending = undefined;
};
