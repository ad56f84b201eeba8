import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Mailing } from '@orbit/functions/mailings/contract';

import { startLocalSesServer } from '../../infra/local/local-services';
import { createChildStack } from '../support/child-stack';
import {
  figuresOf,
  loadTaggedLeads,
  sendMailingNow,
  signInAdmin,
  storedMailsTo,
  totalsMismatches,
  totalsWithRecipients,
  waitUntilSent,
  type MailingFigures,
  type MailingsBenchSettings,
} from './mailings-run';
import type { BenchSection } from './section';

/**
 * Mailings (docs/mailings.md, "Delivery"), the issue's figures, on the whole stack run as a child
 * process (tests/support/child-stack.ts, from the built stack process) with its data on disk and
 * the bench's own local SES server (LOCAL_SES_URL), whose store outlives the stack and is the
 * ground truth of what left:
 * 1. a mailing to N tagged leads (default 10 000) with a throttle: recipients, elapsed, messages/s,
 *    the most sends in any 60 s window against the setting (the section fails above it; the most
 *    in one UTC minute is printed too), duplicates at the SES store, lost (recipients not in a
 *    terminal state);
 * 2. the same with the stack killed (-9, its whole process group: server, worker, DynamoDB Local)
 *    at about half way and restarted on the same data: every recipient in exactly one terminal
 *    state, 0 duplicates at the SES store, 0 lost, totals equal to the recipients' statuses
 *    and adding up to the recipients (each move carries its count), or the section fails (npm run
 *    bench exits 1).
 * Leads are written with BatchWrite before the stack starts (mailings-run.ts, loadTaggedLeads).
 * Env: MAILINGS_BENCH_RECIPIENTS (10000), MAILINGS_BENCH_PER_MINUTE (the throttle, 3000),
 * MAILINGS_BENCH_RATE_PER_SECOND (the SES sending rate the delivery keeps to, 60), e.g. 500 / 600
 * for a quick smoke. JOB_LEASE_MS is 30 s (as a test of a crash would): a batch cut off by the
 * kill runs again half a minute after the restart, and its cut-off sends become `unknown`.
 */

const numberFromEnv = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

const settings: MailingsBenchSettings = {
  recipients: numberFromEnv('MAILINGS_BENCH_RECIPIENTS', 10_000),
  perMinute: numberFromEnv('MAILINGS_BENCH_PER_MINUTE', 3000),
};
const ratePerSecond = numberFromEnv('MAILINGS_BENCH_RATE_PER_SECOND', 60);
const leaseMs = 30_000;

interface RunResult {
  readonly figures: MailingFigures;
  readonly totals: Mailing['totals'];
  /** How the totals differ from the recipients' statuses (empty: they agree and add up). */
  readonly totalsMismatches: readonly string[];
  readonly elapsedSeconds: number;
  readonly crashedAfter?: { readonly done: number; readonly downSeconds: number };
}

const done = (mailing: Mailing | undefined) =>
  mailing && mailing.totals.recipients > 0 ? mailing.totals.recipients - mailing.totals.queued : 0;

const runMailing = async (sesUrl: string, crash: boolean): Promise<RunResult> => {
  // Each run counts its own mails; an earlier run's would also reach the next stack's SES events.
  await fetch(`${sesUrl}/clear-store`, { method: 'POST' });
  const logFile = join(tmpdir(), `orbit-bench-mailings-${crash ? 'crash' : 'plain'}-${Date.now()}.log`);
  const stack = await createChildStack({
    env: {
      LOCAL_SES_URL: sesUrl,
      MAILING_EMAIL_RATE_PER_SECOND: String(ratePerSecond),
      JOB_LEASE_MS: String(leaseMs),
      // Any free port for inbound SMTP: a running `npm start` may hold the usual one.
      SMTP_PORT: '0',
    },
    logFile,
  });
  try {
    const tag = `bench${Date.now().toString(36)}`;
    const addresses = await loadTaggedLeads(stack.dataDir, tag, settings.recipients);
    await stack.start();
    const admin = await signInAdmin(stack.url);
    const mailing = await sendMailingNow(admin, tag, settings.perMinute);
    const started = performance.now();
    // Generous: the throttle's minutes three times over, plus the restart and a lapsed lease.
    const deadline = Date.now() + (3 * Math.ceil(settings.recipients / settings.perMinute) + 5) * 60_000;
    let crashedAfter: RunResult['crashedAfter'];
    await waitUntilSent(admin, mailing.id, deadline, async (now) => {
      if (!crash || crashedAfter || done(now) < settings.recipients / 2) return;
      const down = performance.now();
      await stack.crash();
      await stack.start();
      crashedAfter = { done: done(now), downSeconds: (performance.now() - down) / 1000 };
      console.log(
        `  killed (-9) with ${crashedAfter.done} of ${settings.recipients} recipients done; ` +
          `restarted on the same data in ${crashedAfter.downSeconds.toFixed(1)} s`,
      );
    });
    const elapsedSeconds = (performance.now() - started) / 1000;
    const { totals, recipients } = await totalsWithRecipients(admin, mailing.id, Date.now() + 120_000);
    const stored = await storedMailsTo(sesUrl, new Set(addresses));
    return {
      figures: figuresOf(addresses, recipients, stored),
      totals,
      totalsMismatches: totalsMismatches(totals, recipients),
      elapsedSeconds,
      crashedAfter,
    };
  } catch (error) {
    console.error(`  the stack's output: ${logFile}`);
    throw error;
  } finally {
    await stack.dispose();
  }
};

