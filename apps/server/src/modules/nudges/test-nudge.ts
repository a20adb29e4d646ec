import { ConflictError, TooManyRequestsError } from '../../lib/errors';
import { findNudgeSettings } from '../organizations/repository';
import { listTasks } from '../tasks/service';
import type { NudgeContext } from './context';
import { dueSoon, type NamedTask, withClocksStarted } from './plan';
import { insertNudge } from './repository';

/** How many of their open tasks a test nudge names when none is due soon. */
const SAMPLE_TASKS = 3;

/**
 * An administrator tries the organisation's channel: their own nudge, now, whatever the hour,
 * through the chosen channel (or e-mail). It names what is due soon, else their tasks due first.
 * At most one a minute per channel (trying Slack, then Teams, is one of each); recorded like any
 * other nudge.
 */
export async function sendTestNudge(
  ctx: NudgeContext,
  organizationId: string,
  userId: string,
  now = new Date(),
): Promise<{ queued: true }> {
  const open = withClocksStarted(await listTasks(ctx.db, organizationId, userId, now), now).filter(
    (t) => t.state === 'open' && t.dueAt !== null,
  );
  if (open.length === 0) {
    throw new ConflictError('You have no open task with a due date to be nudged about.');
  }
  const soon = dueSoon(open, now);
  const tasks = soon.length > 0 ? soon : dueSoon(open, new Date(8.64e15)).slice(0, SAMPLE_TASKS);
  const channel = (await findNudgeSettings(ctx.db, organizationId))?.channel ?? 'email';
  const named: NamedTask[] = tasks.map((t) => ({ id: t.id, title: t.title, dueAt: t.dueAt ?? '' }));
  const id = await insertNudge(ctx.db, {
    organizationId,
    userId,
    kind: 'nudge',
    // Not a day of the person's clock: a minute of its own, so a test never stands in for the day's nudge.
    day: `test ${channel} ${now.toISOString().slice(0, 16)}`,
    tasks: JSON.stringify(named),
    taskCount: named.length,
    createdAt: now,
  });
  if (!id) throw new TooManyRequestsError('A test nudge went out less than a minute ago.', 60);
  await ctx.queue.send(id);
  return { queued: true };
}
