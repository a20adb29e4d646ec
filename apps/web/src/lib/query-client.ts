import { QueryClient } from '@tanstack/react-query';

/** A query cache with the app's defaults: a failed query shows its error at once. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });

export const queryClient = createQueryClient();