/** The throttle's promise: never more than the setting in any 60 s (docs/mailings.md, "Delivery"). */
const windowHonoured = (figures: MailingFigures) => figures.maxPerSlidingMinute <= settings.perMinute;

const describe = (label: string, { figures, elapsedSeconds, totals, totalsMismatches }: RunResult): void => {
  const statuses = Object.entries(figures.byStatus)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${status} ${count}`)
    .join(', ');
  console.log(
    `${label}: ${figures.recipients} recipients, 'sent' after ${elapsedSeconds.toFixed(1)} s: ` +
      `${(figures.atSes / elapsedSeconds).toFixed(1)} messages/s end to end ` +
      `(${figures.atSes} at the SES store over ${figures.sendingSeconds} s from first to last)`,
  );
  console.log(
    `  throttle ${settings.perMinute}/min: most in any 60 s window ${figures.maxPerSlidingMinute} ` +
      `(${windowHonoured(figures) ? 'honoured' : 'EXCEEDED'}); most in one UTC minute ${figures.maxPerMinute}`,
  );
  console.log(`  statuses: ${statuses}`);
  console.log(
    `  duplicates at the SES store ${figures.duplicates}, lost ${figures.lost}, listed twice ` +
      `${figures.listedTwice}, 'sent' with no message at the store ${figures.sentNotStored}, ` +
      `'unknown' whose message is at the store ${figures.unknownButStored}`,
  );
  const shown = Object.entries(totals)
    .filter(([name, count]) => count !== 0 || name === 'recipients')
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
  console.log(
    `  totals (API): ${shown}: ${
      totalsMismatches.length === 0 ? 'equal to the statuses, adding up' : `DIFFER (${totalsMismatches.join('; ')})`
    }`,
  );
};

export const mailingsBench: BenchSection = {
  name: 'mailings',
  async run() {
    const ses: Server = await startLocalSesServer();
    const sesUrl = `http://127.0.0.1:${(ses.address() as AddressInfo).port}`;
    try {
      console.log(
        `${settings.recipients} tagged leads, throttle ${settings.perMinute}/min, SES rate ${ratePerSecond}/s, ` +
          `JOB_LEASE_MS ${leaseMs}`,
      );
      const plain = await runMailing(sesUrl, false);
      describe('mailing', plain);
      const crashed = await runMailing(sesUrl, true);
      describe('mailing, killed (-9) at about half way and restarted', crashed);
      const { figures } = crashed;
      const failures = [
        ...(crashed.crashedAfter ? [] : ['the mailing finished before the crash']),
        ...(figures.duplicates > 0 ? [`${figures.duplicates} duplicates at the SES store`] : []),
        ...(figures.lost > 0 ? [`${figures.lost} recipients lost`] : []),
        ...(figures.listedTwice > 0 ? [`${figures.listedTwice} recipients listed twice`] : []),
        ...(crashed.totalsMismatches.length > 0 ? [`totals: ${crashed.totalsMismatches.join('; ')}`] : []),
        ...(plain.totalsMismatches.length > 0 ? [`totals without a crash: ${plain.totalsMismatches.join('; ')}`] : []),
        ...(plain.figures.duplicates > 0 || plain.figures.lost > 0 ? ['duplicates or lost without a crash'] : []),
        ...[plain, crashed]
          .filter((run) => !windowHonoured(run.figures))
          .map(
            (run) =>
              `${run.figures.maxPerSlidingMinute} sends in a 60 s window${run.crashedAfter ? ' (crash run)' : ''}, ` +
              `more than the throttle's ${settings.perMinute}`,
          ),
      ];
      console.log(
        `invariants (one terminal state each, 0 duplicates, 0 lost, totals that add up, the throttle in any 60 s window): ` +
          `${failures.length === 0 ? 'hold' : 'FAIL'}`,
      );
      if (failures.length > 0) throw new Error(failures.join('; '));
    } finally {
      await new Promise<void>((resolve) => {
        ses.close(() => resolve());
        ses.closeAllConnections();
      });
    }
  },
};
