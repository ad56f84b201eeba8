/// <reference types="vitest/config" />
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompressDirectory } from './precompress.ts';
import { preloadManifest, readRouteTable, type BuiltChunk } from './preload-manifest.ts';
import { preloadHintsScript } from './src/app/preload-hints.ts';
import { sessionStorageKeys } from './src/shared/session/session-store.ts';
import { prePaintScript } from './src/shared/theme/pre-paint.ts';

/**
 * One file for the web app's build and its Vitest project (the root vitest.config.ts lists it).
 * `root` is pinned to this folder so the local server can load this config in middleware mode
 * from the repository root. Every route is code-split through its route `lazy` (see
 * src/app/routing/route-table.ts); `chunkGroups` below only gathers what every page shares.
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
 * Inlines the preload hints (src/app/preload-hints.ts) after the pre-paint script, with the built
 * file names (preload-manifest.ts reads them from the route table and the chunks). Build only: the
 * dev server has no chunks.
 */
const preloadHints = (): Plugin => ({
  name: 'orbit-preload-hints',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, { bundle }) {
      if (!bundle) return undefined;
      const chunks = Object.values(bundle).filter(
        (output): output is BuiltChunk & typeof output => output.type === 'chunk',
      );
      const config = preloadManifest(
        chunks,
        readRouteTable(routeTableModule),
        { shell: shellModule, blank: blankLayoutModule },
        [sessionStorageKeys.accessToken, sessionStorageKeys.userData],
      );
      return [{ tag: 'script', children: preloadHintsScript(config), injectTo: 'head' }];
    },
  },
});

/** Writes `.br` and `.gz` copies of the build for the local server (precompress.ts says why). */
const precompress = (): Plugin => {
  let outDir = '';
  return {
    name: 'orbit-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: () => precompressDirectory(outDir),
  };
};

/**
 * CASL's MongoDB engine, which the shared ability (equality matching) never runs, is replaced by
 * a stand-in, as in the Lambda bundles (functions/src/core/casl-without-mongo.ts says why).
 */
const caslWithoutMongo = fileURLToPath(new URL('../functions/src/core/casl-without-mongo.ts', import.meta.url));

/**
 * Packages without side effects whose package.json does not say so. Emotion imports
 * hoist-non-react-statics (with an older react-is) for its `withTheme`, which nothing here uses,
 * but as a bare import the bundler must keep it: ~1 KB gzip on every signed-in page.
 */
const sideEffectFree = /node_modules[\\/]hoist-non-react-statics[\\/]/;

