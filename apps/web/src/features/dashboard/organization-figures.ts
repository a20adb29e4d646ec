import type { Organization } from '@castellan/contract';

/** Attacks stopped: total = failed logins + blocked spam (spec §9). */
export function stoppedAttacks(metrics: Organization['metrics']) {
  const { failed_logins: failedLogins, blocked_spam: blockedSpam } = metrics.stopped_attacks;
  return { total: failedLogins + blockedSpam, failedLogins, blockedSpam };
}
