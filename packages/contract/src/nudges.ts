// Nudges: a short daily message to a person whose security tasks are due soon, and to the
// administrators when tasks are overdue (rules in nudge-rules.ts).
import { z } from 'zod';
import { endpoint } from './endpoint';
import { isTimeZone, NUDGE_CHANNELS } from './nudge-rules';
import { taskId } from './tasks';

/** The organisation's choice, changed by its administrators. */
export const nudgeSettings = z.strictObject({
  enabled: z.boolean(),
  channel: z.enum(NUDGE_CHANNELS),
});
export type NudgeSettings = z.infer<typeof nudgeSettings>;

/** `GET /api/nudges/settings` */
export const nudgeSettingsResponse = z.object({
  settings: nudgeSettings,
  /** Which channels could carry nudges now: e-mail when the server sends mail, a provider once connected. */
  available: z.array(z.object({ channel: z.enum(NUDGE_CHANNELS), ready: z.boolean() })),
  editable: z.boolean(),
});
export type NudgeSettingsResponse = z.infer<typeof nudgeSettingsResponse>;

/** `PUT /api/tasks/escalation` (administrators): whether an overdue task is told to them. */
export const taskEscalationRequest = z.strictObject({ taskId, escalate: z.boolean() });
export type TaskEscalationRequest = z.infer<typeof taskEscalationRequest>;

/** `PUT /api/settings/time-zone`: the browser's time zone, an IANA name such as Europe/London. */
export const timeZoneRequest = z.strictObject({
  timeZone: z
    .string()
    .min(1)
    .max(64)
    .refine(isTimeZone, { message: 'is not a time zone name such as Europe/London' }),
});
export type TimeZoneRequest = z.infer<typeof timeZoneRequest>;

export const nudgesEndpoints = {
  getNudgeSettings: endpoint({
    method: 'GET',
    path: '/nudges/settings',
    access: 'user',
    response: { 200: nudgeSettingsResponse },
    summary: 'Whether the organisation nudges people about due tasks, and through which channel',
  }),
  updateNudgeSettings: endpoint({
    method: 'PUT',
    path: '/nudges/settings',
    access: 'admin',
    body: nudgeSettings,
    response: { 200: nudgeSettingsResponse },
    summary: 'Turn nudges on or off and choose their channel (administrators)',
  }),
  setTaskEscalation: endpoint({
    method: 'PUT',
    path: '/tasks/escalation',
    access: 'admin',
    body: taskEscalationRequest,
    response: { 200: z.object({ catalogueId: z.string(), escalate: z.boolean() }) },
    summary: 'Whether administrators are told when this task is overdue (administrators)',
  }),
  sendTestNudge: endpoint({
    method: 'POST',
    path: '/nudges/test',
    access: 'admin',
    response: { 202: z.object({ queued: z.literal(true) }) },
    summary:
      'Send the calling administrator their own nudge now, through the chosen channel, to try it (administrators)',
  }),
  setOwnTimeZone: endpoint({
    method: 'PUT',
    path: '/settings/time-zone',
    access: 'user',
    body: timeZoneRequest,
    response: { 200: z.object({ timeZone: z.string() }) },
    summary: 'The signed-in user’s time zone, so nudges come in their working hours',
  }),
};
