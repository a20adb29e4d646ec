// What nudges go by: due dates, working hours and channels. Free of zod, so the web app, the
// catalogue's wording and the server read the same numbers.

/** Days from when a task is first open to when it is due, by its risk (Info tasks have none). */
export const DUE_DAYS = { Critical: 2, High: 7, Medium: 30, Low: 90 } as const;
export type DueRisk = keyof typeof DUE_DAYS;

/** How many days before it is due a task starts being named in the person's nudges. */
export const NUDGE_LEAD_DAYS = { Critical: 2, High: 3, Medium: 7, Low: 14 } as const;

/**
 * A person is nudged on a working day between these hours of their own clock (from 09:00 to
 * before 17:00, Monday to Friday), at most once a day.
 */
export const WORKING_HOURS = { from: 9, to: 17 } as const;

/** The time zone of a person whose own is not known yet. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** Where nudges go: e-mail, or a connected messaging provider (e-mail for whom it cannot reach). */
export const NUDGE_CHANNELS = ['email', 'slack', 'teams'] as const;
export type NudgeChannelId = (typeof NUDGE_CHANNELS)[number];

export const NUDGE_CHANNEL_NAMES: Readonly<Record<NudgeChannelId, string>> = {
  email: 'E-mail',
  slack: 'Slack',
  teams: 'Microsoft Teams',
};

/** Whether the runtime knows a time zone of this IANA name. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const DAY_MS = 86_400_000;

/** When a task first seen open at `openedAt` is due; null for a risk without a deadline (Info). */
export function dueDateOf(openedAt: Date, risk: string): Date | null {
  const days = (DUE_DAYS as Record<string, number | undefined>)[risk];
  return days === undefined ? null : new Date(openedAt.getTime() + days * DAY_MS);
}

/** From when a task due at `dueAt` is named in its person's nudges. */
export function nudgeFromOf(dueAt: Date, risk: string): Date {
  const lead = (NUDGE_LEAD_DAYS as Record<string, number | undefined>)[risk] ?? 0;
  return new Date(dueAt.getTime() - lead * DAY_MS);
}
