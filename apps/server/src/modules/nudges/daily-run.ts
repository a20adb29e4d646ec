import type { Task } from '@castellan/contract';
import { listNudgingOrganizations } from '../organizations/repository';
import { listTasks } from '../tasks/service';
import { deleteDeadlines, insertDeadlines, listDeadlines } from '../tasks/states/repository';
import { listRecipients } from '../users/repository';
import { isWorkingTime, localClock, zoneOf } from './clock';
import type { NudgeContext } from './context';
import { deadlineChanges, dueSoon, type NamedTask, overdue, withClocksStarted } from './plan';
import { insertNudge, listRecordedNudges } from './repository';
import { channelPostOf } from './route-choice';

type Recipient = Awaited<ReturnType<typeof listRecipients>>[number];
type Organization = Awaited<ReturnType<typeof listNudgingOrganizations>>[number];

export type NudgeRunCounts = {
  organizations: number;
  nudges: number;
  summaries: number;
  clocksStarted: number;
};

const named = (t: Task, owner?: string): NamedTask => ({
  id: t.id,
  title: t.title,
  dueAt: t.dueAt ?? '',
  ...(owner ? { owner } : {}),
});

const fullName = (r: Recipient) => `${r.firstName} ${r.lastName}`.trim() || r.email;

/**
 * The hourly nudge run. For each organisation that nudges: starts and stops its tasks' clocks;
 * then, when someone is in their working hours (`organizations` counts those), records and queues
 * a nudge for each person in their working hours with tasks due soon or overdue (once per day of their clock), and the
 * administrators' summary of overdue tasks (once per day: to the organisation's channel, or to
 * each administrator). Records are unique, so two processes or a second run send nothing twice.
 */
export async function runNudges(ctx: NudgeContext, now = new Date()): Promise<NudgeRunCounts> {
  const counts: NudgeRunCounts = { organizations: 0, nudges: 0, summaries: 0, clocksStarted: 0 };
  for (const organization of await listNudgingOrganizations(ctx.db)) {
    const members = await listRecipients(ctx.db, organization.id);
    const people = members
      // Invited but never signed in: their invitation speaks for now.
      .filter((r) => r.lastSignInAt !== null)
      .map((r) => ({ ...r, zone: zoneOf(r.timeZone), clock: localClock(now, zoneOf(r.timeZone)) }))
      .filter((r) => isWorkingTime(r.clock));
    // Every open task has its due date, whoever is at work now.
    const tasks = await startClocks(ctx, organization.id, now, counts);
    if (people.length === 0) continue;
    counts.organizations += 1;
    counts.nudges += await queuePersonNudges(ctx, organization, people, tasks, now);
    counts.summaries += await queueSummaries(ctx, organization, members, people, tasks, now);
  }
  return counts;
}

/** The organisation's tasks, their clocks started or stopped as they opened or closed. */
async function startClocks(
  ctx: NudgeContext,
  organizationId: string,
  now: Date,
  counts: NudgeRunCounts,
): Promise<Task[]> {
  const [tasks, stored] = await Promise.all([
    listTasks(ctx.db, organizationId, undefined, now),
    listDeadlines(ctx.db, organizationId),
  ]);
  const { opened, closed } = deadlineChanges(tasks, stored);
  await insertDeadlines(ctx.db, organizationId, opened, now);
  await deleteDeadlines(ctx.db, organizationId, closed);
  counts.clocksStarted += opened.length;
  return withClocksStarted(tasks, now);
}

type Person = Recipient & { zone: string; clock: ReturnType<typeof localClock> };

async function queuePersonNudges(
  ctx: NudgeContext,
  organization: Organization,
  people: readonly Person[],
  tasks: readonly Task[],
  now: Date,
): Promise<number> {
  const recorded = await listRecordedNudges(
    ctx.db,
    organization.id,
    'nudge',
    people.map((p) => p.clock.day),
  );
  const byEmail = new Map<string, Task[]>();
  for (const t of tasks) byEmail.set(t.user, [...(byEmail.get(t.user) ?? []), t]);
  let queued = 0;
  for (const person of people) {
    if (person.remindersOptOut || recorded.has(`${person.id}|${person.clock.day}`)) continue;
    const due = dueSoon(byEmail.get(person.email) ?? [], now);
    if (due.length === 0) continue;
    if (await record(ctx, organization.id, person.id, 'nudge', person.clock.day, due, now)) {
      queued += 1;
    }
  }
  return queued;
}

async function queueSummaries(
  ctx: NudgeContext,
  organization: Organization,
  members: readonly Recipient[],
  people: readonly Person[],
  tasks: readonly Task[],
  now: Date,
): Promise<number> {
  const admins = people.filter((p) => p.role === 'admin');
  if (admins.length === 0) return 0;
  const late = overdue(tasks, now);
  if (late.length === 0) return 0;
  const owners = new Map(members.map((m) => [m.email, fullName(m)]));
  const ownerOf = (t: Task) =>
    t.scope === 'Admin' ? 'Administrators' : (owners.get(t.user) ?? t.user);
  const listed = late.map((t) => named(t, ownerOf(t)));
  // One post a day to the organisation's channel when it has one; else each administrator.
  if (await channelPostOf(ctx, organization)) {
    const day = now.toISOString().slice(0, 10);
    return (await record(ctx, organization.id, null, 'summary', day, listed, now)) ? 1 : 0;
  }
  const recorded = await listRecordedNudges(
    ctx.db,
    organization.id,
    'summary',
    admins.map((a) => a.clock.day),
  );
  let queued = 0;
  for (const admin of admins) {
    if (admin.digestOptOut || recorded.has(`${admin.id}|${admin.clock.day}`)) continue;
    if (await record(ctx, organization.id, admin.id, 'summary', admin.clock.day, listed, now)) {
      queued += 1;
    }
  }
  return queued;
}

/** Records one nudge and queues its sending; false when it was recorded already. */
async function record(
  ctx: NudgeContext,
  organizationId: string,
  userId: string | null,
  kind: 'nudge' | 'summary',
  day: string,
  tasks: readonly (Task | NamedTask)[],
  now: Date,
): Promise<boolean> {
  const list = tasks.map((t) => ('state' in t ? named(t) : t));
  const id = await insertNudge(ctx.db, {
    organizationId,
    userId,
    kind,
    day,
    tasks: JSON.stringify(list),
    taskCount: list.length,
    createdAt: now,
  });
  if (id) await ctx.queue.send(id);
  return id !== null;
}
