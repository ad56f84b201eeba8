import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Every path the stack reads, relative to this file so a fresh clone works from any cwd. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The lock file esbuild's installation and the asset hash are pinned to. */
export const lockFilePath = join(repoRoot, 'package-lock.json');

/** `functions/src/<area>/handler.ts` exports the area's `handler`: one Lambda per area. */
export const handlerEntryFor = (area: string): string => join(repoRoot, 'functions', 'src', area, 'handler.ts');

/** The web app's production build (`npm run build`). */
export const webDistDir = join(repoRoot, 'web', 'dist');

export const cdkJsonPath = join(repoRoot, 'cdk.json');
