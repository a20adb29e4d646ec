import type { SnoozeTaskRequest, Task } from '@castellan/contract';
import { Alert, Button, Group } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { formatDate } from '../../lib/format-date';
import { useMountedOnceOpen } from '../../lib/use-mounted-once-open';
import type { StateChange } from './api';

type Props = {
  task: Task;
  /** Whether the signed-in user may act on this task (their own, or an admin task). */
  canAct: boolean;
  isAdmin: boolean;
  busy: boolean;
  onChange: (change: StateChange) => void;
};

// The contract's SNOOZE_DAYS, whose module would bring its schemas (zod) into the page.
const SNOOZE_DAYS: readonly SnoozeTaskRequest['days'][] = [7, 30];

// Its text box loads when an administrator first asks for it.
const NotApplicableDialog = lazy(() => import('./NotApplicableDialog'));

/** What a snoozed or not-applicable task says about itself. */
export function TaskStateNote({ task }: { task: Task }) {
  if (task.notApplicable) {
    const by = task.notApplicable.by ? ` (${task.notApplicable.by})` : '';
    return (
      <Alert color="gray" variant="light" title="Not applicable">
        Not applicable: {task.notApplicable.reason}
        {by}
      </Alert>
    );
  }
  if (task.state === 'snoozed' && task.snoozedUntil) {
    return (
      <Alert color="blue" variant="light" title="Snoozed">
        Snoozed until {formatDate(task.snoozedUntil, { timeZone: 'UTC' })}. It comes back to the
        open tasks then.
      </Alert>
    );
  }
  return null;
}

/**
 * Snooze and not-applicable actions of the task view: whoever may complete a task may snooze
 * it; only an administrator may mark it not applicable (for the whole organisation) or undo that.
 */
export function TaskStateActions({ task, canAct, isAdmin, busy, onChange }: Props) {
  const [asking, setAsking] = useState(false);
  const dialogMounted = useMountedOnceOpen(asking);
  const notApplicable = task.state === 'not-applicable';
  const mayMarkApplicable = isAdmin && !task.isCompleted;
  const maySnooze = canAct && task.state === 'open';
  if (!mayMarkApplicable && !maySnooze && !(canAct && task.state === 'snoozed') && !notApplicable)
    return null;
  return (
    <Group gap="xs" wrap="wrap">
      {/* Two choices only: two buttons, one click each, rather than a menu to open first. */}
      {maySnooze &&
        SNOOZE_DAYS.map((days) => (
          <Button
            key={days}
            variant="default"
            loading={busy}
            onClick={() => onChange({ task, change: 'snooze', days })}
          >
            Snooze {days} days
          </Button>
        ))}
      {canAct && task.state === 'snoozed' && (
        <Button
          variant="default"
          loading={busy}
          onClick={() => onChange({ task, change: 'unsnooze' })}
        >
          Unsnooze
        </Button>
      )}
      {isAdmin && notApplicable && (
        <Button
          variant="default"
          loading={busy}
          onClick={() => onChange({ task, change: 'applicable' })}
        >
          Make applicable again
        </Button>
      )}
      {mayMarkApplicable && !notApplicable && (
        <Button variant="subtle" color="gray" onClick={() => setAsking(true)}>
          Not applicable…
        </Button>
      )}
      {dialogMounted && (
        <Suspense fallback={null}>
          <NotApplicableDialog
            task={asking ? task : null}
            onClose={() => setAsking(false)}
            onConfirm={(t, reason) => onChange({ task: t, change: 'not-applicable', reason })}
          />
        </Suspense>
      )}
    </Group>
  );
}
