import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense } from 'react';
import { TOASTS_PROPS } from './toast';
import { useMountedOnceOpen } from './use-mounted-once-open';

// The toasts' view (transitions, portal) is loaded with the first toast, not with every page.
const Toasts = lazy(() => import('./Toasts'));

/** The app's one place for toasts: mounted from the first toast on, then kept. */
export function ToastHost() {
  const { notifications, queue } = useNotifications(TOASTS_PROPS.store);
  const needed = useMountedOnceOpen(notifications.length + queue.length > 0);
  return needed ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
