import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { printedSignIns } from '@orbit/seed/demo-users';

import { JavaMissingError } from './dynamodb-local';
import type { LocalServerOptions } from './server';
import { defaultWebDir, repoRoot, startLocalStack, type LocalStack } from './stack';

/**
 * `npm start`: the whole product on http://localhost:3000 (PORT), data under .data/ (DATA_DIR,
 * or ':memory:'), reachable from this machine only unless HOST says otherwise. `npm run dev`
 * serves the web app through Vite with hot reload instead of the build.
 */
const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST || undefined;
/** The local SES server's mail viewer: a fixed port so its address stays the same (MAIL_PORT). */
const mailPort = Number(process.env.MAIL_PORT ?? 8005);
/** The inbound SMTP listener (docs/email.md, "Inbound"): a fixed port, SMTP_PORT. */
const smtpPort = Number(process.env.SMTP_PORT ?? 2525);

const buildWebIfMissing = () => {
  if (existsSync(join(defaultWebDir, 'index.html'))) return;
  console.log('Building the web app (first run)…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The web build failed');
};

const main = async () => {
  const started = Date.now();
  let web: LocalServerOptions;
  let closeVite: (() => Promise<void>) | undefined;
  if (dev) {
    const { createServer } = await import('vite');
    const vite = await createServer({
      root: join(repoRoot, 'web'),
      configFile: join(repoRoot, 'web', 'vite.config.ts'),
      server: { middlewareMode: true },
      appType: 'spa',
    });
    web = { webMiddleware: vite.middlewares };
    closeVite = () => vite.close();
  } else {
    buildWebIfMissing();
    web = { webDir: defaultWebDir };
  }

  // A webhook receiver on this machine (http://localhost:…) is what a developer tests with: the
  // product on `npm start` may deliver to loopback addresses. Private, link-local and metadata
  // addresses stay refused, and no deployed function sets this (docs/integrations.md, "Safe
  // outbound"). WEBHOOK_ALLOW_LOOPBACK=0 turns it off.
  process.env.WEBHOOK_ALLOW_LOOPBACK ??= '1';
  // PUBLIC_BASE_URL: a tunnel's URL, for a real Telegram bot to reach this machine (docs/channels.md).
  const publicBaseUrl = process.env.PUBLIC_BASE_URL || undefined;
  const stack: LocalStack = await startLocalStack({
    port,
    host,
    web,
    mailPort,
    smtpPort,
    ...(publicBaseUrl ? { publicBaseUrl } : {}),
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`\nOrbit is running at ${stack.url}  (ready in ${seconds}s${stack.seeded ? ', demo data seeded' : ''})`);
  console.log(
    `Data: ${process.env.DATA_DIR ?? '.data/'}   Table: ${stack.tableName}   ${dev ? 'Mode: dev (Vite HMR)' : ''}`,
  );
  console.log('\nDemo sign-ins (phone / password):');
  // Staff roles are longer than 'admin' and 'client': one column wide enough for all of them.
  const roleWidth = Math.max(...printedSignIns.map((user) => user.role.length));
  for (const user of printedSignIns) {
    console.log(`  ${user.role.padEnd(roleWidth)}  ${user.phone}  /  ${user.password}   ${user.fullName}`);
  }
  // Nothing leaves this machine: emails land in the local SES server, SMS in a file.
  console.log(`\nMail viewer: ${stack.mailViewerUrl}`);
  console.log(`Inbound mail (SMTP): 127.0.0.1:${stack.smtpPort}`);
  console.log(`SMS outbox: ${stack.smsOutboxFile}`);
  console.log('\nPress Ctrl+C to stop.');

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await closeVite?.();
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
};

main().catch((error: unknown) => {
  console.error(error instanceof JavaMissingError ? error.message : error);
  process.exit(1);
});
