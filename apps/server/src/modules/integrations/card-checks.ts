import type { Role, SecurityCheck } from '@castellan/contract';
import { taskIdOf } from '../tasks/assignment';
import { catalogueById } from '../tasks/catalogue';
import type { Evidence } from '../tasks/evidence';
import type { ProviderAdapter } from './kit/adapter';
import { checkOutcome } from './kit/checks';
import type { IntegrationRow } from './kit/repository';

/** Who is looking at the integrations page: each check links to their own copy of its task. */
export type Viewer = { userId: string; role: Role };

/** The viewer's copy of a catalogue task (`/tasks/:id`), or null when they hold none. */
function viewersTask(catalogueId: string, viewer: Viewer): string | null {
  const task = catalogueById.get(catalogueId);
  if (!task || (task.scope === 'Admin' && viewer.role !== 'admin')) return null;
  return taskIdOf(catalogueId, viewer.userId);
}

/**
 * Every check the provider declares, with how it came out in the last sync (from what that sync
 * recorded about tasks, `evidence` being the provider's own) and the viewer's task it decides.
 */
export function cardChecks(
  adapter: ProviderAdapter,
  row: IntegrationRow | undefined,
  evidence: readonly Evidence[],
  viewer: Viewer,
): SecurityCheck[] {
  const facts = row?.facts ?? null;
  return adapter.checks.map((check) => {
    const unavailable = adapter.card.unavailable?.(facts, check) ?? null;
    const outcome = unavailable
      ? { result: 'unknown' as const, checkedAt: row?.lastScan ?? null, detail: null }
      : checkOutcome(check, evidence, row?.lastScan ?? null);
    return {
      key: check.key,
      name: check.name,
      description: check.description,
      enabled: true,
      unavailable,
      planNote: adapter.card.planNote?.(facts, check) ?? null,
      result: outcome.result,
      checkedAt: outcome.checkedAt?.toISOString() ?? null,
      detail: outcome.detail,
      taskId: viewersTask(check.task, viewer),
    };
  });
}

/**
 * How many active accounts of the office suite's directory, as its last sync read it, are not
 * members of the organisation now; null for administrators' eyes only, and before a sync that kept
 * the directory.
 */
export function notInCastellan(
  adapter: ProviderAdapter,
  row: IntegrationRow | undefined,
  memberEmails: ReadonlySet<string> | null,
): number | null {
  if (!adapter.suite || !row?.facts || !row.lastScan || !memberEmails) return null;
  const directory = adapter.suite.directory(row.facts);
  return directory ? directory.filter((email) => !memberEmails.has(email)).length : null;
}
