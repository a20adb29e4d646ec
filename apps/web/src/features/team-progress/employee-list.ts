import type { Employee } from '@castellan/contract';

export type SortKey = 'name' | 'completion' | 'openHighRisk';
export type SortDirection = 'asc' | 'desc';
export type EmployeeSort = { key: SortKey; direction: SortDirection };

export const DEFAULT_SORT: EmployeeSort = { key: 'name', direction: 'asc' };

/** The direction a column starts in: names A–Z, the least done first, the most at risk first. */
export const FIRST_DIRECTION: Record<SortKey, SortDirection> = {
  name: 'asc',
  completion: 'asc',
  openHighRisk: 'desc',
};

/** Share of the employee's tasks done, 0–1; someone without tasks has nothing left to do. */
export const completionOf = (e: Pick<Employee, 'completedTasks' | 'totalTasks'>) =>
  e.totalTasks === 0 ? 1 : e.completedTasks / e.totalTasks;

const byName = (a: Employee, b: Employee) =>
  a.fullName.localeCompare(b.fullName) || a.email.localeCompare(b.email);

const COMPARE: Record<SortKey, (a: Employee, b: Employee) => number> = {
  name: byName,
  completion: (a, b) => completionOf(a) - completionOf(b),
  openHighRisk: (a, b) => a.openHighRiskTasks - b.openHighRiskTasks,
};

/** Sorted by the column; ties stay in name order whichever way the column runs. */
export function sortEmployees(employees: readonly Employee[], sort: EmployeeSort): Employee[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...employees].sort((a, b) => sign * COMPARE[sort.key](a, b) || byName(a, b));
}

/** Clicking a column header: the same column turns round, another starts in its own direction. */
export const nextSort = (current: EmployeeSort, key: SortKey): EmployeeSort =>
  current.key === key
    ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
    : { key, direction: FIRST_DIRECTION[key] };

/** Employees whose name or e-mail contains every word of the search, ignoring case and accents. */
export function searchEmployees(employees: readonly Employee[], search: string): Employee[] {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const words = fold(search).split(/\s+/).filter(Boolean);
  return employees.filter((e) => {
    const text = fold(`${e.fullName} ${e.email}`);
    return words.every((w) => text.includes(w));
  });
}

/** Who has the most open high-risk tasks (everyone tied for it), or null when nobody has any. */
export function mostOpenHighRisk(
  employees: readonly Employee[],
): { employees: Employee[]; count: number } | null {
  const count = Math.max(0, ...employees.map((e) => e.openHighRiskTasks));
  if (count === 0) return null;
  return { employees: employees.filter((e) => e.openHighRiskTasks === count).sort(byName), count };
}

/** "Ben Carter", "Ben Carter and Chloe Davies", "Ben Carter, Chloe Davies and 2 others". */
export function nameList(names: readonly string[]): string {
  if (names.length <= 2) return names.join(' and ');
  if (names.length === 3) return `${names[0]}, ${names[1]} and ${names[2]}`;
  return `${names[0]}, ${names[1]} and ${names.length - 2} others`;
}
