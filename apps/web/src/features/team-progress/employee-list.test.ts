import type { Employee } from '@castellan/contract';
import { describe, expect, it } from 'vitest';
import {
  mostOpenHighRisk,
  nameList,
  nextSort,
  searchEmployees,
  sortEmployees,
} from './employee-list';

let n = 0;
function employee(fullName: string, done: number, total: number, highRisk: number): Employee {
  const [firstName = '', lastName = ''] = fullName.split(' ');
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    firstName,
    lastName,
    fullName,
    email: `${fullName.toLowerCase().replace(' ', '.')}@brightwave.example`,
    role: 'user',
    completedTasks: done,
    totalTasks: total,
    openHighRiskTasks: highRisk,
    checkedBy: [],
    lastNudge: null,
  };
}

const team = [
  employee('Chloe Davies', 2, 10, 3),
  employee('Ben Carter', 4, 10, 1),
  employee('Zoë Ålund', 0, 0, 0),
  employee('Alice Morgan', 2, 10, 3),
];
const names = (list: Employee[]) => list.map((e) => e.fullName);

describe('employee list', () => {
  it('sorts by name either way', () => {
    expect(names(sortEmployees(team, { key: 'name', direction: 'asc' }))).toEqual([
      'Alice Morgan',
      'Ben Carter',
      'Chloe Davies',
      'Zoë Ålund',
    ]);
    expect(names(sortEmployees(team, { key: 'name', direction: 'desc' }))[0]).toBe('Zoë Ålund');
  });

  it('sorts by completion, counting no tasks as complete, ties by name', () => {
    expect(names(sortEmployees(team, { key: 'completion', direction: 'asc' }))).toEqual([
      'Alice Morgan',
      'Chloe Davies',
      'Ben Carter',
      'Zoë Ålund',
    ]);
    expect(names(sortEmployees(team, { key: 'completion', direction: 'desc' }))).toEqual([
      'Zoë Ålund',
      'Ben Carter',
      'Alice Morgan',
      'Chloe Davies',
    ]);
  });

  it('sorts by open high-risk tasks', () => {
    expect(names(sortEmployees(team, { key: 'openHighRisk', direction: 'desc' }))).toEqual([
      'Alice Morgan',
      'Chloe Davies',
      'Ben Carter',
      'Zoë Ålund',
    ]);
  });

  it('turns a column round on a second click; a new column starts its own way', () => {
    expect(nextSort({ key: 'name', direction: 'asc' }, 'name')).toEqual({
      key: 'name',
      direction: 'desc',
    });
    expect(nextSort({ key: 'name', direction: 'asc' }, 'openHighRisk')).toEqual({
      key: 'openHighRisk',
      direction: 'desc',
    });
    expect(nextSort({ key: 'name', direction: 'asc' }, 'completion').direction).toBe('asc');
  });

  it('searches names and e-mails by every word, ignoring case and accents', () => {
    expect(names(searchEmployees(team, 'carter'))).toEqual(['Ben Carter']);
    expect(names(searchEmployees(team, 'MORGAN@bright'))).toEqual(['Alice Morgan']);
    expect(names(searchEmployees(team, 'zoe alund'))).toEqual(['Zoë Ålund']);
    expect(names(searchEmployees(team, '  '))).toHaveLength(4);
    expect(searchEmployees(team, 'nobody')).toEqual([]);
  });

  it('names everyone tied for the most open high-risk tasks', () => {
    const most = mostOpenHighRisk(team);
    expect(most?.count).toBe(3);
    expect(most && names(most.employees)).toEqual(['Alice Morgan', 'Chloe Davies']);
    expect(mostOpenHighRisk([employee('Ben Carter', 1, 1, 0)])).toBeNull();
    expect(mostOpenHighRisk([])).toBeNull();
  });

  it('lists names in a sentence', () => {
    expect(nameList(['A'])).toBe('A');
    expect(nameList(['A', 'B'])).toBe('A and B');
    expect(nameList(['A', 'B', 'C'])).toBe('A, B and C');
    expect(nameList(['A', 'B', 'C', 'D', 'E'])).toBe('A, B and 3 others');
  });
});
