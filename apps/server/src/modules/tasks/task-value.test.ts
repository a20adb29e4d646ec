import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../test/catalogue-entries';
import { scoreOf } from '../score/model';
import { assignedTo, type Completion, Completions, catalogueFor } from './assignment';
import { CATALOGUE } from './catalogue';
import { PRIORITY_THRESHOLDS, priorityOf, taskValues } from './task-value';

const done = (catalogueId: string, userId: string | null): Completion => ({
  catalogueId,
  userId,
});

describe('the value of a task', () => {
  it('is what completing it adds to the score model, for an Admin and an Individual task', () => {
    const worth = taskValues(catalogue, 4);
    const before = scoreOf(catalogue, 4, new Completions([])).score;
    const admin = scoreOf(catalogue, 4, new Completions([done('enforce', null)])).score;
    const individual = scoreOf(catalogue, 4, new Completions([done('mfa', 'a')])).score;
    // 6 of 17 points; a quarter of 10 of 17 points.
    expect(worth(catalogue[1] as (typeof catalogue)[1]).points).toBe(35.3);
    expect(admin - before).toBeCloseTo(35.3, 1);
    expect(worth(catalogue[0] as (typeof catalogue)[0]).points).toBe(14.7);
    expect(individual - before).toBeCloseTo(14.7, 1);
  });

  it('adds up to the whole score over every member’s tasks of the real catalogue', () => {
    const members = 10;
    const google = catalogueFor(CATALOGUE, 'google');
    const worth = taskValues(google, members);
    const admin = assignedTo(google, { role: 'admin' });
    const user = assignedTo(google, { role: 'user' });
    const total =
      admin.reduce((sum, t) => sum + worth(t).points, 0) +
      (members - 1) * user.reduce((sum, t) => sum + worth(t).points, 0);
    // Each task rounded to one decimal: within a point of the 100 the model gives.
    expect(Math.abs(total - 100)).toBeLessThan(1.5);
  });

  it('carries the estimated minutes of the catalogue', () => {
    const worth = taskValues(CATALOGUE, 10);
    for (const t of CATALOGUE) expect(worth(t).minutes).toBe(t.minutes);
    const minutes = (id: string) => CATALOGUE.find((t) => t.id === id)?.minutes;
    expect(minutes('enable-mfa')).toBe(5);
    expect(minutes('email-spf')).toBe(20);
    expect(minutes('back-up-data')).toBe(480);
  });
});

describe('the priority of a task', () => {
  it('follows from points per minute', () => {
    expect(priorityOf(0.3, 5)).toBe('High');
    expect(priorityOf(PRIORITY_THRESHOLDS.High * 10, 10)).toBe('High');
    expect(priorityOf(0.1, 5)).toBe('Medium');
    expect(priorityOf(3.1, 480)).toBe('Low');
    expect(priorityOf(0, 10)).toBe('Low');
  });

  it('makes a quick task High and the same value over a long project Low', () => {
    const google = catalogueFor(CATALOGUE, 'google');
    const worth = taskValues(google, 10);
    const of = (id: string) => {
      const t = google.find((c) => c.id === id);
      if (!t) throw new Error(id);
      return worth(t);
    };
    expect(of('enable-mfa')).toEqual({ minutes: 5, points: 0.3, priority: 'High' });
    expect(of('screen-lock').priority).toBe('Medium');
    expect(of('back-up-data')).toEqual({ minutes: 480, points: 3.1, priority: 'Low' });
    expect(of('web-security-txt').priority).toBe('Low');
  });
});
