import { randomBytes } from 'node:crypto';
import {
  type AssuranceReport,
  READINESS_SETS,
  type ReportShare,
  SHARE_DEFAULT_DAYS,
  STALE_EVIDENCE_DAYS,
} from '@castellan/contract';
import type { Db } from '../../db/client';
import { HttpError, NotFoundError } from '../../lib/errors';
import { hashToken } from '../../lib/hash-token';
import { deviceCoverage } from '../devices/coverage';
import { taskProgress } from '../frameworks/progress';
import { readinessOf } from '../readiness/service';
import { organizationScore } from '../score/service';
import { loadProgress } from '../tasks/service';
import {
  findShareByToken,
  insertShare,
  type ListedShare,
  listShares,
  recordShareOpen,
  revokeShare,
} from './repository';

/** The task whose done count is the people with two-step sign-in. */
const TWO_STEP_TASK = 'enable-mfa';
const DAY_MS = 86_400_000;

/** The report as the organisation's evidence stands now. */
export async function assuranceReport(
  db: Db,
  organization: { id: string; domain: string },
  viewerId: string,
  now = new Date(),
): Promise<AssuranceReport> {
  const [score, devices, progress] = await Promise.all([
    organizationScore(db, organization.id),
    deviceCoverage(db, organization.id, now),
    loadProgress(db, organization.id, undefined, undefined, now),
  ]);
  const readiness = readinessOf(progress, viewerId, READINESS_SETS, now);
  const twoStep = progress.catalogue.find((t) => t.id === TWO_STEP_TASK);
  const twoStepDone = twoStep
    ? taskProgress(twoStep, progress.members, progress.completions, progress.states).done
    : 0;
  return {
    organization: { name: organization.domain, domain: organization.domain },
    generatedAt: now.toISOString(),
    score: { value: score.score, grade: score.grade, parts: score.parts },
    readiness,
    coverage: { people: progress.memberCount, peopleWithTwoStep: twoStepDone, ...devices },
    staleAfterDays: STALE_EVIDENCE_DAYS,
  };
}

const toShare = (s: ListedShare): ReportShare => ({
  id: s.id,
  createdAt: s.createdAt.toISOString(),
  createdBy: s.createdBy,
  expiresAt: s.expiresAt.toISOString(),
  revokedAt: s.revokedAt?.toISOString() ?? null,
  opens: s.opens,
  lastOpenedAt: s.lastOpenedAt?.toISOString() ?? null,
});

export async function reportShares(db: Db, organizationId: string): Promise<ReportShare[]> {
  return (await listShares(db, organizationId)).map(toShare);
}

/**
 * Shares the report as it is now: its copy is kept with the link, so the link shows exactly
 * this report. The token is answered once; only its hash is kept.
 */
export async function shareReport(
  db: Db,
  organization: { id: string; domain: string },
  user: { id: string },
  days: number = SHARE_DEFAULT_DAYS,
  publicUrl: string,
  now = new Date(),
): Promise<{ share: ReportShare; url: string }> {
  const report = await assuranceReport(db, organization, user.id, now);
  const token = randomBytes(32).toString('base64url');
  const id = await insertShare(db, {
    organizationId: organization.id,
    tokenHash: hashToken(token),
    report: JSON.stringify(report),
    createdById: user.id,
    expiresAt: new Date(now.getTime() + days * DAY_MS),
  });
  const [share] = await listShares(db, organization.id, id);
  if (!share) throw new Error('the share just made is missing');
  return { share: toShare(share), url: `${publicUrl}/shared/${token}` };
}

export async function endShare(db: Db, organizationId: string, id: string): Promise<ReportShare> {
  const [share] = (await revokeShare(db, organizationId, id))
    ? await listShares(db, organizationId, id)
    : [];
  if (!share) throw new NotFoundError('No such share link.');
  return toShare(share);
}

/**
 * The report behind a link, for anyone who has it, logged as opened; a revoked or expired link
 * is gone (410), an unknown one not found.
 */
export async function openSharedReport(
  db: Db,
  token: string,
  format: 'page' | 'pdf',
  userAgent: string | undefined,
  now = new Date(),
): Promise<{ report: AssuranceReport; expiresAt: Date }> {
  const share = await findShareByToken(db, hashToken(token));
  if (!share) throw new NotFoundError('No such share link.');
  if (share.revokedAt) throw new HttpError(410, 'This share link was revoked.');
  if (share.expiresAt <= now) throw new HttpError(410, 'This share link has expired.');
  await recordShareOpen(db, share.id, format, userAgent?.slice(0, 200) ?? null);
  return { report: JSON.parse(share.report) as AssuranceReport, expiresAt: share.expiresAt };
}
