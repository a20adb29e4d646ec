import { describe, expect, it } from 'vitest';
import { mergeReminderAnswers, reminderOutcome } from './reminder-outcome';

const person = (fullName: string) => ({
  id: '00000000-0000-4000-8000-000000000001',
  fullName,
  email: `${fullName.toLowerCase().replace(' ', '.')}@x.example`,
});

describe('what a sent reminder tells the administrator', () => {
  it('names who got it, and who did not and why', () => {
    expect(
      reminderOutcome({
        sent: [person('Ben Carter')],
        skipped: [
          { ...person('Chloe Davies'), reason: 'unsubscribed' },
          { ...person('Isla Jones'), reason: 'reminded-today' },
        ],
      }),
    ).toEqual({
      severity: 'success',
      summary: 'Reminder sent to Ben Carter',
      detail: 'Not sent to Chloe Davies: turned reminders off. Isla Jones: already had one today.',
    });
  });

  it('says nothing was sent when nobody got one, or the limit was reached', () => {
    expect(
      reminderOutcome({
        sent: [],
        skipped: [{ ...person('Chloe Davies'), reason: 'unsubscribed' }],
      }),
    ).toMatchObject({ severity: 'info', summary: 'No reminder was sent' });
    expect(reminderOutcome(undefined)).toMatchObject({
      severity: 'warn',
      summary: 'No reminder was sent',
      detail: expect.stringMatching(/limit/),
    });
  });
});

describe('reminders sent one person at a time', () => {
  it('read as one answer, or as the limit when it refused them all', () => {
    const sent = { sent: [person('Ben Carter')], skipped: [] };
    const skipped = {
      sent: [],
      skipped: [{ ...person('Isla Jones'), reason: 'unsubscribed' as const }],
    };
    expect(mergeReminderAnswers([sent, undefined, skipped])).toEqual({
      sent: sent.sent,
      skipped: skipped.skipped,
    });
    expect(mergeReminderAnswers([undefined, undefined])).toBeUndefined();
  });
});
