/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { prePaintScript } from './src/shared/theme/pre-paint.ts';

/**
 * One file for the web app's build and its Vitest project (the root vitest.config.ts lists it).
 * `root` is pinned to this folder so the local server can load this config in middleware mode
 * from the repository root. Every route is code-split through its route `lazy` (see
 * src/app/routing/route-table.ts); nothing here needs manual chunks.
 */
const webRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * Inlines the pre-paint script (src/shared/theme/pre-paint.ts) first in <head>: theme, skin,
 * primary colour, language and direction are on <html> before anything paints, so there is no
 * flash of the wrong theme. The deployed Content-Security-Policy allows it by its hash
 * (infra/lib/csp.ts reads the built index.html).
 */
const prePaint = (): Plugin => ({
  name: 'orbit-pre-paint',
  transformIndexHtml: () => [{ tag: 'script', children: prePaintScript(), injectTo: 'head-prepend' }],
});

/**
 * CASL's MongoDB engine, which the shared ability (equality matching) never runs, is replaced by
 * a stand-in, as in the Lambda bundles (functions/src/core/casl-without-mongo.ts says why).
 */
const caslWithoutMongo = fileURLToPath(new URL('../functions/src/core/casl-without-mongo.ts', import.meta.url));

export default defineConfig({
  root: webRoot,
  envDir: webRoot,
  plugins: [react(), prePaint()],
  resolve: { alias: { '@ucast/mongo2js': caslWithoutMongo } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
  },
  test: {
    name: 'web',
    root: webRoot,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // Component tests render whole pages; leave room for a busy CI machine.
    testTimeout: 15_000,
    unstubGlobals: true,
  },
});
