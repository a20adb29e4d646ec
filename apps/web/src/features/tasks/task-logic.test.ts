import type { Task, TaskLabel } from '@castellan/contract';
import { describe, expect, it } from 'vitest';
import { withCompleted } from './task-cache';
import {
  clearedFilters,
  DEFAULT_FILTERS,
  filterTasks,
  hasNarrowingFilters,
  labelOptions,
} from './task-filters';
import { nextTask, progressOf, sortTasks, taskToOpen } from './task-order';

const ME = 'ben.carter@brightwave.example';

function task(id: string, patch: Partial<Task> = {}): Task {
  return {
    id: `${id}:00000000-0000-4000-8000-000000000001`,
    catalogueId: id,
    user: ME,
    isCompleted: false,
    completedAt: null,
    completedBy: null,
    evidence: [],
    state: 'open',
    notApplicable: null,
    snoozedUntil: null,
    dueAt: null,
    escalate: true,
    priority: 'Medium',
    minutes: 10,
    points: 0.1,
    riskLevel: 'Medium',
    labels: ['Quick fix', 'Medium priority', 'Medium risk', 'Individual'],
    title: id,
    content: { summary: '', why: '', instructions: [] },
    scope: 'Individual',
    category: 'Quick fix',
    automation: 'NotAutomatable',
    cisSafeguards: [],
    frameworks: { 'cis-ig1': [], 'cyber-essentials': [] },
    ...patch,
  };
}

const labelled = (id: string, labels: TaskLabel[], patch: Partial<Task> = {}) =>
  task(id, { labels, ...patch });

describe('task filters', () => {
  const tasks = [
    labelled('windows-update', ['Quick fix', 'Windows', 'High risk']),
    labelled('mac-update', ['Quick fix', 'macOS', 'High risk'], { isCompleted: true }),
    labelled('mfa', ['First things first', 'Google', 'Critical risk']),
    labelled('spf', ['Basic protection', 'Gmail', 'Medium risk'], {
      user: 'alice.morgan@brightwave.example',
    }),
  ];
  const ids = (list: Task[]) => list.map((t) => t.catalogueId);

  it('shows the user’s open tasks by default', () => {
    expect(ids(filterTasks(tasks, DEFAULT_FILTERS, ME))).toEqual(['windows-update', 'mfa']);
  });

  it('shows done tasks, or all of them, by status', () => {
    expect(ids(filterTasks(tasks, { ...DEFAULT_FILTERS, status: 'done' }, ME))).toEqual([
      'mac-update',
    ]);
    expect(filterTasks(tasks, { ...DEFAULT_FILTERS, status: 'all' }, ME)).toHaveLength(3);
  });

  it('shows everyone’s tasks when "only mine" is off', () => {
    expect(
      ids(filterTasks(tasks, { ...DEFAULT_FILTERS, status: 'all', onlyMine: false }, ME)),
    ).toContain('spf');
  });

  it('widens within a label group and narrows across groups', () => {
    const all = { ...DEFAULT_FILTERS, status: 'all' as const, onlyMine: false };
    expect(ids(filterTasks(tasks, { ...all, labels: ['Windows', 'macOS'] }, ME))).toEqual([
      'windows-update',
      'mac-update',
    ]);
    expect(ids(filterTasks(tasks, { ...all, labels: ['Windows', 'Critical risk'] }, ME))).toEqual(
      [],
    );
    expect(ids(filterTasks(tasks, { ...all, labels: ['Quick fix', 'macOS'] }, ME))).toEqual([
      'mac-update',
    ]);
  });

  it('offers only the labels present, grouped in the vocabulary’s order', () => {
    expect(labelOptions(tasks)).toEqual([
      { group: 'Category', items: ['First things first', 'Quick fix', 'Basic protection'] },
      { group: 'Platform', items: ['Google', 'Gmail', 'Windows', 'macOS'] },
      { group: 'Risk', items: ['Medium risk', 'High risk', 'Critical risk'] },
    ]);
  });

  it('knows when filters hide what the defaults would show, and clears them', () => {
    expect(hasNarrowingFilters(DEFAULT_FILTERS)).toBe(false);
    expect(hasNarrowingFilters({ ...DEFAULT_FILTERS, onlyMine: false })).toBe(false);
    expect(hasNarrowingFilters({ ...DEFAULT_FILTERS, status: 'all' })).toBe(true);
    expect(hasNarrowingFilters({ ...DEFAULT_FILTERS, labels: ['Linux'] })).toBe(true);
    expect(clearedFilters({ labels: ['Linux'], status: 'done', onlyMine: false })).toEqual({
      labels: [],
      status: 'open',
      onlyMine: false,
    });
  });
});

