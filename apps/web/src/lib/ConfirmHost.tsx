import { lazy, Suspense, useEffect, useState } from 'react';
import { hasWaitingConfirmations, onConfirmationAsked } from './confirm';

// The modal code is loaded with the first confirmation asked for, not with every page.
const ConfirmModals = lazy(() => import('./ConfirmModals'));

/** Where confirmations show (`openConfirmModal`): mounted from the first one on, then kept. */
export function ConfirmHost() {
  const [needed, setNeeded] = useState(hasWaitingConfirmations);
  useEffect(() => (needed ? undefined : onConfirmationAsked(() => setNeeded(true))), [needed]);
  return needed ? (
    <Suspense fallback={null}>
      <ConfirmModals />
    </Suspense>
  ) : null;
}
