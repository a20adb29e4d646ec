import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useUserData } from '../../lib/user-data';
import { setControllerMount } from './restart-tour';
import { mainTourOver, toursQuery } from './tours-query';

// Only administrators take the guided tour, and only while it is not over: the controller's code
// loads for a tour to show or resume, or when Restart Tour asks for it.
const TourController = lazy(() => import('./TourController'));

export function LazyTourController(props: { onStepInNavbar?: () => void }) {
  const { data: user } = useUserData();
  const eligible = user?.role === 'admin' && user.organizationStatus === 'REGISTERED';
  const tours = useQuery({ ...toursQuery, enabled: eligible });
  const [restarted, setRestarted] = useState(false);
  useEffect(() => {
    setControllerMount(() => setRestarted(true));
    return () => setControllerMount(null);
  }, []);
  // Until the server says (or when it could not), there is no tour to show.
  const over = tours.data ? mainTourOver(tours.data) : true;
  if (!restarted && over) return null;
  return (
    <Suspense fallback={null}>
      <TourController {...props} />
    </Suspense>
  );
}
