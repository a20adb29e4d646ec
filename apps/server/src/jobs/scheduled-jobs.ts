import type { Config } from '../config';
import type { Db } from '../db/client';
import { purgeExpiredEnrollmentCodes } from '../modules/agent/service';
import { purgeOldAnalyticsEvents } from '../modules/analytics/retention';
import { snapshotBreachCosts } from '../modules/attack-graph/service';
import { judgeStaleDevices } from '../modules/devices/judge-devices';
import type { MailContext } from '../modules/mail/context';
import { purgeOldMessageBodies } from '../modules/mail/retention';
import { queueWeeklyMail } from '../modules/mail/weekly';
import type { NudgeContext } from '../modules/nudges/context';
import { sendDuePracticeMessages, settleIgnoredMessages } from '../modules/phishing/sends';
import type { BackgroundScans } from '../modules/risk-analysis/background-scans';
import { snapshotScores } from '../modules/score/service';
import { purgeExpiredSessions } from '../modules/sessions/user-sessions';
import { attachmentStore } from '../modules/tasks/attestations/attachment-store';
import { purgeAttachments, reopenLapsedTasks } from '../modules/tasks/attestations/service';
import {
  productDomainScanDue,
  scanProductDomain,
} from '../modules/trust-center/product-domain-scan';
import { queueDueScans } from '../modules/watch/due-scans';
import type { JobDefinition } from './job-definition';
import type { NudgeRuns } from './nudge-runs';

/**
 * Work done on a cron schedule (UTC). pg-boss sends each schedule's job once per period whatever
 * the number of server processes, and its queue is stately: a run never overlaps the previous
 * one, and runs never pile up while no process works the queue. The work must be idempotent.
 */
export type ScheduledJob = {
  name: string;
  cron: string;
  expireInSeconds: number;
  /** Does the work; what it resolves to is kept as the job's output and logged at debug level. */
  run: (
    db: Db,
    config: Config,
    signal: AbortSignal,
    background: ScheduledJobContext,
    occasion: { atStart: boolean },
  ) => Promise<Record<string, unknown>>;
  /**
   * Whether a process that schedules the jobs also sends this one when it starts (its run is then
   * told `atStart`).
   */
  dueAtStart?: (db: Db, config: Config) => Promise<boolean>;
};

/** The background machinery a scheduled job may hand work to. */
export type ScheduledJobContext = {
  scans: BackgroundScans;
  mail: MailContext;
  nudges: NudgeContext;
  nudgeRuns: NudgeRuns;
};

