import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from './toast-store';

const ids = (store: ReturnType<typeof createToastStore>) =>
  store.getState().notifications.map((n) => n.id);

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps a closed toast in its place for the leave delay, then lets it go', () => {
    const store = createToastStore(200);
    const onClose = vi.fn();
    for (const id of ['a', 'b', 'c']) notifications.show({ id, message: id, onClose }, store);
    notifications.hide('b', store);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(ids(store)).toEqual(['a', 'b', 'c']);

    // A toast shown meanwhile comes after it; an update of another one is kept.
    notifications.show({ id: 'd', message: 'd' }, store);
    notifications.update({ id: 'a', message: 'changed' }, store);
    vi.advanceTimersByTime(199);
    expect(ids(store)).toEqual(['a', 'b', 'c', 'd']);

    vi.advanceTimersByTime(1);
    expect(ids(store)).toEqual(['a', 'c', 'd']);
    expect(store.getState().notifications[0]?.message).toBe('changed');
  });

  it('does not restart the delay when a leaving toast is closed again', () => {
    const store = createToastStore(200);
    notifications.show({ id: 'a', message: 'a' }, store);
    notifications.hide('a', store);
    vi.advanceTimersByTime(150);
    notifications.hide('a', store);
    vi.advanceTimersByTime(49);
    expect(ids(store)).toEqual(['a']);
    vi.advanceTimersByTime(1);
    expect(ids(store)).toEqual([]);
  });
});
