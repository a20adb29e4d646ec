// What an organisation watches and how often: its own domain always, up to 20 more names, and the
// scans each gets now and on the schedule.
import {
  parsePublicDomain,
  WATCH_EXTRA_TARGETS_MAX,
  type WatchFrequency,
  type WatchResponse,
  type WatchTarget,
  type WatchTargetSource,
} from '@castellan/contract';
import type { Db } from '../../db/client';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  TooManyRequestsError,
} from '../../lib/errors';
import type { AuditActor } from '../audit/actor';
import { recordAuditEvent } from '../audit/repository';
import type { BackgroundScans } from '../risk-analysis/background-scans';
import {
  type DomainScanRow,
  latestScansOfTargets,
  listOrganizationScans,
} from '../risk-analysis/repository';
import {
  claimScan,
  countExtraTargets,
  deleteTarget,
  findFrequency,
  findTarget,
  insertTarget,
  listTargets,
  saveFrequency,
  type WatchTargetRow,
} from './repository';
import { firstDue, MIN_INTERVAL_MS } from './schedule';

/** Who changes the watch, and where: every change is in the organisation's audit log. */
export type WatchCaller = { organizationId: string; actor: AuditActor };

export type WatchActor = WatchCaller & {
  domain: string;
  /** Whether reserved names (`.test`) may be watched: the scanner's SCAN_ALLOW_PRIVATE. */
  allowReserved: boolean;
};

function briefOf(scan: DomainScanRow | null): WatchTarget['lastScan'] {
  if (!scan) return null;
  const findings = scan.report?.findings ?? [];
  return {
    id: scan.id,
    state: scan.state,
    startedAt: scan.startedAt.toISOString(),
    finishedAt: scan.finishedAt?.toISOString() ?? null,
    grade: scan.report?.grade ?? null,
    failing: findings.filter((f) => f.status === 'fail').length,
    error: scan.error,
    certificateProblem:
      findings.find((f) => f.check === 'certificate' && f.status === 'fail')?.title ?? null,
  };
}

const targetOf = (row: WatchTargetRow, scan: DomainScanRow | null): WatchTarget => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  source: row.source,
  addedAt: row.addedAt.toISOString(),
  lastScan: briefOf(scan),
  nextScanAt: row.nextScanAt.toISOString(),
});

/** The latest scan of each target: its own domain's is the organisation's own latest scan. */
async function latestScansOf(db: Db, organizationId: string, targets: readonly WatchTargetRow[]) {
  const extras = targets.filter((t) => t.kind !== 'primary').map((t) => t.id);
  const [[own], others] = await Promise.all([
    listOrganizationScans(db, organizationId, { limit: 1 }),
    latestScansOfTargets(db, extras),
  ]);
  return (target: WatchTargetRow) =>
    (target.kind === 'primary' ? own : others.get(target.id)) ?? null;
}

async function describeTarget(db: Db, row: WatchTargetRow): Promise<WatchTarget> {
  const latest = await latestScansOf(db, row.organizationId, [row]);
  return targetOf(row, latest(row));
}

export async function watchOf(db: Db, organizationId: string): Promise<WatchResponse> {
  const [frequency, targets] = await Promise.all([
    findFrequency(db, organizationId),
    listTargets(db, organizationId),
  ]);
  const latest = await latestScansOf(db, organizationId, targets);
  return { frequency, targets: targets.map((t) => targetOf(t, latest(t))) };
}

export async function changeFrequency(
  db: Db,
  caller: WatchCaller,
  frequency: WatchFrequency,
): Promise<WatchResponse> {
  await db.transaction(async (tx) => {
    await saveFrequency(tx, caller.organizationId, frequency, caller.actor.id);
    await recordAuditEvent(tx, {
      action: 'watch.frequency_changed',
      organizationId: caller.organizationId,
      actor: caller.actor,
      details: { frequency },
    });
  });
  return watchOf(db, caller.organizationId);
}

/** Starts a scan of a target that its rate limit lets through (already marked started). */
function startScan(scans: BackgroundScans, row: WatchTargetRow, scheduled: boolean) {
  const own = row.kind === 'primary';
  return scans.start({
    domain: row.name,
    organizationId: row.organizationId,
    requestedById: null,
    watchTargetId: own ? null : row.id,
    scope: row.kind === 'subdomain' ? 'web' : 'full',
    scheduled,
  });
}

/**
 * Watches another domain, or a name under the organisation's, and scans it at once. The name is
 * checked as the public report checks what is typed.
 */
export async function addTarget(
  db: Db,
  scans: BackgroundScans,
  actor: WatchActor,
  input: string,
  source: WatchTargetSource = 'added',
  now = new Date(),
): Promise<WatchTarget> {
  const parsed = parsePublicDomain(input, { allowReserved: actor.allowReserved, pasted: true });
  if (!parsed.ok) throw new BadRequestError(parsed.error);
  const name = parsed.domain;
  if (name === actor.domain) {
    throw new ConflictError(`${name} is your organisation's own domain: it is always watched.`);
  }
  if ((await countExtraTargets(db, actor.organizationId)) >= WATCH_EXTRA_TARGETS_MAX) {
    throw new BadRequestError(
      `You already watch ${WATCH_EXTRA_TARGETS_MAX} names besides your own domain. Stop watching one to add another.`,
    );
  }
  const id = crypto.randomUUID();
  const row = await insertTarget(db, {
    id,
    organizationId: actor.organizationId,
    name,
    kind: name.endsWith(`.${actor.domain}`) ? 'subdomain' : 'domain',
    source,
    addedById: actor.actor.id,
    nextScanAt: firstDue(id, now),
    lastScanStartedAt: now,
  });
  if (!row) throw new ConflictError(`${name} is already watched.`);
  await recordAuditEvent(db, {
    action: 'watch.target_added',
    organizationId: actor.organizationId,
    actor: actor.actor,
    details: { name, kind: row.kind, source },
  });
  const scan = await startScan(scans, row, false);
  return targetOf(row, scan);
}

export async function removeTarget(db: Db, caller: WatchCaller, id: string): Promise<void> {
  const row = await findTarget(db, caller.organizationId, id);
  if (!row) throw new NotFoundError('That name is not watched.');
  if (row.kind === 'primary') {
    throw new BadRequestError(
      `${row.name} is your organisation's own domain: it is always watched.`,
    );
  }
  if (!(await deleteTarget(db, caller.organizationId, id))) return;
  await recordAuditEvent(db, {
    action: 'watch.target_removed',
    organizationId: caller.organizationId,
    actor: caller.actor,
    details: { name: row.name },
  });
}

/** Scans a watched name now, unless it was scanned within the hour (429 with when it may be). */
export async function scanTargetNow(
  db: Db,
  scans: BackgroundScans,
  organizationId: string,
  id: string,
  now = new Date(),
): Promise<WatchTarget> {
  const row = await findTarget(db, organizationId, id);
  if (!row) throw new NotFoundError('That name is not watched.');
  const claimed = await claimScan(db, row.id, now, new Date(now.getTime() - MIN_INTERVAL_MS));
  if (!claimed) {
    const last = row.lastScanStartedAt?.getTime() ?? now.getTime();
    const free = new Date(last + MIN_INTERVAL_MS);
    const seconds = Math.max(1, Math.ceil((free.getTime() - now.getTime()) / 1000));
    throw new TooManyRequestsError(
      `${row.name} was scanned less than an hour ago. It can be scanned again after ${free.toISOString().slice(11, 16)} UTC.`,
      seconds,
    );
  }
  await startScan(scans, claimed, false);
  return describeTarget(db, claimed);
}

export { startScan as startWatchScan };
