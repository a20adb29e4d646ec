import { EVIDENCE_SOURCE_NAMES, type EvidenceSource, type ScoreChange } from '@castellan/contract';
import type { Db } from '../../db/client';
import { findCatalogueScope } from '../organizations/repository';
import { catalogueFor } from '../tasks/assignment';
import { CATALOGUE } from '../tasks/catalogue';
import { listTaskChanges } from '../tasks/repository';
import { pointsOf } from './model';

/** How many changes the score's answer lists at most. */
export const CHANGES_LISTED = 50;

type StoredChange = Awaited<ReturnType<typeof listTaskChanges>>[number];

/** One sentence for a change: the task, whose it is, and who or which check changed it. */
export function describeChange(title: string, c: StoredChange): string {
  const whose = c.userId === null ? '' : ` for ${c.ownerName ?? 'a former member'}`;
  if (c.source === 'reattestation') {
    return `“${title}” open again${whose}: its attestation lapsed`;
  }
  const how =
    c.source === 'manual'
      ? `marked by ${c.changedByName ?? 'a former member'}`
      : `${EVIDENCE_SOURCE_NAMES[c.source as EvidenceSource]} check`;
  return `“${title}” ${c.done ? 'done' : 'no longer done'}${whose} (${how})`;
}

/** What moved the organisation's score since `since`, latest first, with the points each moved. */
export async function listScoreChanges(
  db: Db,
  organizationId: string,
  since: Date,
): Promise<ScoreChange[]> {
  const [scope, stored] = await Promise.all([
    findCatalogueScope(db, organizationId),
    listTaskChanges(db, organizationId, since, CHANGES_LISTED),
  ]);
  const catalogue = catalogueFor(CATALOGUE, scope.workspace, scope.connected);
  return stored.flatMap((c) => {
    // A task retired from the catalogue (or not in this office suite) no longer counts.
    const task = catalogue.find((t) => t.id === c.catalogueId);
    if (!task) return [];
    const points = pointsOf(catalogue, task, c.teamSize);
    return [
      {
        at: c.changedAt.toISOString(),
        date: c.changedAt.toISOString().slice(0, 10),
        points: Math.round((c.done ? points : -points) * 100) / 100,
        source: c.source as ScoreChange['source'],
        summary: describeChange(task.title, c),
      },
    ];
  });
}
