export { useTasks } from './api';
export { TaskBadges } from './TaskBadges';
export { TaskEffort } from './TaskEffort';
export type { TasksPageState } from './TasksPage';
export { RISK_COLORS } from './task-display';
export { nextTask } from './task-order';
