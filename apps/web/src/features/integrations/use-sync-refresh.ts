import type { IntegrationsResponse } from '@castellan/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { INTEGRATIONS_KEY } from './api';

/**
 * When a sync has brought new data (an integration's last scan moved), fetches what the page
 * shows of that integration again: its queries sit under [...INTEGRATIONS_KEY, id].
 */
export function useSyncRefresh(integrations: IntegrationsResponse | null | undefined): void {
  const queryClient = useQueryClient();
  // What the page loaded with: a first sighting is not news.
  const seen = useRef(new Map<string, string | null>());
  useEffect(() => {
    for (const integration of Object.values(integrations ?? {})) {
      const before = seen.current.get(integration.id);
      seen.current.set(integration.id, integration.lastScan);
      if (before !== undefined && before !== integration.lastScan) {
        void queryClient.invalidateQueries({ queryKey: [...INTEGRATIONS_KEY, integration.id] });
      }
    }
  }, [integrations, queryClient]);
}
