import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { TOASTS_PROPS } from './toast';

// The toasts' view (transitions, portal) is loaded with the first toast, not with every page.
const Toasts = lazy(() => import('./Toasts'));

/** The app's one place for toasts: mounted from the first toast on, then kept. */
export function ToastHost() {
  const { notifications, queue } = useNotifications(TOASTS_PROPS.store);
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
