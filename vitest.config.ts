import { defineConfig } from 'vitest/config';

/**
 * One Vitest run, several projects: `npm test` runs them in order (see package.json) so that a
 * failure names its layer. The API files' stacks start from a demo workspace seeded once (a
 * global setup), each on a DynamoDB Local of its own; the e2e files run two at a time, each on its
 * worker's stack (tests/e2e/global-setup.ts), as `npm start` serves it.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'functions/src/**/*.test.ts',
            'seed/**/*.test.ts',
            'infra/local/**/*.test.ts',
            'tests/lint/**/*.test.ts',
          ],
          env: { POWERTOOLS_LOG_LEVEL: 'SILENT' },
          // Vitest's default is one worker fewer than the cores: one on a 2-core machine. Equal to
          // the web project's (web/vite.config.ts), since `test:unit` runs both as one group, and
          // threads like it (they start faster than child processes).
          maxWorkers: 2,
          pool: 'threads',
          // A worker runs file after file (7 s instead of 18): the setup file starts each afresh.
          isolate: false,
          setupFiles: ['tests/support/fresh-file-setup.ts'],
        },
      },
      'web/vite.config.ts',
      {
        test: {
          name: 'service',
          environment: 'node',
          include: ['tests/service/**/*.test.ts'],
          globalSetup: ['tests/service/support/global-store.ts'],
          // File after file in each worker, like the unit files (60 s instead of 77): the first
          // setup file starts each afresh, the second gives it its table.
          isolate: false,
          setupFiles: ['tests/support/fresh-file-setup.ts', 'tests/service/support/service-environment.ts'],
          env: { POWERTOOLS_LOG_LEVEL: 'SILENT' },
          // The files mostly wait on the one DynamoDB Local: two at a time keep both cores busy.
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          // File after file in each worker (308 s instead of 407: no module graph imported anew
          // for each file), each started afresh: the environment and modules (fresh-file-setup.ts),
          // a store of its own and empty local mail (api-store.ts).
          isolate: false,
          setupFiles: ['tests/support/fresh-file-setup.ts', 'tests/support/api-store.ts'],
          globalSetup: ['tests/support/api-seed-snapshot.ts'],
          // Each file waits on its stack (the worker's poll, sockets) more than it computes: two
          // files at a time fill the two cores Vitest would otherwise leave one of idle.
          maxWorkers: 2,
          env: { POWERTOOLS_LOG_LEVEL: 'SILENT' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'infra',
          environment: 'node',
          include: ['tests/infra/**/*.test.ts'],
          // The default stack, synthesised once and shared as JSON (tests/infra/stack-view.ts).
          globalSetup: ['tests/infra/global-setup.ts'],
          // File after file in each worker, aws-cdk-lib imported once per worker (33 s instead of
          // 47), each file started afresh (fresh-file-setup.ts).
          isolate: false,
          setupFiles: ['tests/support/fresh-file-setup.ts'],
          // Two files at a time: 41 s instead of 60 (the files that synthesise again take turns
          // with those reading the shared template).
          maxWorkers: 2,
          env: { CDK_VALIDATION: 'false' },
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          env: { POWERTOOLS_LOG_LEVEL: 'SILENT' },
          // Two files at a time, each on its worker's stack (e2eWorkers in tests/e2e/global-setup.ts).
          maxWorkers: 2,
          // A condition a page reaches waits up to 15 s, not Vitest's 1 s: two files at a time on
          // two cores slow a page load past a second, and a poll waits on the condition, not a clock.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
