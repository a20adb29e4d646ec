import type { Db } from '../../db/client';
import type { FindingVerdict } from '../risk-analysis/repository';
import { taskVerdicts } from '../risk-analysis/verdicts';
import { catalogueById } from './catalogue';
import { recordEvidence } from './service';

/**
 * Records what a finished scan of the organisation's domain says about its Admin tasks, in place
 * of what the previous scan said.
 */
export async function recordScanEvidence(
  db: Db,
  organizationId: string,
  findings: readonly FindingVerdict[],
  finishedAt: Date,
): Promise<void> {
  const verdicts = [...taskVerdicts(findings)]
    .filter(([taskId]) => catalogueById.get(taskId)?.scope === 'Admin')
    .map(([catalogueId, verdict]) => ({ catalogueId, userId: null, verdict, detail: null }));
  await recordEvidence(db, organizationId, 'domain-scan', verdicts, finishedAt);
}

/**
 * An organisation's finished scan of its own domain judges its Admin tasks; a public or failed
 * one, or one of another name it watches, judges nothing.
 */
export async function judgeTasksByScan(
  db: Db,
  outcome: {
    organizationId: string | null;
    watchTargetId?: string | null;
    report: { findings: readonly FindingVerdict[] } | null;
  },
): Promise<void> {
  if (outcome.report && outcome.organizationId && !outcome.watchTargetId) {
    await recordScanEvidence(db, outcome.organizationId, outcome.report.findings, new Date());
  }
}
