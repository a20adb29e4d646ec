import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * The first week's "Get set up" steps, in the order the Overview lists them. Each is ticked by
 * what the organisation has done, never by hand.
 */
export const SETUP_STEPS = ['suite', 'domainScan', 'agent', 'team', 'reminders'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/** `GET /api/setup-checklist` (administrators) */
export const setupChecklistResponse = z.object({
  steps: z.array(z.object({ id: z.enum(SETUP_STEPS), done: z.boolean() })),
  /** How many of the organisation's tasks Google Workspace's checks decide once connected. */
  googleCheckedTasks: z.number().int(),
});
export type SetupChecklistResponse = z.infer<typeof setupChecklistResponse>;

export const setupEndpoints = {
  getSetupChecklist: endpoint({
    method: 'GET',
    path: '/setup-checklist',
    access: 'admin',
    response: { 200: setupChecklistResponse },
    summary: 'Which first-week steps the organisation has done, from what it stored',
  }),
};
