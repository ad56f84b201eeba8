import { writeFileSync } from 'node:fs';

import { snapshotOf, synthesize } from './support';

/**
 * Synthesises the default stack (stage prod, no other context) and writes it as JSON to the
 * file named by the first argument: run by global-setup.ts in a process of its own.
 */
const [outFile] = process.argv.slice(2);
if (!outFile) throw new Error('usage: default-stack-main.ts <out.json>');
const synthesized = synthesize({ stage: 'prod' });
try {
  writeFileSync(outFile, JSON.stringify(snapshotOf(synthesized)));
} finally {
  synthesized.cleanup();
}
