import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';

import sirv from 'sirv';

import { contentSecurityPolicy, inlineScriptHashes } from '../lib/csp';
import { securityHeaders } from '../lib/security-headers';
import { hashedAssetsCacheControl, hashedAssetsPrefix, shellCacheControl } from '../lib/web-caching';

type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

/**
 * The headers CloudFront's response-headers policy adds, for every local response (web and API),
 * from the same definition (infra/lib/security-headers.ts). The CSP allows the built
 * index.html's inline scripts by hash, as the deployed one does; it is left out when the web app
 * is served by Vite's dev server, whose injected scripts change as you edit. Over plain HTTP
 * there is no HSTS and no upgrade-insecure-requests (security-headers.ts and csp.ts say why).
 */
export const localSecurityHeaders = (web: { readonly webDir?: string; readonly devServer: boolean }) => {
  const indexPath = web.webDir ? join(web.webDir, 'index.html') : undefined;
  const built = indexPath !== undefined && existsSync(indexPath);
  const headers = securityHeaders(
    contentSecurityPolicy({
      scriptHashes: built ? inlineScriptHashes(readFileSync(indexPath, 'utf8')) : [],
      upgradeInsecureRequests: false,
    }),
    'http',
  );
  if (web.devServer) delete headers['content-security-policy'];
  return headers;
};

/**
 * The web build as CloudFront serves it: app routes fall back to index.html, hashed assets are
 * cached for a year and the shell revalidates, and text is compressed. CloudFront compresses at
 * the edge; here the build already holds `.br` and `.gz` copies (web/vite.config.ts writes them),
 * chosen by Accept-Encoding (brotli first) with `Vary: Accept-Encoding`, and the plain file for
 * a client that accepts neither.
 */
export const serveWebBuild = (webDir: string): Middleware =>
  sirv(webDir, {
    single: true,
    etag: true,
    brotli: true,
    gzip: true,
    setHeaders(response, pathname) {
      response.setHeader(
        'cache-control',
        pathname.startsWith(`/${hashedAssetsPrefix}`) ? hashedAssetsCacheControl : shellCacheControl,
      );
    },
  });
