import type { NotApplicable } from '@castellan/contract';
import type { CatalogueTask } from './catalogue/types';
import type { NotApplicableRow, SnoozeRow } from './states/repository';

/** What sets a task apart from open or done: marked not applicable, or snoozed. */
export type TaskStateOf = { notApplicable: NotApplicable | null; snoozedUntil: Date | null };

export const NO_STATE: TaskStateOf = { notApplicable: null, snoozedUntil: null };

/** The organisation's tasks marked not applicable and its running snoozes. */
export class TaskStates {
  private readonly notApplicable = new Map<string, NotApplicable>();
  private readonly snoozes = new Map<string, Date>();

  constructor(notApplicable: Iterable<NotApplicableRow> = [], snoozes: Iterable<SnoozeRow> = []) {
    for (const { catalogueId, reason, by, at } of notApplicable) {
      this.notApplicable.set(catalogueId, { reason, by, at: at.toISOString() });
    }
    for (const { catalogueId, userId, until } of snoozes) {
      this.snoozes.set(`${catalogueId}|${userId ?? ''}`, until);
    }
  }

  isApplicable = (t: Pick<CatalogueTask, 'id'>) => !this.notApplicable.has(t.id);

  /** The catalogue without the tasks marked not applicable: what every total counts. */
  applicable = <T extends Pick<CatalogueTask, 'id'>>(catalogue: readonly T[]): T[] =>
    catalogue.filter(this.isApplicable);

  notApplicableOf = (catalogueId: string) => this.notApplicable.get(catalogueId) ?? null;

  /** A member's task (the organisation's, for an Admin task). */
  of(t: CatalogueTask, member: { id: string }): TaskStateOf {
    const owner = t.scope === 'Admin' ? '' : member.id;
    return {
      notApplicable: this.notApplicableOf(t.id),
      snoozedUntil: this.snoozes.get(`${t.id}|${owner}`) ?? null,
    };
  }
}
