import { z } from 'zod';
import { isoDateTime } from './common';
import { endpoint } from './endpoint';
import { CYBER_ESSENTIALS_CONTROLS } from './frameworks';
import { NUDGE_CHANNELS } from './nudge-rules';
import {
  AUTOMATION_KINDS,
  EVIDENCE_SOURCES,
  GRADES,
  ROLES,
  SCORE_PARTS,
  SEVERITIES,
  TASK_CATEGORIES,
  TASK_LABELS,
  TASK_PLATFORMS,
  TASK_SCOPES,
} from './vocabulary';

/** One way of doing a task; `platform` is null when the steps are the same everywhere. */
export const taskInstructions = z.object({
  platform: z.enum(TASK_PLATFORMS).nullable(),
  steps: z.array(z.string()),
});
export type TaskInstructions = z.infer<typeof taskInstructions>;

export const taskContent = z.object({
  /** One sentence: what to do. */
  summary: z.string(),
  /** Plain language: what goes wrong without it. */
  why: z.string(),
  instructions: z.array(taskInstructions),
});
export type TaskContent = z.infer<typeof taskContent>;

export const TASK_PRIORITIES = ['Low', 'Medium', 'High'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

/**
 * A task id names the catalogue entry and the person it is assigned to:
 * `<catalogue id>:<user id>`.
 */
export const taskId = z
  .string()
  .trim()
  .toLowerCase()
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*:[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/, {
    message: 'must be a task id',
  });
export type TaskId = z.infer<typeof taskId>;

/** An automatic check's say on a task: it decides whether the task is done. */
export const taskEvidence = z.object({
  source: z.enum(EVIDENCE_SOURCES),
  verdict: z.enum(['pass', 'fail']),
  checkedAt: isoDateTime,
  /** What was found, in a sentence (e.g. which accounts lack two-step verification). */
  detail: z.string().nullable(),
});
export type TaskEvidence = z.infer<typeof taskEvidence>;

/** Why, by whom and when a task was marked not applicable to the organisation. */
export const notApplicable = z.object({
  reason: z.string(),
  /** Full name of the administrator who marked it; null once they are gone. */
  by: z.string().nullable(),
  at: isoDateTime,
});
export type NotApplicable = z.infer<typeof notApplicable>;

/**
 * Where a task stands: `not-applicable` (out of every total), `completed`, `snoozed` (open, but
 * out of the open list until `snoozedUntil`) or `open`.
 */
export const TASK_STATES = ['open', 'completed', 'snoozed', 'not-applicable'] as const;
export type TaskState = (typeof TASK_STATES)[number];

/** Spec §3 "Task (action)", with what the page needs to show it. */
export const task = z.object({
  id: z.string(),
  catalogueId: z.string(),
  /** E-mail of the assignee. */
  user: z.string(),
  isCompleted: z.boolean(),
  completedAt: isoDateTime.nullable(),
  /** Full name of whoever completed it (for an admin task, any admin). */
  completedBy: z.string().nullable(),
  /** The automatic checks that decide this task, the failing ones first; empty when none. */
  evidence: z.array(taskEvidence),
  state: z.enum(TASK_STATES),
  /** Set when the task was marked not applicable to the organisation. */
  notApplicable: notApplicable.nullable(),
  /** Until when the task is snoozed; null when it is not (or no longer). */
  snoozedUntil: isoDateTime.nullable(),
  /**
   * When it is due, counted from when it was first seen open by its risk (nudge-rules.ts);
   * null when done, not applicable, of risk Info, or not yet seen by the daily nudge run.
   */
  dueAt: isoDateTime.nullable(),
  /** Whether administrators are told when it is overdue (an administrator's switch per task). */
  escalate: z.boolean(),
  /** From the points per minute of work (docs/using.md "Your tasks"). */
  priority: z.enum(TASK_PRIORITIES),
  /** Estimated time to do it, in minutes. */
  minutes: z.number().int().positive(),
  /** Cyber score points it adds when done (this member's part, or the organisation's), one decimal. */
  points: z.number().min(0),
  riskLevel: z.enum(SEVERITIES),
  labels: z.array(z.enum(TASK_LABELS)),
  title: z.string(),
  content: taskContent,
  scope: z.enum(TASK_SCOPES),
  category: z.enum(TASK_CATEGORIES),
  automation: z.enum(AUTOMATION_KINDS),
  /** CIS Controls v8 safeguards the task serves, e.g. `6.5`. */
  cisSafeguards: z.array(z.string()),
  /** What the task meets of each framework: IG1 safeguards, Cyber Essentials controls. */
  frameworks: z.object({
    'cis-ig1': z.array(z.string()),
    'cyber-essentials': z.array(z.enum(CYBER_ESSENTIALS_CONTROLS)),
  }),
});
export type Task = z.infer<typeof task>;

/** `GET /api/actions`: the user's own tasks; admins may ask for the organisation's. */
export const actionsQuery = z.strictObject({
  scope: z.enum(['mine', 'organization']).default('mine'),
});
export type ActionsQuery = z.input<typeof actionsQuery>;
export const actionsResponse = z.object({ tasks: z.array(task) });
export type ActionsResponse = z.infer<typeof actionsResponse>;

/** `POST /api/mark-action-complete` */
export const markActionCompleteRequest = z.strictObject({ taskId });
export type MarkActionCompleteRequest = z.infer<typeof markActionCompleteRequest>;
export const markActionCompleteResponse = z.object({ task });
export type MarkActionCompleteResponse = z.infer<typeof markActionCompleteResponse>;

/** A reason to mark a task not applicable: 3–500 characters once trimmed. */
export const notApplicableReason = z
  .string()
  .trim()
  .min(3, { message: 'give a reason of at least 3 characters' })
  .max(500, { message: 'keep the reason to 500 characters' });

/** `POST /api/tasks/not-applicable` */
export const markNotApplicableRequest = z.strictObject({ taskId, reason: notApplicableReason });
export type MarkNotApplicableRequest = z.infer<typeof markNotApplicableRequest>;
/** `DELETE /api/tasks/not-applicable` and `DELETE /api/tasks/snooze` */
export const taskRequest = z.strictObject({ taskId });
export type TaskRequest = z.infer<typeof taskRequest>;

export const SNOOZE_DAYS = [7, 30] as const;
/** `POST /api/tasks/snooze` */
export const snoozeTaskRequest = z.strictObject({
  taskId,
  days: z.union(SNOOZE_DAYS.map((d) => z.literal(d))),
});
export type SnoozeTaskRequest = z.infer<typeof snoozeTaskRequest>;
export const taskResponse = z.object({ task });
export type TaskResponse = z.infer<typeof taskResponse>;

export const progress = z.object({
  completed: z.number().int(),
  total: z.number().int(),
  /** 0–100, rounded down so 100 means everything is done. */
  percent: z.number().int(),
});
export type Progress = z.infer<typeof progress>;

/** Scores are 0–100 with one decimal, so that one person's task moves them visibly. */
const scoreValue = z.number().min(0).max(100);

export const scoreArea = z.object({
  category: z.enum(TASK_CATEGORIES),
  score: scoreValue,
  earned: z.number(),
  possible: z.number(),
});
export type ScoreArea = z.infer<typeof scoreArea>;

/** One part of what the score measures, in the same points as the score. */
export const scorePartPoints = z.object({
  part: z.enum(SCORE_PARTS),
  earned: z.number(),
  possible: z.number(),
});
export type ScorePartPoints = z.infer<typeof scorePartPoints>;

/** The latest domain report's letter: evidence for the e-mail-and-domain part, not a score. */
export const domainGrade = z.object({
  grade: z.enum(GRADES),
  domain: z.string(),
  scannedAt: isoDateTime,
});
export type DomainGrade = z.infer<typeof domainGrade>;

/** `GET /api/get-score`: the cyber score status. The model is in docs/using.md. */
/** A task that became done or open again, and what that moved the score by. */
export const scoreChange = z.object({
  at: isoDateTime,
  /** The day (UTC) of `at`, as the history's points are dated. */
  date: z.iso.date(),
  /** Score points moved: positive when done, negative when open again. */
  points: z.number(),
  /**
   * 'manual': a person marked it; 'reattestation': its attestation lapsed (an administrator asks
   * for it to be attested again every few months); otherwise the automatic check that found it.
   */
  source: z.enum(['manual', 'reattestation', ...EVIDENCE_SOURCES]),
  /** One sentence: which task, whose, and who or what changed it. */
  summary: z.string(),
});
export type ScoreChange = z.infer<typeof scoreChange>;

export const scoreResponse = z.object({
  score: scoreValue,
  grade: z.enum(GRADES),
  breakdown: z.array(scoreArea),
  /** The same points by what they measure; the parts add up to the breakdown's totals. */
  parts: z.array(scorePartPoints),
  /** The latest finished scan of the organisation's domain, if there is one. */
  domainGrade: domainGrade.nullable(),
  /** One point per day with a snapshot, oldest first (at most 90). */
  history: z.array(z.object({ date: z.iso.date(), score: scoreValue })),
  /** The signed-in user's own tasks. */
  yourProgress: progress,
  /** The sources whose checks concern the signed-in user's own tasks. */
  yourCheckedBy: z.array(z.enum(EVIDENCE_SOURCES)),
  /** Every task of every member. */
  teamProgress: progress,
  /** What moved the score over the history's days, latest first (at most 50). */
  changes: z.array(scoreChange),
});
export type ScoreResponse = z.infer<typeof scoreResponse>;

/** When and how a person was last nudged. */
export const lastNudge = z.object({ at: isoDateTime, channel: z.enum(NUDGE_CHANNELS) });
export type LastNudge = z.infer<typeof lastNudge>;

/** Spec §3 "Employee", with their task progress. */
export const employee = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  completedTasks: z.number().int(),
  totalTasks: z.number().int(),
  /** Open tasks of risk High or Critical. */
  openHighRiskTasks: z.number().int(),
  /** The sources whose checks concern this member's own tasks (their suite, the agent). */
  checkedBy: z.array(z.enum(EVIDENCE_SOURCES)),
  /** When and through which channel they were last nudged about their tasks; null if never. */
  lastNudge: lastNudge.nullable(),
});
export type Employee = z.infer<typeof employee>;

