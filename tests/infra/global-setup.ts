import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import type { TestProject } from 'vitest/node';

import { repoRoot } from '@orbit/infra/lib/paths';

import type { StackSnapshot } from './stack-view';

const run = promisify(execFile);

/**
 * The infra project's global setup: synthesises the default stack (stage prod, no other
 * context) once for the run and hands it to every file as JSON (stack-view.ts `defaultStack`).
 * Each file used to load aws-cdk-lib and synthesise the same stack again, twelve times a run.
 *
 * The synthesis runs in a process of its own (default-stack-main.ts, through tsx) rather than
 * in Vitest's: that process gets the project's `env` (CDK_VALIDATION) as the test files do, and
 * it loads infra/lib afresh, so a rerun in watch mode synthesises the code as it now is (Vitest's
 * own module runner would keep the first version).
 */
const synthesizeDefaultStack = async (project: TestProject): Promise<StackSnapshot> => {
  const directory = mkdtempSync(join(tmpdir(), 'orbit-infra-default-'));
  try {
    const outFile = join(directory, 'default-stack.json');
    await run(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'default-stack-main.ts'), outFile], {
      cwd: repoRoot,
      env: { ...process.env, ...project.config.env },
    });
    return JSON.parse(readFileSync(outFile, 'utf8')) as StackSnapshot;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
};

export default async function setup(project: TestProject): Promise<void> {
  project.provide('infraDefaultStack', await synthesizeDefaultStack(project));
  project.onTestsRerun(async () => project.provide('infraDefaultStack', await synthesizeDefaultStack(project)));
}
