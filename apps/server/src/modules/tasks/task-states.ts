import type { NotApplicable } from '@castellan/contract';
import type { CatalogueTask } from './catalogue/types';
import type { DeadlineRow, NotApplicableRow, SnoozeRow } from './states/repository';

/**
 * What sets a task apart from open or done (marked not applicable, or snoozed), and what its
 * due date counts from.
 */
export type TaskStateOf = {
  notApplicable: NotApplicable | null;
  snoozedUntil: Date | null;
  /** When the daily nudge run first saw it open; null before. */
  openedAt: Date | null;
  /** Whether administrators are told when it is overdue. */
  escalate: boolean;
};

export const NO_STATE: TaskStateOf = {
  notApplicable: null,
  snoozedUntil: null,
  openedAt: null,
  escalate: true,
};

const keyOf = (catalogueId: string, userId: string | null) => `${catalogueId}|${userId ?? ''}`;

/**
 * The organisation's tasks marked not applicable, its running snoozes, when its open tasks were
 * first seen open, and the tasks whose escalation is off.
 */
export class TaskStates {
  private readonly notApplicable = new Map<string, NotApplicable>();
  private readonly snoozes = new Map<string, Date>();
  private readonly deadlines = new Map<string, Date>();
  private readonly escalationOff: ReadonlySet<string>;

  constructor(
    notApplicable: Iterable<NotApplicableRow> = [],
    snoozes: Iterable<SnoozeRow> = [],
    deadlines: Iterable<DeadlineRow> = [],
    escalationOff: Iterable<string> = [],
  ) {
    for (const { catalogueId, reason, by, at } of notApplicable) {
      this.notApplicable.set(catalogueId, { reason, by, at: at.toISOString() });
    }
    for (const { catalogueId, userId, until } of snoozes) {
      this.snoozes.set(keyOf(catalogueId, userId), until);
    }
    for (const { catalogueId, userId, openedAt } of deadlines) {
      this.deadlines.set(keyOf(catalogueId, userId), openedAt);
    }
    this.escalationOff = new Set(escalationOff);
  }

  isApplicable = (t: Pick<CatalogueTask, 'id'>) => !this.notApplicable.has(t.id);

  /** The catalogue without the tasks marked not applicable: what every total counts. */
  applicable = <T extends Pick<CatalogueTask, 'id'>>(catalogue: readonly T[]): T[] =>
    catalogue.filter(this.isApplicable);

  notApplicableOf = (catalogueId: string) => this.notApplicable.get(catalogueId) ?? null;

  /** A member's task (the organisation's, for an Admin task). */
  of(t: CatalogueTask, member: { id: string }): TaskStateOf {
    const key = keyOf(t.id, t.scope === 'Admin' ? null : member.id);
    return {
      notApplicable: this.notApplicableOf(t.id),
      snoozedUntil: this.snoozes.get(key) ?? null,
      openedAt: this.deadlines.get(key) ?? null,
      escalate: !this.escalationOff.has(t.id),
    };
  }
}
