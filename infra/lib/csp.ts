import { createHash } from 'node:crypto';

/** CloudFront refuses a longer Content-Security-Policy in a response-headers policy. */
export const maxContentSecurityPolicyLength = 1783;

/** Script types a browser does not execute (data blocks): CSP does not govern them. */
const dataBlockTypes = new Set(['application/json', 'application/ld+json']);

const attribute = (attributes: string, name: string): string | undefined => {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(attributes);
  if (!match) return new RegExp(`(?:^|\\s)${name}(?:\\s|$)`, 'i').test(attributes) ? '' : undefined;
  return match[1] ?? match[2] ?? match[3] ?? '';
};

/**
 * `'sha256-…'` sources for every inline script of the built index.html, so a build that adds
 * one (a theme bootstrap, an import map) still runs under the policy without 'unsafe-inline'.
 */
export const inlineScriptHashes = (html: string): string[] => {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (attribute(attributes, 'src') !== undefined) continue;
    if (dataBlockTypes.has((attribute(attributes, 'type') ?? '').toLowerCase())) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...new Set(hashes)];
};

export interface ContentSecurityPolicyOptions {
  /** From `inlineScriptHashes(index.html)`. */
  readonly scriptHashes?: readonly string[];
  /** Extra connect-src sources, e.g. `wss://app.example.com` when the domain is known. */
  readonly connectSources?: readonly string[];
  /**
   * Default true. The local server, plain HTTP on any host (`HOST`), leaves it out: it would
   * send the page's own requests to an https:// that is not there.
   */
  readonly upgradeInsecureRequests?: boolean;
}

/**
 * The policy for the app and its API, same origin: scripts only from our own origin (plus the
 * hashed inline ones), no plugins, no framing, no foreign form targets.
 */
export const contentSecurityPolicy = (options: ContentSecurityPolicyOptions = {}): string => {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...(options.scriptHashes ?? [])],
    // The component library's CSS-in-JS (emotion) inserts <style> elements at runtime.
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:'],
    ['font-src', "'self'", 'data:'],
    // 'self' covers wss:// on the same host in CSP3 browsers; the explicit host helps older ones.
    ['connect-src', "'self'", ...(options.connectSources ?? [])],
    ['worker-src', "'self'", 'blob:'],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
    ...(options.upgradeInsecureRequests === false ? [] : [['upgrade-insecure-requests'] as [string]]),
  ];
  const policy = directives.map((directive) => directive.join(' ')).join('; ');
  if (policy.length > maxContentSecurityPolicyLength) {
    throw new Error(
      `The Content-Security-Policy is ${policy.length} characters; CloudFront allows ${maxContentSecurityPolicyLength}. ` +
        'Move inline scripts of web/index.html into modules.',
    );
  }
  return policy;
};

/** Reads one directive's sources back out of a policy (for tests and checks). */
export const directiveSources = (policy: string, name: string): string[] | undefined => {
  for (const part of policy.split(';')) {
    const [directive, ...sources] = part.trim().split(/\s+/);
    if (directive === name) return sources;
  }
  return undefined;
};

const isForeign = (url: string): boolean =>
  /^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(url.trim()) && !/^(?:data|blob):/i.test(url.trim());

/**
 * What a browser would refuse when loading this page under the policy, for the subset of CSP
 * this app relies on: scripts (external and inline), stylesheets, module preloads, images and
 * inline event handlers. Empty means the page passes.
 */
export const pageViolations = (html: string, policy: string): string[] => {
  const violations: string[] = [];
  const scriptSources = directiveSources(policy, 'script-src') ?? directiveSources(policy, 'default-src') ?? [];
  const allowedHashes = new Set(scriptSources.filter((source) => source.startsWith("'sha256-")));
  const allowsInlineScripts = scriptSources.includes("'unsafe-inline'") && allowedHashes.size === 0;

  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    const src = attribute(attributes, 'src');
    if (src !== undefined) {
      if (isForeign(src)) violations.push(`script from another origin: ${src}`);
      continue;
    }
    if (dataBlockTypes.has((attribute(attributes, 'type') ?? '').toLowerCase())) continue;
    const [hash] = inlineScriptHashes(match[0]);
    if (!allowsInlineScripts && hash && !allowedHashes.has(hash))
      violations.push(`inline script not in script-src: ${hash}`);
  }
  for (const match of html.matchAll(/<link\b([^>]*)>/gi)) {
    const attributes = match[1] ?? '';
    const href = attribute(attributes, 'href') ?? '';
    const rel = (attribute(attributes, 'rel') ?? '').toLowerCase();
    if (/stylesheet|modulepreload|preload|icon|manifest/.test(rel) && isForeign(href)) {
      violations.push(`${rel} from another origin: ${href}`);
    }
  }
  for (const match of html.matchAll(/<img\b([^>]*)>/gi)) {
    const src = attribute(match[1] ?? '', 'src') ?? '';
    if (isForeign(src)) violations.push(`image from another origin: ${src}`);
  }
  for (const match of html.matchAll(/<[a-z][^>]*\s(on[a-z]+)\s*=/gi)) {
    violations.push(`inline event handler: ${match[1] ?? ''}`);
  }
  return violations;
};
