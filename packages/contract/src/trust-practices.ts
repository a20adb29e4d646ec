/*
 * The rules of the practices an organisation lists on its public trust page, without zod, so
 * that the settings form shows the very messages the API answers with (the API's schema calls
 * these too).
 */

import type { TrustPageChoices, TrustPageSettings } from './trust-center';
import { GRADES, type Grade } from './vocabulary';

export const MIN_PRACTICE_LENGTH = 3;
export const MAX_PRACTICE_LENGTH = 160;
export const MAX_PRACTICES = 12;

// Line breaks, tabs and other control characters: a practice is one line of plain text.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** What is wrong with one practice as typed (it is trimmed first), or null. */
export function practiceProblem(practice: string): string | null {
  const text = practice.trim();
  if (text.length < MIN_PRACTICE_LENGTH) {
    return `Write at least ${MIN_PRACTICE_LENGTH} characters.`;
  }
  if (text.length > MAX_PRACTICE_LENGTH) {
    return `Keep it to ${MAX_PRACTICE_LENGTH} characters or fewer (this one has ${text.length}).`;
  }
  if (CONTROL.test(text)) return 'Write it on one line, as plain text.';
  return null;
}

/** Two practices that differ only in case or spacing count as the same. */
const sameness = (practice: string) => practice.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * What is wrong with the list as a whole, or null: a published page lists 1 to 12 practices
 * (an unpublished one may have none yet), each valid, none twice.
 */
export function practicesProblem(practices: readonly string[], published: boolean): string | null {
  if (published && practices.length === 0) {
    return 'List at least one practice before publishing the page.';
  }
  if (practices.length > MAX_PRACTICES) {
    return `List at most ${MAX_PRACTICES} practices (there are ${practices.length}).`;
  }
  const seen = new Set<string>();
  for (const [index, practice] of practices.entries()) {
    const problem = practiceProblem(practice);
    if (problem) return `Practice ${index + 1}: ${problem}`;
    const key = sameness(practice);
    if (seen.has(key)) return `Practice ${index + 1} is listed twice: "${practice.trim()}".`;
    seen.add(key);
  }
  return null;
}

/** A grade below this one is shown on a trust page only once an administrator confirms it. */
export const LOWEST_GRADE_SHOWN_UNASKED: Grade = 'C';
export const needsConfirmationToShow = (grade: Grade): boolean =>
  GRADES.indexOf(grade) > GRADES.indexOf(LOWEST_GRADE_SHOWN_UNASKED);

/**
 * The grades below C that a save starts showing visitors (shown after it, not before): the
 * settings ask to confirm them, and the server refuses them unconfirmed.
 */
export function lowGradesToConfirm(
  before: TrustPageChoices,
  after: TrustPageChoices,
  grades: TrustPageSettings['grades'],
): { name: 'cyber score' | 'domain grade'; grade: Grade }[] {
  const shown = (page: TrustPageChoices, flag: 'showCyberScore' | 'showDomainReport') =>
    page.published && page[flag];
  const candidates = [
    { flag: 'showCyberScore', name: 'cyber score', grade: grades.cyberScore },
    { flag: 'showDomainReport', name: 'domain grade', grade: grades.domainReport },
  ] as const;
  return candidates.flatMap(({ flag, name, grade }) =>
    grade && needsConfirmationToShow(grade) && shown(after, flag) && !shown(before, flag)
      ? [{ name, grade }]
      : [],
  );
}
