import { describe, expect, it } from 'vitest';
import { FED_BY_DEVICES } from '../features/agent';
import { TASKS_KEY } from '../features/tasks';
import { employeesQuery } from '../features/team-progress';

describe('query keys named across features', () => {
  // The agent feature names these keys instead of importing them (see FED_BY_DEVICES).
  it("are the keys of the task lists and everyone's progress", () => {
    expect(FED_BY_DEVICES).toEqual([TASKS_KEY, employeesQuery.queryKey]);
  });
});
