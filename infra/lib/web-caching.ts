/**
 * How browsers and the CDN may cache the web build, for CloudFront (web.ts sets it on every
 * object it deploys) and the local server (infra/local/static-files.ts) alike. No CDK import:
 * the local server loads this at start.
 */

/** Vite puts every content-hashed file here; everything else is the unhashed shell. */
export const hashedAssetsPrefix = 'assets/';
export const hashedAssetsCacheControl = 'public, max-age=31536000, immutable';
export const shellCacheControl = 'no-cache';
