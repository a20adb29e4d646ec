// A person's answer from a nudge in Slack: "Done, check again" completes their task (unless an
// automatic check still finds it not done: then that check's source is synced again), "Snooze a
// week" snoozes it. The Slack user must be the member the organisation's last sync matched, and
// the task that member's own; the member acts as themselves, and each action is audited.
import { isProviderId } from '@castellan/contract';
import { ConflictError, HttpError } from '../../../lib/errors';
import { auditActor } from '../../audit/actor';
import { recordAuditEvent } from '../../audit/repository';
import { parseTaskId } from '../../tasks/assignment';
import { snoozeTask } from '../../tasks/change-task-state';
import { completeTask } from '../../tasks/complete-task';
import { listTaskEvidence } from '../../tasks/repository';
import { listMembersByName } from '../../users/repository';
import type { IntegrationsContext } from '../kit/context';
import {
  findIntegrationRow,
  type IntegrationRow,
  listConnectedByAccount,
  setSyncState,
} from '../kit/repository';
import { emailOfSlackUser, slackFactsOf } from './facts';
import { TASK_DONE, TASK_SNOOZE } from './nudge-blocks';

const SNOOZE_DAYS = 7;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ButtonPress = {
  teamId: string;
  userId: string;
  actionId: string;
  /** The button's value: the task's id. */
  taskId: string;
};

export type PressOutcome =
  /** What was done, for the message's place of the buttons. */
  | { kind: 'done' | 'snoozed' | 'still_failing'; text: string }
  /** Nothing was done: told to the person alone. */
  | { kind: 'refused'; text: string };

const REFUSED: PressOutcome = {
  kind: 'refused',
  text: 'Castellan did not do that: this button is not for one of your own tasks in an organisation connected to this Slack workspace.',
};

type Presser = {
  row: IntegrationRow;
  member: Awaited<ReturnType<typeof listMembersByName>>[number];
};

/**
 * The member behind a Slack user, in the organisation whose task it is: the workspace may be
 * connected to several organisations, and the task id names its owner.
 */
async function findPresser(
  ctx: Pick<IntegrationsContext, 'db'>,
  press: ButtonPress,
): Promise<Presser | null> {
  const owner = parseTaskId(press.taskId).userId;
  if (!UUID.test(owner)) return null;
  for (const row of await listConnectedByAccount(ctx.db, 'slack', press.teamId)) {
    const facts = slackFactsOf(row.facts);
    const email = facts && emailOfSlackUser(facts, press.userId);
    if (!email) continue;
    const [member] = await listMembersByName(ctx.db, row.organizationId, owner);
    if (member && member.email.toLowerCase() === email) return { row, member };
  }
  return null;
}

/** Queues a sync of each connected provider whose check finds the task not done; resolves to how many. */
async function syncFailingSources(
  ctx: IntegrationsContext,
  organizationId: string,
  taskId: string,
): Promise<number> {
  const { catalogueId, userId } = parseTaskId(taskId);
  const evidence = [
    ...(await listTaskEvidence(ctx.db, organizationId, catalogueId, userId)),
    ...(await listTaskEvidence(ctx.db, organizationId, catalogueId, null)),
  ];
  const sources = new Set(evidence.filter((e) => e.verdict === 'fail').map((e) => e.source));
  let queued = 0;
  for (const source of sources) {
    if (!isProviderId(source) || !ctx.syncQueue) continue;
    const row = await findIntegrationRow(ctx.db, organizationId, source);
    if (row?.status !== 'connected') continue;
    const asked = await ctx.syncQueue.requestSync({ organizationId, integrationId: source });
    if (asked.queued) await setSyncState(ctx.db, row.id, 'queued');
    queued += 1;
  }
  return queued;
}

const dayOf = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleDateString('en-GB', {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        timeZone: 'UTC',
      })
    : 'next week';

export async function answerButtonPress(
  ctx: IntegrationsContext,
  press: ButtonPress,
  now = new Date(),
): Promise<PressOutcome> {
  if (press.actionId !== TASK_DONE && press.actionId !== TASK_SNOOZE) return REFUSED;
  const presser = await findPresser(ctx, press);
  if (!presser) return REFUSED;
  const { row, member } = presser;
  const organizationId = row.organizationId;
  const audit = (action: string, title?: string) =>
    recordAuditEvent(ctx.db, {
      action,
      organizationId,
      actor: auditActor({ user: member }),
      details: { integration: 'slack', taskId: press.taskId, ...(title ? { title } : {}) },
    });
  try {
    if (press.actionId === TASK_SNOOZE) {
      const task = await snoozeTask(ctx.db, organizationId, member, press.taskId, SNOOZE_DAYS, now);
      await audit('integration.slack.task_snoozed', task.title);
      return {
        kind: 'snoozed',
        text: `Snoozed: “${task.title}” is back on your list on ${dayOf(task.snoozedUntil)}.`,
      };
    }
    const { task } = await completeTask(ctx.db, organizationId, member, press.taskId);
    await audit('integration.slack.task_done', task.title);
    return { kind: 'done', text: `Done: “${task.title}” is marked done. Thank you!` };
  } catch (err) {
    if (err instanceof ConflictError) {
      const queued = await syncFailingSources(ctx, organizationId, press.taskId);
      await audit('integration.slack.task_still_failing');
      const again =
        queued > 0
          ? ' Castellan checks again now and at every sync.'
          : ' Castellan checks again at the next sync.';
      return { kind: 'still_failing', text: `Not done yet: ${err.message}${again}` };
    }
    if (err instanceof HttpError && err.statusCode < 500) return REFUSED;
    throw err;
  }
}
