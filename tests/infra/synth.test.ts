import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';

import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { areas, type Area } from '@orbit/functions/routes';
import { bundledPackageFiles, esbuildBundleOptions } from '@orbit/infra/lib/bundling';
import { handlerEntryFor, repoRoot } from '@orbit/infra/lib/paths';

import { defaultStack, type CfnResource } from './stack-view';

const run = promisify(execFile);

/** Every file below a directory, as sorted paths relative to it. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();

interface AssetManifest {
  files: Record<string, { source: { path: string; packaging?: string } }>;
}

/**
 * The one full synthesis: `npm run synth` exactly as an operator runs it (CDK CLI, bundling
 * with the local esbuild, template validation on), into a temporary directory.
 */
describe('npm run synth', () => {
  const outdir = mkdtempSync(join(tmpdir(), 'orbit-synth-'));
  let template: { Resources: Record<string, CfnResource> };
  let seconds = 0;
  const bundles = new Map<string, string>();

  beforeAll(async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, ORBIT_CDK_OUT: outdir, ORBIT_STAGE: 'prod' };
    delete env.CDK_VALIDATION;
    const started = performance.now();
    await run('npm', ['run', 'synth'], { cwd: repoRoot, env, maxBuffer: 16 * 1024 * 1024 });
    seconds = (performance.now() - started) / 1000;
    template = JSON.parse(readFileSync(join(outdir, 'Orbit-prod.template.json'), 'utf8')) as typeof template;
  });
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('writes the template and bundles one ESM handler per area', () => {
    const manifest = JSON.parse(readFileSync(join(outdir, 'Orbit-prod.assets.json'), 'utf8')) as AssetManifest;
    const functions = Object.values(template.Resources).filter(
      (resource) =>
        resource.Type === 'AWS::Lambda::Function' && String(resource.Properties.Description).startsWith('Orbit API:'),
    );
    expect(functions).toHaveLength(areas.length);
    const sizes: string[] = [];
    for (const fn of functions) {
      const area = String(fn.Properties.Description).replace('Orbit API: ', '');
      const key = String((fn.Properties.Code as { S3Key: string }).S3Key).replace(/\.zip$/, '');
      const asset = manifest.files[key];
      expect(asset, `asset for ${area}`).toBeDefined();
      const dir = join(outdir, asset?.source.path ?? '');
      // The bundle, and beside it only the files the area reads at run time (the PDF's fonts).
      expect(filesUnder(dir)).toEqual(
        ['index.mjs', ...(bundledPackageFiles[area as Area] ?? []).map((file) => `node_modules/${file}`)].sort(),
      );
      const file = join(dir, 'index.mjs');
      bundles.set(area, readFileSync(file, 'utf8'));
      expect(
        bundles.get(area)?.startsWith("import { createRequire as __orbitCreateRequire } from 'node:module';"),
      ).toBe(true);
      sizes.push(`${area}: ${(statSync(file).size / 1024).toFixed(1)} KB`);
    }
    expect([...bundles.keys()].sort()).toEqual([...areas].sort());
    console.log(
      `npm run synth: ${seconds.toFixed(1)} s, ${Object.keys(template.Resources).length} resources\n  ${sizes.join('\n  ')}`,
    );
  });

  it('ships byte for byte the bundles the bundle report measures', async () => {
    const rebuilt = await Promise.all(
      [...bundles.keys()].map(async (area) => {
        const result = await build({
          ...esbuildBundleOptions,
          mainFields: [...esbuildBundleOptions.mainFields],
          absWorkingDir: repoRoot,
          entryPoints: [handlerEntryFor(area)],
          outfile: join(outdir, 'rebuilt', area, 'index.mjs'),
          write: false,
        });
        return [area, result.outputFiles[0]?.text] as const;
      }),
    );
    for (const [area, text] of rebuilt) {
      expect(
        text === bundles.get(area),
        `${area} differs from the CDK bundle (${text?.length} vs ${bundles.get(area)?.length} chars)`,
      ).toBe(true);
    }
  });

  it('produces the same resources the fast tests assert on', () => {
    // The default stack the other files read, synthesised once for the run (global-setup.ts).
    const fast = defaultStack();
    const shape = (resources: Record<string, CfnResource>) =>
      Object.entries(resources)
        // The CLI adds its version-reporting metadata resource; it is not part of the product.
        .filter(([, resource]) => resource.Type !== 'AWS::CDK::Metadata')
        .map(([id, resource]) => `${id} ${resource.Type}`)
        .sort();
    expect(shape(template.Resources)).toEqual(shape(fast.template.Resources));
  });
});
