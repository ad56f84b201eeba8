import { vi } from 'vitest';

/**
 * The unit, service, API and infra files share their worker (`isolate: false`,
 * vitest.config.ts): each starts as if it were alone — the environment as the worker was given
 * it (files set SECRETS_KEY_FILE, a fake's base URL…) and the modules evaluated afresh (their
 * caches, clients and settings). `vi.mock` stays the file's own (checked: the next file in the
 * worker gets the real module).
 */
const workerEnvironment = ((globalThis as { orbitWorkerEnvironment?: NodeJS.ProcessEnv }).orbitWorkerEnvironment ??= {
  ...process.env,
});
for (const name of Object.keys(process.env)) if (!(name in workerEnvironment)) delete process.env[name];
Object.assign(process.env, workerEnvironment);
vi.resetModules();