/**
 * `GET /api/list-employees`: every signed-in user of the organisation. Administrators get every
 * member; a member gets their own row only. Each row counts the person's own tasks; the
 * organisation's Admin tasks are counted once, in `organizationTasks`.
 */
export const employeesResponse = z.object({
  view: z.enum(['everyone', 'own']),
  employees: z.array(employee),
  organizationTasks: z.object({
    completedTasks: z.number().int(),
    totalTasks: z.number().int(),
    openHighRiskTasks: z.number().int(),
  }),
});
export type EmployeesResponse = z.infer<typeof employeesResponse>;

export const tasksEndpoints = {
  getActions: endpoint({
    method: 'GET',
    path: '/actions',
    access: 'user',
    query: actionsQuery,
    response: { 200: actionsResponse },
    summary: 'The user’s security tasks, or (administrators) the whole organisation’s',
  }),
  markActionComplete: endpoint({
    method: 'POST',
    path: '/mark-action-complete',
    access: 'user',
    body: markActionCompleteRequest,
    response: { 200: markActionCompleteResponse },
    summary: 'Mark a task done',
  }),
  markNotApplicable: endpoint({
    method: 'POST',
    path: '/tasks/not-applicable',
    access: 'user',
    body: markNotApplicableRequest,
    response: { 200: taskResponse },
    summary: 'Mark a task not applicable to the organisation, with a reason (administrators)',
  }),
  makeApplicable: endpoint({
    method: 'DELETE',
    path: '/tasks/not-applicable',
    access: 'user',
    body: taskRequest,
    response: { 200: taskResponse },
    summary: 'Make a task applicable again (administrators)',
  }),
  snoozeTask: endpoint({
    method: 'POST',
    path: '/tasks/snooze',
    access: 'user',
    body: snoozeTaskRequest,
    response: { 200: taskResponse },
    summary: 'Put a task aside for 7 or 30 days; it comes back by itself',
  }),
  unsnoozeTask: endpoint({
    method: 'DELETE',
    path: '/tasks/snooze',
    access: 'user',
    body: taskRequest,
    response: { 200: taskResponse },
    summary: 'Bring a snoozed task back now',
  }),
  getScore: endpoint({
    method: 'GET',
    path: '/get-score',
    access: 'user',
    response: { 200: scoreResponse },
    summary: 'The organisation’s cyber score',
  }),
  listEmployees: endpoint({
    method: 'GET',
    path: '/list-employees',
    access: 'user',
    response: { 200: employeesResponse },
    summary: 'Each member’s progress with the tasks',
  }),
};
