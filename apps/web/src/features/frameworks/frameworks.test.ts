import type { Task } from '@castellan/contract';
import { describe, expect, it } from 'vitest';
import {
  filterByFramework,
  frameworkFilterFrom,
  NO_FRAMEWORK_FILTER,
  safeguardOptions,
  safeguardTasksPath,
  withFrameworkFilter,
} from './framework-filter';
import {
  metSummary,
  metToggle,
  metToggleName,
  peopleDone,
  percentMet,
  safeguardName,
  safeguardState,
} from './framework-wording';

type Cited = Pick<Task, 'catalogueId' | 'frameworks'>;

const cited = (
  catalogueId: string,
  ig1: string[],
  ce: Task['frameworks']['cyber-essentials'] = [],
): Cited => ({ catalogueId, frameworks: { 'cis-ig1': ig1, 'cyber-essentials': ce } });

const tasks = [
  cited('encrypt-disk', ['3.6']),
  cited('enable-firewall', ['4.5'], ['firewalls']),
  cited('incident-contacts', ['17.1', '17.2']),
  cited('web-hsts', []),
];
const ids = (list: Cited[]) => list.map((t) => t.catalogueId);

describe('the framework filter of the task list', () => {
  it('lets every task through without a framework', () => {
    expect(ids(filterByFramework(tasks, NO_FRAMEWORK_FILTER))).toEqual(ids(tasks));
  });

  it('keeps the tasks that serve the framework', () => {
    const ig1 = filterByFramework(tasks, { framework: 'cis-ig1', safeguard: null });
    expect(ids(ig1)).toEqual(['encrypt-disk', 'enable-firewall', 'incident-contacts']);
    const ce = filterByFramework(tasks, { framework: 'cyber-essentials', safeguard: null });
    expect(ids(ce)).toEqual(['enable-firewall']);
  });

  it('narrows to one safeguard, which may have no task at all', () => {
    expect(ids(filterByFramework(tasks, { framework: 'cis-ig1', safeguard: '17.2' }))).toEqual([
      'incident-contacts',
    ]);
    expect(filterByFramework(tasks, { framework: 'cis-ig1', safeguard: '3.4' })).toEqual([]);
  });

  it('reads the filter from the address, ignoring what it does not know', () => {
    const read = (query: string) => frameworkFilterFrom(new URLSearchParams(query));
    expect(read('framework=cis-ig1&safeguard=3.4')).toEqual({
      framework: 'cis-ig1',
      safeguard: '3.4',
    });
    expect(read('framework=cyber-essentials')).toEqual({
      framework: 'cyber-essentials',
      safeguard: null,
    });
    expect(read('framework=cis-ig1&safeguard=99.9')).toEqual({
      framework: 'cis-ig1',
      safeguard: null,
    });
    expect(read('framework=cyber-essentials&safeguard=3.4').safeguard).toBeNull();
    expect(read('framework=iso-27001&safeguard=3.4')).toEqual(NO_FRAMEWORK_FILTER);
    expect(read('safeguard=3.4')).toEqual(NO_FRAMEWORK_FILTER);
  });

  it('writes the filter into the address, keeping the rest', () => {
    const params = new URLSearchParams('task=encrypt-disk&framework=cis-ig1&safeguard=3.6');
    expect(
      withFrameworkFilter(params, { framework: 'cyber-essentials', safeguard: null }).toString(),
    ).toBe('task=encrypt-disk&framework=cyber-essentials');
    expect(withFrameworkFilter(params, NO_FRAMEWORK_FILTER).toString()).toBe('task=encrypt-disk');
    expect(params.toString()).toBe('task=encrypt-disk&framework=cis-ig1&safeguard=3.6');
  });

  it('links a safeguard’s task to the list narrowed to the safeguard', () => {
    expect(safeguardTasksPath('cis-ig1', '3.4')).toBe('/tasks?framework=cis-ig1&safeguard=3.4');
    expect(safeguardTasksPath('cyber-essentials', 'firewalls', 'enable-firewall')).toBe(
      '/tasks?framework=cyber-essentials&safeguard=firewalls&task=enable-firewall',
    );
  });

  it('offers the safeguards the tasks serve, in the framework’s order, and the chosen one', () => {
    expect(safeguardOptions(tasks, 'cis-ig1', null).map((o) => o.value)).toEqual([
      '3.6',
      '4.5',
      '17.1',
      '17.2',
    ]);
    expect(safeguardOptions(tasks, 'cis-ig1', '3.4')[0]).toEqual({
      value: '3.4',
      label: '3.4 Enforce data retention',
    });
    expect(safeguardOptions(tasks, 'cyber-essentials', null)).toEqual([
      { value: 'firewalls', label: 'Firewalls' },
    ]);
  });
});

describe('framework wording', () => {
  it('gives the share met, rounded down so that 100% means everything', () => {
    expect(percentMet({ met: 34, total: 56 })).toBe(60);
    expect(percentMet({ met: 55, total: 56 })).toBe(98);
    expect(percentMet({ met: 5, total: 5 })).toBe(100);
    expect(percentMet({ met: 0, total: 0 })).toBe(0);
  });

  it('counts safeguards for CIS and controls for Cyber Essentials', () => {
    expect(metSummary('cis-ig1', { met: 34, total: 56 })).toBe('34 of 56 safeguards met');
    expect(metSummary('cyber-essentials', { met: 2, total: 5 })).toBe('2 of 5 controls met');
    expect(metSummary('cis-ig1', { met: 0, total: 1 })).toBe('0 of 1 safeguard met');
  });

  it('names a CIS safeguard by number and title, a Cyber Essentials control by title', () => {
    expect(safeguardName('cis-ig1', { id: '3.4', title: 'Enforce data retention' })).toBe(
      '3.4 Enforce data retention',
    );
    expect(safeguardName('cyber-essentials', { id: 'firewalls', title: 'Firewalls' })).toBe(
      'Firewalls',
    );
  });

  it('says how many people have done a task', () => {
    expect(peopleDone({ done: 2, total: 5 })).toBe('2 of 5 people');
    expect(peopleDone({ done: 0, total: 1 })).toBe('0 of 1 person');
    expect(peopleDone({ done: 0, total: 0 })).toBe('Applies to nobody yet');
  });

  it('says where a safeguard stands, plainly when no task covers it', () => {
    expect(safeguardState([])).toBe('No task covers this yet');
    expect(
      safeguardState([
        { done: 5, total: 5 },
        { done: 2, total: 5 },
      ]),
    ).toBe('1 of 2 tasks done');
    expect(safeguardState([{ done: 1, total: 1 }])).toBe('1 of 1 task done');
  });

  it('names the toggle of the met safeguards, with the framework for screen readers', () => {
    expect(metToggle(false, 34)).toBe('Show the 34 met');
    expect(metToggle(true, 34)).toBe('Hide the 34 met');
    expect(metToggleName(false, 34, 'cis-ig1', 'CIS Controls v8 IG1')).toBe(
      'Show the 34 met safeguards of CIS Controls v8 IG1',
    );
    expect(metToggleName(true, 1, 'cyber-essentials', 'Cyber Essentials')).toBe(
      'Hide the 1 met control of Cyber Essentials',
    );
  });
});
