// Whether a person's phishing practice passes: they reported or ignored their last practice
// message, and finished the lesson of every one they clicked. The phishing task is judged from
// this, and the score and framework view follow from the task.
import type { Db } from '../../db/client';
import { recordTimedEvidence } from '../tasks/service';
import { listOrganizationMessages, type MessageRow } from './repository';

/** The catalogue task practice results decide. */
export const PRACTICE_TASK = 'phishing-awareness';

export type PracticeVerdict = { verdict: 'pass' | 'fail'; detail: string; at: Date };

const day = (at: Date) =>
  at.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

const clicked = (m: MessageRow) => m.clickedAt !== null || m.submittedAt !== null;
const delivered = (m: MessageRow) => m.mailStatus === 'sent' && m.sentAt !== null;
/** Something is known of it: reported, clicked, or left alone long enough. */
const settled = (m: MessageRow) => clicked(m) || m.reportedAt !== null || m.ignoredAt !== null;

const latest = (...moments: (Date | null)[]) =>
  new Date(Math.max(...moments.map((m) => m?.getTime() ?? 0)));

/**
 * The verdict of one person's messages (any order); null while none arrived and was settled. A
 * clicked message whose lesson is not done fails whatever came after; otherwise the last settled
 * message decides: reported or ignored passes, clicked (lesson done) waits for the next one.
 */
export function judgePractice(messages: readonly MessageRow[]): PracticeVerdict | null {
  const arrived = messages.filter(delivered);
  const unlearned = arrived.find((m) => clicked(m) && m.lessonDoneAt === null);
  if (unlearned?.sentAt) {
    return {
      verdict: 'fail',
      detail: `Opened the practice message of ${day(unlearned.sentAt)}; its two-minute lesson is not finished yet.`,
      at: latest(unlearned.clickedAt, unlearned.submittedAt),
    };
  }
  const last = arrived
    .filter(settled)
    .sort((a, b) => (b.sentAt?.getTime() ?? 0) - (a.sentAt?.getTime() ?? 0))[0];
  if (!last?.sentAt) return null;
  if (last.reportedAt) {
    return {
      verdict: 'pass',
      detail: `Reported the practice message of ${day(last.sentAt)}.`,
      at: last.reportedAt,
    };
  }
  if (!clicked(last) && last.ignoredAt) {
    return {
      verdict: 'pass',
      detail: `Left the practice message of ${day(last.sentAt)} alone.`,
      at: last.ignoredAt,
    };
  }
  return {
    verdict: 'fail',
    detail: `Finished the lesson of the practice message of ${day(last.sentAt)}; reporting or ignoring the next one completes this task.`,
    at: latest(last.lessonDoneAt, last.clickedAt, last.submittedAt),
  };
}

/** Each person's messages, by person. */
export function byPerson(messages: readonly MessageRow[]): Map<string, MessageRow[]> {
  const people = new Map<string, MessageRow[]>();
  for (const m of messages) {
    if (!m.userId) continue;
    const list = people.get(m.userId) ?? [];
    list.push(m);
    people.set(m.userId, list);
  }
  return people;
}

/** Judges every person of the organisation again and records the verdicts as task evidence. */
export async function judgePracticeOf(db: Db, organizationId: string): Promise<void> {
  const messages = await listOrganizationMessages(db, organizationId);
  const evidence = [...byPerson(messages)].flatMap(([userId, list]) => {
    const judged = judgePractice(list);
    return judged
      ? [
          {
            catalogueId: PRACTICE_TASK,
            userId,
            verdict: judged.verdict,
            detail: judged.detail,
            checkedAt: judged.at,
          },
        ]
      : [];
  });
  await recordTimedEvidence(db, organizationId, 'phishing-practice', evidence);
}
