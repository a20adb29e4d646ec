import type { WatchChangesResponse } from '@castellan/contract';
import type { Db } from '../../db/client';
import { taskIdOf } from '../tasks/assignment';
import { catalogueById } from '../tasks/catalogue';
import { listChanges } from './repository';

/**
 * A page of the organisation's timeline, newest first. A change's task links to the viewer's own
 * copy: the scan's tasks are administrators' tasks, and the timeline is theirs.
 */
export async function timelineOf(
  db: Db,
  viewer: { organizationId: string; userId: string },
  before: string | null,
  limit: number,
): Promise<WatchChangesResponse> {
  const rows = await listChanges(db, viewer.organizationId, before, limit + 1);
  return {
    more: rows.length > limit,
    changes: rows.slice(0, limit).map(({ change, targetName }) => {
      const task = change.catalogueId ? catalogueById.get(change.catalogueId) : undefined;
      return {
        id: change.id,
        targetName,
        kind: change.kind,
        direction: change.direction,
        summary: change.summary,
        catalogueId: change.catalogueId,
        taskId: task?.scope === 'Admin' ? taskIdOf(task.id, viewer.userId) : null,
        before: change.before,
        after: change.after,
        detectedAt: change.detectedAt.toISOString(),
        alertedAt: change.alertedAt?.toISOString() ?? null,
      };
    }),
  };
}