type ChunkingContext = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/** Every module `root` imports statically, directly or not (dynamic imports are other chunks). */
const staticImportsOf = (context: ChunkingContext, root: string): Set<string> => {
  const seen = new Set<string>();
  const pending = [root];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(context.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
};

const entryModule = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
const shellModule = fileURLToPath(new URL('./src/app/layouts/default-layout.tsx', import.meta.url));
const blankLayoutModule = fileURLToPath(new URL('./src/app/layouts/blank-layout.tsx', import.meta.url));
const routeTableModule = fileURLToPath(new URL('./src/app/routing/route-table.ts', import.meta.url));

/**
 * Modules the shell reaches only through a library's index modules and never uses. MUI: Box
 * imports `@mui/material/styles`, whose high-contrast helper imports the input and slider
 * classes, hence InputBase; `@mui/system` re-exports Grid and useMediaQuery. TanStack Query: its
 * index re-exports the infinite queries (the notifications panel's and the security log's, both
 * loaded later). In the shell's chunk they would be downloaded on every page; left out, they go
 * with the pages that use them.
 */
const reachedButUnusedByTheShell = new RegExp(
  [
    /@mui[\\/](material|system)[\\/](esm[\\/])?(InputBase|TextareaAutosize|FilledInput|Input|OutlinedInput|FormControl|FormLabel|InputLabel|NativeSelect|Select|TextField|FormHelperText|InputAdornment|Grid|useMediaQuery|Slider)[\\/]/
      .source,
    /@tanstack[\\/](query-core|react-query)[\\/]build[\\/]modern[\\/](infiniteQueryObserver|useInfiniteQuery|useSuspenseInfiniteQuery|infiniteQueryOptions)\.js$/
      .source,
  ].join('|'),
);

/**
 * Every signed-in page names itself with PageTitle (the shell does not): it travels with the shell
 * rather than as a file of its own on every page.
 */
const travelsWithTheShell = /[\\/]src[\\/]shared[\\/]ui[\\/]page-title\.tsx$/;

/**
 * The light pieces of shared/ui (and shared/hooks) that list pages are made of: the projects list
 * uses nearly all of them, the chat and the permissions page several. Apart, Rolldown made a file
 * of each set of importers: nine small files on the projects list, each compressed on its own
 * (~3 KB gzip more than together). Their own dependencies (MUI's Button) are left to Rolldown, so
 * a page that only uses one of those does not download the kit.
 */
const listKit =
  /[\\/]src[\\/]shared[\\/](ui[\\/](list-fields|list-toolbar|action-alerts|action-button|inline-alert|icons|page-header|progress-bar|tag|tab-strip|segmented-control|skeleton-block|empty-state|cursor-pagination|notice-snackbar|hint-tooltip|roving-focus)|hooks[\\/][\w-]+)\.tsx?$/;

/**
 * What the projects pages share (their API module and contract, paths, chips and icons): one file
 * rather than four on the projects list, the page every session starts on (~0.5 KB gzip less).
 */
const projectsKit =
  /([\\/]src[\\/]features[\\/]projects[\\/](api[\\/]projects|utils[\\/](paths|project-meta)|components[\\/](icons|project-chips))|[\\/]functions[\\/]src[\\/]projects[\\/]contract)\.tsx?$/;

/**
 * Four chunks by hand; Rolldown splits the rest (each page, each deferred overlay) by itself.
 * Left alone it makes one chunk per set of importers, which cut the signed-in shell's libraries
 * into some forty files: each file is compressed on its own, and the first visit to a page paid
 * ~15 KB gzip for the split (`npm run bench -- web`). So:
 * - `index`: everything the entry imports statically, what /login needs too;
 * - `shell`: everything the signed-in shell (default layout) imports statically, less the above.
 *   Every signed-in page renders inside the shell, so no page downloads any of it needlessly;
 *   the sign-in pages never download it;
 * - `list-kit`: the light list pieces above, without their dependencies;
 * - `projects-kit`: what the projects pages share, likewise.
 * (Tried and dropped: the first two groups without their dependencies
 * (`includeDependenciesRecursively: false`) broke the app at run time, and `strictExecutionOrder`
 * made every page download more.)
 */
const chunkGroups = () => {
  let shellOnly: Set<string> | undefined;
  const shellName = (id: string, context: ChunkingContext) => {
    if (!shellOnly) {
      const entry = staticImportsOf(context, entryModule);
      shellOnly = new Set([...staticImportsOf(context, shellModule)].filter((module) => !entry.has(module)));
    }
    return (shellOnly.has(id) && !reachedButUnusedByTheShell.test(id)) || travelsWithTheShell.test(id) ? 'shell' : null;
  };
  return [
    { name: 'index', tags: ['$initial' as const], priority: 2 },
    { name: shellName, debugName: 'shell', priority: 1 },
    { name: 'list-kit', test: listKit, priority: 0, includeDependenciesRecursively: false },
    { name: 'projects-kit', test: projectsKit, priority: 0, includeDependenciesRecursively: false },
  ];
};

/** The chunks named above keep their names in their file names, to be told apart in `npm run bench -- web`. */
const namedChunks = new Set(['shell', 'list-kit', 'projects-kit']);

/**
 * Every other chunk (each page, each deferred overlay) is named by its hash alone. The entry lists
 * every file a page's import brings (its preload map, `__vite__mapDeps`): with `name-hash` file
 * names that list was 1.6 KB of the entry's gzip, which the sign-in page and the signed-in shell
 * download first; hash-only names save ~0.9 KB of it (docs/decisions.md, "Web: page chunks are
 * named by their hash").
 */
const chunkFileNames = ({ name }: { name: string }) =>
  namedChunks.has(name) ? 'assets/[name]-[hash].js' : 'assets/[hash].js';

export default defineConfig({
  root: webRoot,
  envDir: webRoot,
  plugins: [react(), prePaint(), preloadHints(), precompress()],
  resolve: { alias: { '@ucast/mongo2js': caslWithoutMongo } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      output: { codeSplitting: { groups: chunkGroups() }, chunkFileNames },
      treeshake: { moduleSideEffects: (id) => (sideEffectFree.test(id) ? false : undefined) },
    },
  },
  test: {
    name: 'web',
    root: webRoot,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // One jsdom per worker, file after file; fresh-modules.ts starts each file afresh.
    isolate: false,
    setupFiles: ['src/test/fresh-modules.ts', 'src/test/setup.ts'],
    restoreMocks: true,
    // Component tests render whole pages; leave room for a busy CI machine.
    testTimeout: 15_000,
    unstubGlobals: true,
    // Both cores (Vitest leaves one idle on two); equal to the unit project's in vitest.config.ts.
    maxWorkers: 2,
    // Worker threads start faster than child processes: 138 s instead of 149 s for unit + web.
    pool: 'threads',
  },
});
