import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { contentSecurityPolicy, directiveSources, inlineScriptHashes } from '../../infra/lib/csp';
import { securityHeaders } from '../../infra/lib/security-headers';
import type { LocalStack } from '../../infra/local/stack';
import { precompressDirectory } from '../../web/precompress';
import { startApiStack } from '../support/api-stack';

/**
 * The local server delivers the web build as CloudFront does: compressed (brotli or gzip, by
 * Accept-Encoding) and with the security headers of the deployed response-headers policy, on
 * web and API responses alike. The build here is a small stand-in, compressed by the same
 * function the Vite build runs.
 */
const webDir = mkdtempSync(join(tmpdir(), 'orbit-web-delivery-'));
const inlineScript = "document.documentElement.dataset.theme = 'light';";
const indexHtml = `<!doctype html><html><head><script>${inlineScript}</script><script type="module" src="/assets/index-1a2b.js"></script><title>Orbit</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
const entryChunk = `export const rows = [${Array.from({ length: 400 }, (_, index) => `{ id: ${index}, name: 'row ${index}' }`).join(', ')}];`;
mkdirSync(join(webDir, 'assets'));
writeFileSync(join(webDir, 'index.html'), indexHtml);
writeFileSync(join(webDir, 'assets', 'index-1a2b.js'), entryChunk);
writeFileSync(join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

let stack: LocalStack;
beforeAll(async () => {
  await precompressDirectory(webDir);
  stack = await startApiStack({ seed: false, web: { webDir } });
});
afterAll(async () => {
  await stack.stop();
  rmSync(webDir, { recursive: true, force: true });
});

interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

/** Plain node:http, so the body arrives as sent (fetch would decompress it out of sight). */
const get = (path: string, acceptEncoding?: string): Promise<RawResponse> =>
  new Promise((resolve, reject) => {
    const request = httpRequest(
      `${stack.url}${path}`,
      { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });

describe('the web build, compressed as CloudFront compresses it', () => {
  it('writes .br and .gz copies of text files of 1,000 bytes and more at build time, not of smaller ones', () => {
    for (const file of ['index.html', 'assets/index-1a2b.js']) {
      expect(existsSync(join(webDir, `${file}.br`)), file).toBe(true);
      expect(existsSync(join(webDir, `${file}.gz`)), file).toBe(true);
    }
    expect(existsSync(join(webDir, 'favicon.svg.br'))).toBe(false);
  });

  it('sends brotli when the browser accepts it, with Vary: Accept-Encoding', async () => {
    const response = await get('/assets/index-1a2b.js', 'gzip, deflate, br, zstd');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.body).toString()).toBe(entryChunk);
    expect(response.body.length).toBeLessThan(entryChunk.length / 3);
  });

  it('sends gzip to a client without brotli, and the plain file to one that accepts neither', async () => {
    const gzipped = await get('/assets/index-1a2b.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(entryChunk);

    const plain = await get('/assets/index-1a2b.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(entryChunk);
  });

  it('compresses the shell an app route falls back to, which revalidates', async () => {
    const response = await get('/apps/projects', 'br');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.body).toString()).toBe(indexHtml);
  });
});

describe('the deployed security headers, on every local response', () => {
  // The CloudFront policy is built from the same definition (tests/infra/web.test.ts checks it).
  const expected = () =>
    securityHeaders(
      contentSecurityPolicy({ scriptHashes: inlineScriptHashes(indexHtml), upgradeInsecureRequests: false }),
      'http',
    );

  it.each([
    ['an app route', '/login'],
    ['a hashed asset', '/assets/index-1a2b.js'],
    ['an API response', '/api/health'],
    ['an API error', '/api/no-such-route'],
  ])('%s carries CSP, Permissions-Policy, COOP, nosniff, framing and referrer policy', async (_, path) => {
    const response = await get(path, 'br');
    for (const [name, value] of Object.entries(expected())) expect(response.headers[name], name).toBe(value);
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=(), payment=()');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it("allows the build's inline script by hash, as the deployed CSP does, and no other", async () => {
    const policy = String((await get('/login')).headers['content-security-policy']);
    expect(directiveSources(policy, 'script-src')).toEqual(["'self'", ...inlineScriptHashes(indexHtml)]);
    expect(directiveSources(policy, 'frame-ancestors')).toEqual(["'none'"]);
    // Plain HTTP: no upgrade of the page's own requests to an https:// that is not there, no HSTS.
    expect(directiveSources(policy, 'upgrade-insecure-requests')).toBeUndefined();
    expect((await get('/login')).headers['strict-transport-security']).toBeUndefined();
  });
});
