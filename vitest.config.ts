import { defineConfig } from 'vitest/config';

/**
 * One Vitest run, several projects: `npm test` runs them in order (see package.json) so that a
 * failure names its layer. API and e2e projects share one DynamoDB Local per run (globalSetup)
 * and isolate by table, never by restarting the JVM.
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
          env: { POWERTOOLS_LOG_LEVEL: 'SILENT', NOTIFIER_QUIET: 'true' },
        },
      },
      'web/vite.config.ts',
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/support/dynamodb-global-setup.ts'],
          env: { POWERTOOLS_LOG_LEVEL: 'SILENT', NOTIFIER_QUIET: 'true' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'infra',
          environment: 'node',
          include: ['tests/infra/**/*.test.ts'],
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
          env: { POWERTOOLS_LOG_LEVEL: 'SILENT', NOTIFIER_QUIET: 'true' },
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
