import {
  createNotificationsStore,
  type NotificationData,
  type NotificationsState,
  type NotificationsStore,
} from '@mantine/notifications';

/**
 * A Mantine notifications store whose closed toasts stay in place for `leaveDelay` ms before they
 * leave. Mantine takes a closed toast out of its store at once, which starts its leave transition
 * at once; the spec's toasts wait first (§9). Their onClose has run when the delay starts.
 */
export function createToastStore(leaveDelay: number): NotificationsStore {
  const store = createNotificationsStore();
  const commit = store.setState.bind(store);
  const leaving = new Set<string | undefined>();

  store.setState = (value) => {
    const before = store.getState();
    const after: NotificationsState = typeof value === 'function' ? value(before) : value;
    const kept = new Set([...after.notifications, ...after.queue].map((n) => n.id));
    const removed = before.notifications.filter((n) => !kept.has(n.id));
    if (removed.length === 0) return commit(after);
    // A toast already leaving keeps its own timer.
    const closed = removed.filter((n) => !leaving.has(n.id));

    // In their old places (so nothing jumps), with the new toasts after them.
    const current = new Map(after.notifications.map((n) => [n.id, n]));
    const earlier = new Set(before.notifications.map((n) => n.id));
    const shown: NotificationData[] = [
      ...before.notifications.flatMap((n) => current.get(n.id) ?? (removed.includes(n) ? [n] : [])),
      ...after.notifications.filter((n) => !earlier.has(n.id)),
    ];
    for (const n of closed) leaving.add(n.id);
    commit({ ...after, notifications: shown });

    if (closed.length === 0) return;
    const gone = new Set(closed.map((n) => n.id));
    setTimeout(() => {
      for (const id of gone) leaving.delete(id);
      const now = store.getState();
      commit({ ...now, notifications: now.notifications.filter((n) => !gone.has(n.id)) });
    }, leaveDelay);
  };
  return store;
}