describe('task order and progress', () => {
  const tasks = [
    task('low', { riskLevel: 'Low', priority: 'High' }),
    task('critical-done', { riskLevel: 'Critical', isCompleted: true }),
    task('high-b', { riskLevel: 'High', priority: 'Low', title: 'B' }),
    task('high-a', { riskLevel: 'High', priority: 'Low', title: 'A' }),
    task('high-urgent', { riskLevel: 'High', priority: 'High', title: 'Z' }),
  ];

  it('lists open tasks first, the worst risk and highest priority first', () => {
    expect(sortTasks(tasks).map((t) => t.catalogueId)).toEqual([
      'high-urgent',
      'high-a',
      'high-b',
      'low',
      'critical-done',
    ]);
  });

  it('suggests the open task with the most points per minute next, or none when nothing is open', () => {
    const quick = task('quick', { riskLevel: 'Low', points: 0.5, minutes: 5 });
    const long = task('long', { riskLevel: 'Critical', points: 3, minutes: 480 });
    expect(nextTask([long, quick])?.catalogueId).toBe('quick');
    // A snoozed or not-applicable task waits, however much it is worth.
    const snoozed = task('snoozed', { points: 9, minutes: 1, state: 'snoozed' });
    const away = task('away', { points: 9, minutes: 1, state: 'not-applicable' });
    expect(nextTask([snoozed, away, long])?.catalogueId).toBe('long');
    expect(nextTask([task('x', { isCompleted: true }), snoozed])).toBeNull();
  });

  it('counts progress, rounding down so 100% means all done', () => {
    expect(progressOf(tasks)).toEqual({ completed: 1, total: 5, percent: 20 });
    const two = [task('a', { isCompleted: true }), task('b', { isCompleted: true }), task('c')];
    expect(progressOf(two).percent).toBe(66);
    expect(progressOf([])).toEqual({ completed: 0, total: 0, percent: 100 });
  });
});

describe('the task a link opens', () => {
  const copy = (user: string, patch: Partial<Task> = {}) =>
    task('encrypt-disk', { id: `encrypt-disk:${user}`, user, ...patch });

  it('opens the signed-in user’s own copy when there is one', () => {
    const tasks = [copy('a@x.example'), copy(ME, { isCompleted: true }), task('other')];
    expect(taskToOpen(tasks, 'encrypt-disk', ME)?.user).toBe(ME);
  });

  it('otherwise an open copy, otherwise any, and nothing for a task not listed', () => {
    const done = copy('a@x.example', { isCompleted: true });
    const open = copy('b@x.example');
    expect(taskToOpen([done, open], 'encrypt-disk', ME)).toBe(open);
    expect(taskToOpen([done], 'encrypt-disk', ME)).toBe(done);
    expect(taskToOpen([done], 'incident-contacts', ME)).toBeNull();
  });
});

describe('optimistic completion', () => {
  const at = new Date('2025-03-04T12:00:00.000Z');

  it('marks only the completed task as done', () => {
    const tasks = [task('a'), task('b')];
    const after = withCompleted(tasks, tasks[0] as Task, at);
    expect(after.map((t) => t.isCompleted)).toEqual([true, false]);
    expect(after[0]?.completedAt).toBe('2025-03-04T12:00:00.000Z');
    expect(tasks[0]?.isCompleted).toBe(false);
  });

  it('marks every admin’s copy of an admin task', () => {
    const admin = { scope: 'Admin' as const, catalogueId: 'email-spf' };
    const mine = task('email-spf', { ...admin, id: 'email-spf:1' });
    const theirs = task('email-spf', { ...admin, id: 'email-spf:2', user: 'x@y.example' });
    const other = task('dmarc', { scope: 'Admin', id: 'dmarc:1' });
    expect(withCompleted([mine, theirs, other], mine, at).map((t) => t.isCompleted)).toEqual([
      true,
      true,
      false,
    ]);
  });
});
