import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { showToast } from '../../lib/toast';
import { integrationsQuery } from './api';
import {
  connectOutcomeToast,
  mayHaveConnectFlag,
  returnedFrom,
  withoutFlags,
} from './connect-flags';

/**
 * Back from a connect flow at /integrations?<id>=true (spec §2, §4): fetches the statuses again,
 * says whether the integration is now connected, and takes the flag out of the address without
 * a new history entry.
 */
export function useConnectResult(): void {
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  // Each address is handled once, even when a strict-mode effect runs twice.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const address = search.toString();
    if (!mayHaveConnectFlag(search) || handled.current === address) return;
    handled.current = address;
    const { queryKey, queryFn } = integrationsQuery;
    queryClient.fetchQuery({ queryKey, queryFn, staleTime: 0 }).then(
      (integrations) => {
        if (!integrations) return;
        const returned = returnedFrom(search, integrations);
        for (const integration of returned) showToast(connectOutcomeToast(integration));
        if (returned.length > 0) {
          const flags = returned.map((i) => i.id);
          setSearch((current) => withoutFlags(current, flags), { replace: true });
        }
      },
      (error: Error) =>
        showToast({
          severity: 'error',
          summary: 'Could not check the connection',
          detail: error.message,
          life: 10_000,
        }),
    );
  }, [search, setSearch, queryClient]);
}
