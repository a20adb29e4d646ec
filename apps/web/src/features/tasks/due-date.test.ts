import { describe, expect, it } from 'vitest';
import { aTask } from '../../test/fixtures';
import { canEscalate, dueExplanation, dueNote } from './due-date';
import { withEscalation } from './task-cache';

const now = new Date('2026-12-01T12:00:00Z');

describe('due date', () => {
  it('says when an open or snoozed task is due, in the viewer’s locale', () => {
    const due = aTask('a', { dueAt: '2026-12-03T12:00:00Z' });
    expect(dueNote(due, now, 'en-GB')).toEqual({ text: 'Due Thursday 3 December', overdue: false });
    expect(dueNote({ ...due, state: 'snoozed' }, now, 'en-GB')?.text).toBe(
      'Due Thursday 3 December',
    );
    expect(dueNote(due, now, 'en-US')?.text).toBe('Due Thursday, December 3');
  });

  it('names the year of a date in another year', () => {
    const due = aTask('a', { dueAt: '2027-03-01T12:00:00Z' });
    expect(dueNote(due, now, 'en-GB')?.text).toBe('Due Monday, 1 March 2027');
  });

  it('says since when an overdue task is overdue', () => {
    const late = aTask('a', { dueAt: '2026-11-26T12:00:00Z' });
    expect(dueNote(late, now, 'en-GB')).toEqual({
      text: 'Overdue since Thursday 26 November',
      overdue: true,
    });
  });

  it('shows nothing for a task without a due date, done or not applicable', () => {
    expect(dueNote(aTask('a', { dueAt: null }), now)).toBeNull();
    expect(
      dueNote(aTask('a', { dueAt: '2026-12-03T12:00:00Z', state: 'completed' }), now),
    ).toBeNull();
    expect(
      dueNote(aTask('a', { dueAt: '2026-12-03T12:00:00Z', state: 'not-applicable' }), now),
    ).toBeNull();
  });

  it('explains the date by the task’s risk', () => {
    expect(dueExplanation('High')).toBe(
      'A high-risk task is due 7 days after Castellan first listed it as open. Whoever does it is nudged as the date comes near.',
    );
    expect(dueExplanation('Critical')).toContain('due 2 days after');
    expect(dueExplanation('Info')).toBe('');
  });

  it('offers escalation for open or snoozed tasks that can be due', () => {
    expect(canEscalate({ state: 'open', riskLevel: 'Low' })).toBe(true);
    expect(canEscalate({ state: 'snoozed', riskLevel: 'Critical' })).toBe(true);
    expect(canEscalate({ state: 'open', riskLevel: 'Info' })).toBe(false);
    expect(canEscalate({ state: 'completed', riskLevel: 'High' })).toBe(false);
  });

  it('switches escalation for every copy of the task', () => {
    const tasks = [
      aTask('x:alice', { catalogueId: 'x' }),
      aTask('x:ben', { catalogueId: 'x' }),
      aTask('y:alice', { catalogueId: 'y' }),
    ];
    expect(withEscalation(tasks, 'x', false).map((t) => t.escalate)).toEqual([false, false, true]);
  });
});
