import { queryOptions } from '@tanstack/react-query';
import { apiQuery } from '../../lib/api';

/**
 * Where the administrator is in the tours; read afresh whenever the app layout mounts (null when
 * the server was too busy to answer). Apart from the tour's code, which loads only when needed.
 */
export const toursQuery = queryOptions({
  queryKey: ['tours'],
  queryFn: apiQuery('/tours'),
  staleTime: 0,
  retry: false,
  refetchOnWindowFocus: false,
});

/** Whether the main tour is over (completed or dismissed) in the server's records. */
export const mainTourOver = (records: readonly { tourType: string; status: string }[]) => {
  const main = records.find((record) => record.tourType === 'main');
  return main?.status === 'completed' || main?.status === 'dismissed';
};
