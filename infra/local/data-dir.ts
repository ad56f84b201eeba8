import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The data directory holds the store's files and the stack's secrets, so it is its owner's
 * alone: directories 0700, files 0600. Windows has no such modes; there it keeps the defaults.
 */

const ownerOnlyDirectory = 0o700;
const ownerOnlyFile = 0o600;

/** Creates a directory readable by its owner only, and tightens one that already exists. */
export const ensurePrivateDirectory = (path: string): void => {
  mkdirSync(path, { recursive: true, mode: ownerOnlyDirectory });
  chmodSync(path, ownerOnlyDirectory);
};

/**
 * Tightens everything under a data directory that earlier versions left group- or
 * world-readable (the store's files used to be 0644).
 */
export const restrictToOwner = (path: string): void => {
  if (!existsSync(path)) return;
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    chmodSync(path, ownerOnlyDirectory);
    for (const entry of readdirSync(path)) restrictToOwner(join(path, entry));
  } else if (stat.isFile()) {
    chmodSync(path, ownerOnlyFile);
  }
};

/**
 * A secret kept in a file of the data directory, made on first use: the same directory gives
 * the same secret across restarts. `make` returns the new secret's text.
 */
export const dataDirectorySecret = (dataDir: string, fileName: string, make: () => string): string => {
  const file = join(dataDir, fileName);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  ensurePrivateDirectory(dataDir);
  const secret = make();
  writeFileSync(file, secret, { mode: ownerOnlyFile, flag: 'wx' });
  return secret;
};

/** Random letters and digits: what DynamoDB Local accepts in an access key id. */
export const randomAlphanumeric = (bytes: number): string => randomBytes(bytes).toString('hex');
