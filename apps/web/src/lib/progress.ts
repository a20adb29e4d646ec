import type { Progress } from '@castellan/contract';

/** A completion from counts; percent rounds down (as the server's), so 100 means all done. */
export const progressFrom = (completed: number, total: number): Progress => ({
  completed,
  total,
  percent: total === 0 ? 100 : Math.floor((completed * 100) / total),
});
