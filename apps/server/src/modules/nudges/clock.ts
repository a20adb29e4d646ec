import { DEFAULT_TIME_ZONE, isTimeZone, WORKING_HOURS } from '@castellan/contract';

/** A moment as a person's own clock shows it. */
export type LocalClock = {
  /** Their calendar day, `2026-12-01`: a person is nudged at most once per such day. */
  day: string;
  hour: number;
  /** 1 Monday … 7 Sunday. */
  weekday: number;
};

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
const formats = new Map<string, Intl.DateTimeFormat>();

const known = new Map<string, boolean>();

/** A known time zone, or the default for one unknown or never given (each name checked once). */
export function zoneOf(timeZone: string | null | undefined): string {
  if (!timeZone) return DEFAULT_TIME_ZONE;
  let valid = known.get(timeZone);
  if (valid === undefined) {
    valid = isTimeZone(timeZone);
    known.set(timeZone, valid);
  }
  return valid ? timeZone : DEFAULT_TIME_ZONE;
}

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    });
    formats.set(timeZone, format);
  }
  return format;
}

export function localClock(now: Date, timeZone: string): LocalClock {
  const parts = Object.fromEntries(
    formatOf(timeZone)
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    weekday: WEEKDAYS[parts.weekday ?? ''] ?? 7,
  };
}

/** Monday to Friday, from the start of WORKING_HOURS.from to before WORKING_HOURS.to. */
export const isWorkingTime = (clock: LocalClock) =>
  clock.weekday <= 5 && clock.hour >= WORKING_HOURS.from && clock.hour < WORKING_HOURS.to;

/** A due date in words, on the person's clock: "Thursday 3 December". */
export const dateWords = (at: Date, timeZone: string) =>
  at.toLocaleDateString('en-GB', { timeZone, weekday: 'long', day: 'numeric', month: 'long' });
