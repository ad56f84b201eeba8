/**
 * The security headers every response carries, defined once: CloudFront's response-headers
 * policy (web.ts) is built from this, and the local server (infra/local/static-files.ts) sends
 * `securityHeaders(...)` on every response, so the two cannot drift. tests/infra/web.test.ts
 * checks the policy against it; tests/api/security-headers.test.ts checks the local server.
 */
export const securityHeaderPolicy = {
  /** Two years, subdomains included: the value the HSTS preload list asks for. */
  strictTransportSecurity: { maxAgeSeconds: 730 * 24 * 60 * 60, includeSubdomains: true },
  frameOptions: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
  /** Headers CloudFront's policy has no field for, sent as custom headers. */
  custom: {
    // The app uses none of these; a page that is made to ask gets refused without a prompt.
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    // Keeps windows this app opens (or that open it) out of its browsing context group.
    'Cross-Origin-Opener-Policy': 'same-origin',
  },
} as const;

const strictTransportSecurityValue = (): string => {
  const { maxAgeSeconds, includeSubdomains } = securityHeaderPolicy.strictTransportSecurity;
  return `max-age=${maxAgeSeconds}${includeSubdomains ? '; includeSubDomains' : ''}`;
};

/**
 * Header name (lower case) → value, as a response carries them.
 * @param transport `http` for the local server: no HSTS there (a browser ignores it over plain
 *   HTTP, and behind a local TLS proxy it would pin the developer's host to HTTPS for two years).
 */
export const securityHeaders = (
  contentSecurityPolicy: string,
  transport: 'https' | 'http' = 'https',
): Record<string, string> => ({
  ...(transport === 'https' ? { 'strict-transport-security': strictTransportSecurityValue() } : {}),
  'content-security-policy': contentSecurityPolicy,
  'x-content-type-options': 'nosniff',
  'x-frame-options': securityHeaderPolicy.frameOptions,
  'referrer-policy': securityHeaderPolicy.referrerPolicy,
  ...Object.fromEntries(
    Object.entries(securityHeaderPolicy.custom).map(([name, value]) => [name.toLowerCase(), value]),
  ),
});
