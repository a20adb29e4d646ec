import type { Member, PhishingCampaign, PhishingPerson } from '@castellan/contract';
import {
  PHISHING_WINDOW_HOURS,
  PHISHING_WINDOW_NAMES,
  type PhishingWindowHours,
} from '@castellan/contract/phishing-rules';
import { formatDateTime } from '../../lib/format-relative-time';

/** Where the allowlisting is explained (the help article on phishing practice). */
export const PHISHING_HELP_HREF = '/help?article=phishing-practice';

export const WINDOW_OPTIONS = PHISHING_WINDOW_HOURS.map((hours) => ({
  value: String(hours),
  label: PHISHING_WINDOW_NAMES[hours],
}));

export const DEFAULT_WINDOW_HOURS: PhishingWindowHours = 24;

export const STATE_NAMES: Record<PhishingCampaign['state'], string> = {
  sending: 'Sending',
  sent: 'Sent',
};

const HOUR_MS = 60 * 60_000;

/** The campaign's window by its name ("Over a day"), or its length in hours if it has none. */
export function windowName(campaign: Pick<PhishingCampaign, 'windowStart' | 'windowEnd'>): string {
  const hours = Math.round(
    (new Date(campaign.windowEnd).getTime() - new Date(campaign.windowStart).getTime()) / HOUR_MS,
  );
  const known = PHISHING_WINDOW_HOURS.find((h) => h === hours);
  if (known !== undefined) return PHISHING_WINDOW_NAMES[known];
  return hours === 1 ? 'Over 1 hour' : `Over ${hours} hours`;
}

/** A moment of a person's practice, or a dash for a step that did not happen. */
export const momentOrDash = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

/** "1 person", "12 people" */
export const peopleCount = (n: number) => (n === 1 ? '1 person' : `${n} people`);

/** What the confirmation says is about to happen. */
export function campaignSummary(title: string, people: number | null, hours: PhishingWindowHours) {
  const who = people === null ? 'everyone in your organisation' : peopleCount(people);
  return `The practice message “${title}” goes to ${who}, at random times: ${PHISHING_WINDOW_NAMES[
    hours
  ].toLowerCase()}.`;
}

/** A share as a whole percentage, "0%" when nothing was sent. */
export const rate = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 100) : 0;

export type TrendPoint = {
  id: string;
  title: string;
  startedAt: string;
  sent: number;
  clickRate: number;
  reportRate: number;
};

/** The campaigns that sent something, oldest first, with their click and report rates. */
export function trendOf(campaigns: PhishingCampaign[]): TrendPoint[] {
  return campaigns
    .filter((c) => c.figures.sent > 0)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((c) => ({
      id: c.id,
      title: c.title,
      startedAt: c.createdAt,
      sent: c.figures.sent,
      clickRate: rate(c.figures.clicked, c.figures.sent),
      reportRate: rate(c.figures.reported, c.figures.sent),
    }));
}

export const VERDICT_NAMES: Record<'pass' | 'fail' | 'none', string> = {
  pass: 'Passing',
  fail: 'Needs the lesson',
  none: 'Not judged yet',
};

export const VERDICT_COLORS: Record<'pass' | 'fail' | 'none', string> = {
  pass: 'green',
  fail: 'orange',
  none: 'gray',
};

export const verdictKey = (person: Pick<PhishingPerson, 'verdict'>) => person.verdict ?? 'none';

/** A member's name; someone invited who never signed in has none, so their e-mail. */
export const memberName = (member: Pick<Member, 'firstName' | 'lastName' | 'email'>) =>
  `${member.firstName} ${member.lastName}`.trim() || member.email;
