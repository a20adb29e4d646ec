import type { EvidenceSource } from '@castellan/contract';
import type { Db } from '../../db/client';
import { findCatalogueScope } from '../organizations/repository';
import { countMembers, listMembersByName } from '../users/repository';
import { assignedTo, Completions, catalogueFor } from './assignment';
import { CATALOGUE } from './catalogue';
import { type Evidence, EvidenceIndex } from './evidence';
import { listCompletions, listEvidence, recordTaskChanges, type TaskChange } from './repository';

/**
 * Which tasks a source's report moves between done and open, recorded in `task_changes` for the
 * score's "what moved it". `write` stores the report: `rows` replace what `source` said about the
 * organisation (or about `onlyUserId` only).
 */
export async function withEvidenceChanges(
  db: Db,
  organizationId: string,
  source: EvidenceSource,
  rows: readonly Omit<Evidence, 'source'>[],
  onlyUserId: string | undefined,
  write: () => Promise<void>,
): Promise<void> {
  // One after the other: `db` is often the caller's transaction, one connection that runs one
  // query at a time (node-postgres queues the rest, a use it deprecates).
  const scope = await findCatalogueScope(db, organizationId);
  const members = await listMembersByName(db, organizationId, onlyUserId);
  const { members: teamSize } = await countMembers(db, organizationId);
  const manual = await listCompletions(db, organizationId, onlyUserId);
  const before = await listEvidence(db, organizationId, onlyUserId);
  await write();
  const replaced = (e: Evidence) =>
    e.source === source && (onlyUserId === undefined || e.userId === onlyUserId);
  const after = [...before.filter((e) => !replaced(e)), ...rows.map((r) => ({ ...r, source }))];
  const touched = new Set(
    [...before.filter(replaced), ...rows].map((e) => `${e.catalogueId}|${e.userId ?? ''}`),
  );
  const was = new Completions(manual, new EvidenceIndex(before));
  const is = new Completions(manual, new EvidenceIndex(after));
  const catalogue = catalogueFor(CATALOGUE, scope.workspace, scope.connected);
  const changes: TaskChange[] = [];
  const compare = (catalogueId: string, userId: string | null, member: { id: string }) => {
    const task = catalogue.find((t) => t.id === catalogueId);
    if (!task || !touched.has(`${catalogueId}|${userId ?? ''}`)) return;
    const done = Boolean(is.of(task, member));
    if (done !== Boolean(was.of(task, member))) {
      changes.push({ catalogueId, userId, done, source, changedById: null, teamSize });
    }
  };
  for (const t of catalogue) if (t.scope === 'Admin') compare(t.id, null, { id: '' });
  for (const m of members) {
    for (const t of assignedTo(catalogue, m)) if (t.scope !== 'Admin') compare(t.id, m.id, m);
  }
  await recordTaskChanges(db, organizationId, changes);
}
