// Inbound spam Gmail stopped: the sum of `gmail:num_inbound_spam_emails` over the latest
// SPAM_DAYS report dates that have data. Google's usage data lags by about two to three days,
// so the dates asked for go back SPAM_DAYS + LAG_DAYS from yesterday (Pacific time, as the
// reports count days); the most recent dates with data are summed.

import { runTogether } from '../kit/run-together';
import type { GoogleApi } from './google-api';
import { customerUsage } from './reports';

export const SPAM_DAYS = 30;
const LAG_DAYS = 4;
const AT_ONCE = 8;
const SPAM = 'gmail:num_inbound_spam_emails';
const DAY = 86_400_000;

/** The report dates (`yyyy-mm-dd` in UTC-8) to ask for, newest first. */
export function spamReportDates(now: Date): string[] {
  const pacific = now.getTime() - 8 * 3_600_000;
  return Array.from({ length: SPAM_DAYS + LAG_DAYS }, (_, i) =>
    new Date(pacific - (i + 1) * DAY).toISOString().slice(0, 10),
  );
}

/** null when no date has data yet (a new customer, or reports not ready). */
export async function sumBlockedSpam(
  api: GoogleApi,
  now: Date,
  signal?: AbortSignal,
): Promise<number | null> {
  const dates = spamReportDates(now);
  const figures: (number | undefined)[] = new Array(dates.length);
  let next = 0;
  const worker = async (s: AbortSignal) => {
    while (next < dates.length) {
      const i = next;
      next += 1;
      const date = dates[i] as string;
      figures[i] = (await customerUsage(api, date, [SPAM], s)).get(SPAM);
    }
  };
  await runTogether(
    signal,
    Array.from({ length: AT_ONCE }, () => worker),
  );
  const withData = figures.filter((f): f is number => f !== undefined).slice(0, SPAM_DAYS);
  return withData.length === 0 ? null : withData.reduce((sum, f) => sum + f, 0);
}
