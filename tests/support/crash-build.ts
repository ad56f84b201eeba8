import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

// The workspace root's esbuild, as tests/bench/infra.ts uses.
import { build, type Plugin } from 'esbuild';

import { repoRoot } from '../../infra/local/stack';

/**
 * The stack process's entry (stack-process-main.ts) built once per test process with esbuild,
 * so a child stack starts as `node <built>.mjs`: no `npx`, no TypeScript loader compiling some
 * 400 modules again at every start and restart.
 *
 * Only our own code is bundled (the entry, infra/local, the @orbit workspaces). Every package
 * stays where npm put it: each bare import is resolved at build time, from the importing file,
 * and written into the bundle as that file's URL — so `functions/` keeps the nodemailer and
 * ipaddr.js of its own node_modules, and Node loads each package as it would from the source.
 * `import.meta.url`/`dirname`/`filename` keep meaning the source file, not the bundle: the code
 * that finds DynamoDB Local's jar, the invoice fonts or the S3 server with `createRequire`
 * resolves from where it lives, wherever the bundle is written.
 */

const entry = join(repoRoot, 'tests', 'support', 'stack-process-main.ts');

/** Bare imports of packages: left to Node, pinned to the file the resolution found. */
const packagesInPlace: Plugin = {
  name: 'packages-in-place',
  setup(bundle) {
    bundle.onResolve({ filter: /^[^./]/ }, async (args) => {
      // Our workspaces are TypeScript sources: bundled. The inner resolve comes back here once.
      if (args.path.startsWith('@orbit/') || args.pluginData === packagesInPlace) return undefined;
      const found = await bundle.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: packagesInPlace,
      });
      if (found.errors.length > 0) return { errors: found.errors };
      // A Node built-in (node:fs, fs) stays as written.
      if (found.external) return { path: found.path, external: true };
      return { path: pathToFileURL(found.path).href, external: true };
    });
  },
};

/** Each module's import.meta, as its source file would have it (see the define below). */
const importMetaOfSource: Plugin = {
  name: 'import-meta-of-source',
  setup(bundle) {
    bundle.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta')) return undefined;
      const meta = [
        `const __sourceUrl = ${JSON.stringify(pathToFileURL(args.path).href)};`,
        `const __sourceDirname = ${JSON.stringify(dirname(args.path))};`,
        `const __sourceFilename = ${JSON.stringify(args.path)};`,
      ].join(' ');
      // Prepended on the first line, so the module's own line numbers stay as they are.
      return { contents: `${meta} ${source}`, loader: 'ts' };
    });
  },
};

let built: Promise<string> | undefined;

/** The built entry's path; built on the first call of the process, removed when it exits. */
export const builtStackProcess = (): Promise<string> => {
  built ??= (async () => {
    const directory = mkdtempSync(join(tmpdir(), 'orbit-stack-process-'));
    process.once('exit', () => rmSync(directory, { recursive: true, force: true }));
    const outfile = join(directory, 'stack-process-main.mjs');
    await build({
      entryPoints: [entry],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: `node${process.versions.node}`,
      // functions/package.json exports its internals under `node` (tsconfig's customConditions).
      conditions: ['node'],
      // Names each module declares for itself (importMetaOfSource): esbuild renames them apart.
      define: {
        'import.meta.url': '__sourceUrl',
        'import.meta.dirname': '__sourceDirname',
        'import.meta.filename': '__sourceFilename',
      },
      plugins: [packagesInPlace, importMetaOfSource],
      logLevel: 'warning',
    });
    return outfile;
  })();
  return built;
};
