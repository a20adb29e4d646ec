import type { Task } from '@castellan/contract';
import { listNudgingOrganizations } from '../organizations/repository';
import { listTasks } from '../tasks/service';
import { deleteDeadlines, insertDeadlines, listDeadlines } from '../tasks/states/repository';
import { listRecipients } from '../users/repository';
import { isWorkingTime, localClock, zoneOf } from './clock';
import type { NudgeContext } from './context';
import { deadlineChanges, dueSoon, type NamedTask, overdue, withClocksStarted } from './plan';
import { insertNudges, listRecordedNudges } from './repository';
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

const noCounts = (): NudgeRunCounts => ({
  organizations: 0,
  nudges: 0,
  summaries: 0,
  clocksStarted: 0,
});

/**
 * The hourly nudge run of every organisation that nudges, one after another (the scheduled job
 * gives each organisation a job of its own instead: `runNudgesFor`). Records are unique, so two
 * processes or a second run send nothing twice.
 */
export async function runNudges(
  ctx: NudgeContext,
  now = new Date(),
  signal?: AbortSignal,
): Promise<NudgeRunCounts> {
  const counts = noCounts();
  for (const organization of await listNudgingOrganizations(ctx.db)) {
    // Cut off (shutdown, the job's expiry): what is recorded stays, the next run does the rest.
    signal?.throwIfAborted();
    await nudgeOrganization(ctx, organization, now, counts);
  }
  return counts;
}

/** The organisations whose hourly run is due: those that nudge. */
export const listNudgingOrganizationIds = async (db: NudgeContext['db']) =>
  (await listNudgingOrganizations(db)).map((o) => o.id);

/** The hourly nudge run of one organisation; nothing when it does not nudge (any more). */
export async function runNudgesFor(
  ctx: NudgeContext,
  organizationId: string,
  now = new Date(),
): Promise<NudgeRunCounts> {
  const counts = noCounts();
  for (const organization of await listNudgingOrganizations(ctx.db, organizationId)) {
    await nudgeOrganization(ctx, organization, now, counts);
  }
  return counts;
}

/**
 * One organisation's run: starts and stops its tasks' clocks; then, when someone is in their
 * working hours (`organizations` counts those), records and queues a nudge for each person in
 * their working hours with tasks due soon or overdue (once per day of their clock), and the
 * administrators' summary of overdue tasks (once per day: to the organisation's channel, or to
 * each administrator).
 */
async function nudgeOrganization(
  ctx: NudgeContext,
  organization: Organization,
  now: Date,
  counts: NudgeRunCounts,
): Promise<void> {
  const members = await listRecipients(ctx.db, organization.id);
  const people = members
    // Invited but never signed in: their invitation speaks for now.
    .filter((r) => r.lastSignInAt !== null)
    .map((r) => ({ ...r, zone: zoneOf(r.timeZone), clock: localClock(now, zoneOf(r.timeZone)) }))
    .filter((r) => isWorkingTime(r.clock));
  // Every open task has its due date, whoever is at work now.
  const tasks = await startClocks(ctx, organization.id, now, counts);
  if (people.length === 0) return;
  counts.organizations += 1;
  counts.nudges += await queuePersonNudges(ctx, organization, people, tasks, now);
  counts.summaries += await queueSummaries(ctx, organization, members, people, tasks, now);
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

type Planned = {
  userId: string | null;
  kind: 'nudge' | 'summary';
  day: string;
  tasks: NamedTask[];
};

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
  for (const t of tasks) {
    const own = byEmail.get(t.user);
    if (own) own.push(t);
    else byEmail.set(t.user, [t]);
  }
  const planned: Planned[] = [];
  for (const person of people) {
    if (person.remindersOptOut || recorded.has(`${person.id}|${person.clock.day}`)) continue;
    const due = dueSoon(byEmail.get(person.email) ?? [], now);
    if (due.length === 0) continue;
    planned.push({
      userId: person.id,
      kind: 'nudge',
      day: person.clock.day,
      tasks: due.map((t) => named(t)),
    });
  }
  return record(ctx, organization.id, planned, now);
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
    return record(
      ctx,
      organization.id,
      [{ userId: null, kind: 'summary', day, tasks: listed }],
      now,
    );
  }
  const recorded = await listRecordedNudges(
    ctx.db,
    organization.id,
    'summary',
    admins.map((a) => a.clock.day),
  );
  const planned: Planned[] = admins
    .filter((admin) => !admin.digestOptOut && !recorded.has(`${admin.id}|${admin.clock.day}`))
    .map((admin) => ({ userId: admin.id, kind: 'summary', day: admin.clock.day, tasks: listed }));
  return record(ctx, organization.id, planned, now);
}

/**
 * Records the nudges in one statement and queues the sending of each; how many were recorded
 * (one recorded already, by another run or process, is left out).
 */
async function record(
  ctx: NudgeContext,
  organizationId: string,
  planned: readonly Planned[],
  now: Date,
): Promise<number> {
  const ids = await insertNudges(
    ctx.db,
    planned.map((p) => ({
      organizationId,
      userId: p.userId,
      kind: p.kind,
      day: p.day,
      tasks: JSON.stringify(p.tasks),
      taskCount: p.tasks.length,
      createdAt: now,
    })),
  );
  for (const id of ids) await ctx.queue.send(id);
  return ids.length;
}
