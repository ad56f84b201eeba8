import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';

import { esbuildBundleOptions } from '@orbit/infra/lib/bundling';
import { repoRoot } from '@orbit/infra/lib/paths';

/**
 * The Lambda bundles replace CASL's MongoDB engine with a stand-in (lambdaAliases): a bundle
 * built exactly as the functions are must still authorise, by field equality, and must say why
 * if anything asks it for MongoDB conditions.
 */
describe('the Lambda bundling of the shared ability', () => {
  const dir = mkdtempSync(join(tmpdir(), 'orbit-bundling-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('authorises by field equality without the MongoDB engine, which refuses with a reason', async () => {
    // Written beside the functions, so packages resolve as they do for a handler.
    const contents = `
      import { createMongoAbility, subject } from '@casl/ability';
      import { abilityRulesFor, buildAbility } from './src/core/ability';
      import { can } from './src/core/authorize';
      const client = buildAbility(abilityRulesFor({ id: 'c1', role: 'client' }));
      const admin = buildAbility(abilityRulesFor({ id: 'a1', role: 'admin' }));
      export const decisions = {
        ownProject: can(client, 'read', 'Project', { clientId: 'c1' }),
        otherProject: can(client, 'read', 'Project', { clientId: 'c2' }),
        createPermission: can(client, 'create', 'Permission'),
        adminAnything: can(admin, 'delete', 'Permission'),
      };
      export const mongo = () => createMongoAbility([{ action: 'read', subject: 'Project', conditions: { clientId: 'c1' } }]).can('read', subject('Project', { clientId: 'c1' }));
      `;
    const outfile = join(dir, 'entry.mjs');
    const result = await build({
      ...esbuildBundleOptions,
      mainFields: [...esbuildBundleOptions.mainFields],
      absWorkingDir: repoRoot,
      stdin: { contents, resolveDir: join(repoRoot, 'functions'), loader: 'ts', sourcefile: 'ability-check.ts' },
      outfile,
      metafile: true,
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((input) => input.includes('@ucast/'))).toEqual([]);
    expect(inputs.some((input) => input.endsWith('functions/src/core/casl-without-mongo.ts'))).toBe(true);

    const bundle = (await import(pathToFileURL(outfile).href)) as {
      decisions: Record<string, boolean>;
      mongo: () => boolean;
    };
    expect(bundle.decisions).toEqual({
      ownProject: true,
      otherProject: false,
      createPermission: false,
      adminAnything: true,
    });
    expect(() => bundle.mongo()).toThrow(/MongoDB-style conditions are not supported/);
  });
});
