import { lazy, Suspense } from 'react';

// Only administrators take the guided tour: members never load its code.
const TourController = lazy(() => import('./TourController'));

export function LazyTourController(props: { onStepInNavbar?: () => void }) {
  return (
    <Suspense fallback={null}>
      <TourController {...props} />
    </Suspense>
  );
}
