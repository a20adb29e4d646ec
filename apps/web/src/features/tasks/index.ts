export { useTasks } from './api';
export { TaskBadges } from './TaskBadges';
export type { TasksPageState } from './TasksPage';
export { nextTask } from './task-order';
