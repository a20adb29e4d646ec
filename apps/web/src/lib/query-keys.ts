/**
 * Query keys that several features refresh, in one place: a feature that changes what another
 * lists (a device's verdicts change the tasks and everyone's progress) invalidates them without
 * importing that feature, which could close a circle between features.
 */

/** Every query of the Integrations page (the statuses, each provider's findings) starts with this. */
export const INTEGRATIONS_KEY = ['integrations'] as const;

/** Every cached task list starts with this key, so one invalidation refreshes them all. */
export const TASKS_KEY = ['tasks'] as const;

/** Every member of the organisation with their task progress (Company status). */
export const EMPLOYEES_KEY = ['employees'] as const;

/** How far the organisation is from each framework (administrators): completed tasks move it. */
export const FRAMEWORKS_KEY = ['frameworks'] as const;
