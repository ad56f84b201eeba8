import { authBench } from './auth';
import { channelsBench } from './channels';
import { chatBench } from './chat';
import { emailBench } from './email';
import { infraBench } from './infra';
import { integrationsBench } from './integrations';
import { loadBench } from './load';
import { mailingsBench } from './mailings';
import { plansBench } from './plans';
import { projectsBench } from './projects';
import { roundTripsBench } from './round-trips';
import { teamBench } from './team';
import { userViewBench } from './user-view';
import type { BenchSection } from './section';
import { webBench } from './web';

/**
 * `npm run bench [section…]`: runs every section, or the named ones, one after another (they
 * measure time, so never in parallel). To add one, export a BenchSection from its own file and
 * list it here.
 */
const sections: readonly BenchSection[] = [
  infraBench,
  roundTripsBench,
  authBench,
  projectsBench,
  chatBench,
  channelsBench,
  userViewBench,
  teamBench,
  emailBench,
  mailingsBench,
  integrationsBench,
  plansBench,
  loadBench,
  webBench,
];

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !sections.some((section) => section.name === name));
if (unknown.length > 0) {
  console.error(
    `Unknown bench section(s): ${unknown.join(', ')}. Known: ${sections.map((section) => section.name).join(', ')}`,
  );
  process.exit(2);
}

const failed: string[] = [];
for (const section of sections) {
  if (requested.length > 0 && !requested.includes(section.name)) continue;
  console.log(`\n== ${section.name} ==`);
  const started = performance.now();
  try {
    await section.run();
    console.log(`(${section.name}: ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    failed.push(section.name);
    console.error(`${section.name} failed:`, error);
  }
}
if (failed.length > 0) {
  console.error(`\nBench sections that could not run: ${failed.join(', ')}`);
  process.exitCode = 1;
}
