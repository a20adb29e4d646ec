import type { AppSuite, ConnectedAppsResponse } from '@castellan/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiQuery } from '../../lib/api';
import { FRAMEWORKS_KEY, INTEGRATIONS_KEY, TASKS_KEY } from '../../lib/query-keys';

/** Every query of the apps with access starts with this key. */
export const CONNECTED_APPS_KEY = ['connected-apps'] as const;

/** Where the vendor list downloads from (a plain link: the browser saves the file). */
export const VENDOR_LIST_URL = '/api/connected-apps/vendors.csv';

/**
 * The apps with access as the suites' last syncs read them. `version` names those syncs (their
 * times): when a sync brings new data, the list is fetched again.
 */
export const connectedAppsQuery = (version: string) =>
  queryOptions({
    queryKey: [...CONNECTED_APPS_KEY, version],
    queryFn: apiQuery('/connected-apps'),
  });

export const useConnectedApps = (version: string) => useQuery(connectedAppsQuery(version));

export type AppDecision =
  | { action: 'approve'; suite: AppSuite; clientId: string; note?: string }
  | { action: 'unapprove'; suite: AppSuite; clientId: string };

/**
 * Approves an app or takes its approval back. The answer is the whole new list; the integrations
 * (their cards' checks) and the tasks are fetched again, as the server judged the apps task anew. A busy server answers
 * nothing (undefined): nothing changed.
 */
export function useDecideApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ...body }: AppDecision) =>
      action === 'approve'
        ? api('POST', '/connected-apps/approve', { body })
        : api('POST', '/connected-apps/unapprove', { body }),
    onSuccess: (list: ConnectedAppsResponse | undefined) => {
      if (list) queryClient.setQueriesData({ queryKey: CONNECTED_APPS_KEY }, list);
    },
    onSettled: () =>
      Promise.all(
        [INTEGRATIONS_KEY, TASKS_KEY, FRAMEWORKS_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