export const SCHEDULED_JOBS: readonly ScheduledJob[] = [
  {
    // Keeps today's snapshot of every organisation's score and breach-cost inputs; a later run of
    // the day replaces it. Hourly, so that a restart or a new day never leaves a day without a
    // snapshot for long.
    name: 'score-snapshots',
    cron: '0 * * * *',
    expireInSeconds: 10 * 60,
    run: async (db) => ({
      organizations: await snapshotScores(db),
      breachCosts: await snapshotBreachCosts(db),
    }),
  },
  {
    // A task an administrator wants attested again every N months opens again once its latest
    // attestation is that old. Hourly, a few minutes before the score's snapshot.
    name: 'reattestation',
    cron: '55 * * * *',
    expireInSeconds: 10 * 60,
    run: async (db) => ({ reopened: await reopenLapsedTasks(db, new Date()) }),
  },
  {
    // Uploads no attestation names after a day, and the bytes of files whose record went (with
    // their organisation, say) leave the folder or bucket.
    name: 'attachment-purge',
    cron: '40 2 * * *',
    expireInSeconds: 30 * 60,
    run: async (db, config, signal) =>
      purgeAttachments(db, attachmentStore(config.attachments), new Date(), signal),
  },
  {
    // A dead session is refused when used anyway; this only keeps the table from growing.
    name: 'expired-sessions-purge',
    cron: '*/15 * * * *',
    expireInSeconds: 5 * 60,
    run: async (db, config) => ({
      sessions: await purgeExpiredSessions(db, config.session.idleMs),
    }),
  },
  {
    name: 'analytics-purge',
    cron: '30 */6 * * *',
    expireInSeconds: 10 * 60,
    run: async (db) => ({ events: await purgeOldAnalyticsEvents(db) }),
  },
  {
    // A device silent for AGENT_STALE_DAYS stops counting although nothing reports: judge again.
    // Enrollment codes that expired unused go too.
    name: 'agent-stale-devices',
    cron: '45 3 * * *',
    expireInSeconds: 10 * 60,
    run: async (db) => {
      const organizations = await judgeStaleDevices(db);
      await purgeExpiredEnrollmentCodes(db);
      return { organizations };
    },
  },
  {
    // Monday morning (UTC): the week's reminders and administrators' digests. Each is recorded
    // once per member and week, so a second run or process sends nothing more.
    name: 'mail-weekly',
    cron: '0 8 * * 1',
    expireInSeconds: 30 * 60,
    run: async (_db, _config, _signal, { mail }) => queueWeeklyMail(mail),
  },
  {
    // Every hour: people whose working hours have come get their day's nudge, administrators
    // their summary of overdue tasks, each organisation in a job of its own (nudge-runs.ts),
    // spread over the next 40 minutes (NUDGE_SPREAD_SECONDS). Each nudge is recorded once per
    // person and day of their clock, so a second run or process sends nothing more.
    name: 'nudges',
    cron: '7 * * * *',
    expireInSeconds: 30 * 60,
    run: async (_db, _config, _signal, { nudgeRuns }, { atStart }) =>
      nudgeRuns.queueAll(new Date(), { spread: !atStart }),
    // A server that starts gives open tasks their due dates at once, not at the next hour.
    dueAtStart: async () => true,
  },
  {
    // Every minute: phishing practice messages whose moment of their campaign's window has come
    // are sent, each once whatever the number of processes; messages left alone long enough
    // count as ignored, and their people's practice is judged again.
    name: 'phishing-sends',
    cron: '* * * * *',
    expireInSeconds: 5 * 60,
    run: async (_db, _config, _signal, { mail }) => ({
      ...(await sendDuePracticeMessages(mail)),
      ...(await settleIgnoredMessages(mail)),
    }),
    // A server that starts sends at once what came due while none ran.
    dueAtStart: async () => true,
  },
  {
    // Nothing of a message but its kind, recipient, time and result is kept beyond 30 days.
    name: 'mail-purge',
    cron: '20 3 * * *',
    expireInSeconds: 10 * 60,
    run: async (db) => ({ messages: await purgeOldMessageBodies(db) }),
  },
  {
    // Every five minutes: the watched names whose time has come are scanned. Each name keeps its
    // own minute of the day, so the work is spread evenly; a run takes a name once, whatever the
    // number of processes.
    name: 'watch-schedule',
    cron: '*/5 * * * *',
    expireInSeconds: 4 * 60,
    run: async (db, _config, signal, { scans }) => queueDueScans(db, scans, new Date(), signal),
  },
  {
    // The trust center's live grade of the product's own domain (TRUST_CENTER_DOMAIN): a daily
    // public scan, and one at start when the latest report is more than a day old.
    name: 'product-domain-scan',
    cron: '15 4 * * *',
    expireInSeconds: 5 * 60,
    run: async (db, config, _signal, { scans }) => scanProductDomain(db, config, scans),
    dueAtStart: productDomainScanDue,
  },
];

/** A scheduled job's queue: retried twice, a minute and then two or so apart. */
export function scheduledJobDefinition(
  job: ScheduledJob,
  db: Db,
  config: Config,
  background: ScheduledJobContext,
): JobDefinition<object> {
  return {
    name: job.name,
    cron: job.cron,
    policy: 'stately',
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: job.expireInSeconds,
    run: (data, signal) =>
      job.run(db, config, signal, background, {
        atStart: 'atStart' in data && data.atStart === true,
      }),
  };
}
