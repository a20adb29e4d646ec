import { describe, expect, it } from 'vitest';
import { aTask } from '../../test/fixtures';
import { preferredPlatform } from './preferred-platform';
import { durationText, planSections, thisWeek } from './task-plan';

const titles = (tasks: { title: string }[]) => tasks.map((t) => t.title);

describe('this week', () => {
  it('takes the open tasks with the most points per minute, three at least', () => {
    const tasks = [
      aTask('slow', { minutes: 480, points: 3 }),
      aTask('quick', { minutes: 5, points: 0.3 }),
      aTask('done', { minutes: 5, points: 1, isCompleted: true }),
      aTask('medium', { minutes: 30, points: 0.9 }),
      aTask('long', { minutes: 120, points: 1.8 }),
    ];
    expect(titles(thisWeek(tasks))).toEqual(['quick', 'medium', 'long']);
  });

  it('adds a fourth and fifth only while the week stays within an hour', () => {
    const five = (minutes: number) =>
      [1, 2, 3, 4, 5, 6].map((n) => aTask(`t${n}`, { minutes, points: 1 / n }));
    expect(thisWeek(five(10))).toHaveLength(5);
    expect(thisWeek(five(20))).toHaveLength(3);
    expect(thisWeek(five(15))).toHaveLength(4);
    expect(thisWeek([aTask('only')])).toHaveLength(1);
  });
});

describe('the plan’s sections', () => {
  const own = aTask('own', { category: 'Quick fix' });
  const admin = aTask('admin', { scope: 'Admin', category: 'First things first' });
  const extra = aTask('extra', { category: 'Extra protection' });

  it('sets an administrator’s organisation tasks apart, each section by category in order', () => {
    const sections = planSections([extra, admin, own], true);
    expect(sections.map((s) => s.title)).toEqual([
      'Your own tasks',
      'Your organisation’s tasks (admin)',
    ]);
    expect(sections[0]?.groups.map((g) => g.category)).toEqual(['Quick fix', 'Extra protection']);
    expect(sections[1]?.groups.map((g) => titles(g.tasks))).toEqual([['admin']]);
  });

  it('keeps one section otherwise', () => {
    expect(planSections([own, admin], false, 'Everyone’s tasks')).toMatchObject([
      {
        title: 'Everyone’s tasks',
        groups: [{ category: 'First things first' }, { category: 'Quick fix' }],
      },
    ]);
  });
});

it('says how long a task takes', () => {
  expect(durationText(5)).toBe('about 5 min');
  expect(durationText(60)).toBe('about 1 h');
  expect(durationText(90)).toBe('about 1 h 30 min');
});

describe('the platform a task’s steps open on', () => {
  it('is the system of the device that reported last, else the browser’s', () => {
    const devices = [
      { platform: 'win32' as const, lastReportAt: '2026-11-01T10:00:00.000Z' },
      { platform: 'darwin' as const, lastReportAt: '2026-11-20T10:00:00.000Z' },
      { platform: 'linux' as const, lastReportAt: null },
    ];
    expect(preferredPlatform(devices, 'win32')).toBe('macOS');
    expect(preferredPlatform([], 'linux')).toBe('Linux');
    expect(preferredPlatform([{ platform: 'linux', lastReportAt: null }], null)).toBeNull();
  });
});
