import type { SendTeamRemindersResponse } from '@castellan/contract';
import type { ToastMessage } from '../../lib/toast';
import { nameList } from './employee-list';

const WHY: Record<SendTeamRemindersResponse['skipped'][number]['reason'], string> = {
  unsubscribed: 'turned reminders off',
  'reminded-today': 'already had one today',
  'nothing-open': 'no open tasks',
};

/** What a sent reminder tells the administrator: who got it, and who did not and why. */
export function reminderOutcome(answer: SendTeamRemindersResponse | undefined): ToastMessage {
  if (!answer) {
    return {
      severity: 'warn',
      summary: 'No reminder was sent',
      detail:
        'The reminder limit was reached: one a day for each person, and a few an hour for the organisation. Try again later.',
    };
  }
  const names = (list: { fullName: string; email: string }[]) =>
    nameList(list.map((p) => p.fullName || p.email));
  const skipped = Object.entries(WHY).flatMap(([reason, why]) => {
    const who = answer.skipped.filter((s) => s.reason === reason);
    return who.length > 0 ? [`${names(who)}: ${why}.`] : [];
  });
  return {
    severity: answer.sent.length > 0 ? 'success' : 'info',
    summary:
      answer.sent.length > 0 ? `Reminder sent to ${names(answer.sent)}` : 'No reminder was sent',
    ...(skipped.length > 0 ? { detail: `Not sent to ${skipped.join(' ')}` } : {}),
  };
}

/**
 * Reminders sent one person at a time, as one answer: everyone sent and skipped. Undefined when
 * the limit refused every one of them.
 */
export function mergeReminderAnswers(
  answers: readonly (SendTeamRemindersResponse | undefined)[],
): SendTeamRemindersResponse | undefined {
  const given = answers.filter((a) => a !== undefined);
  if (given.length === 0) return undefined;
  return { sent: given.flatMap((a) => a.sent), skipped: given.flatMap((a) => a.skipped) };
}
