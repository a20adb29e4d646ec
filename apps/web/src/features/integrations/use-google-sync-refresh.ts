import type { Integration } from '@castellan/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { GOOGLE_KEY } from './google-api';

/** When a Google Workspace sync has brought new data (its last scan moved), shows that data. */
export function useGoogleSyncRefresh(gws: Integration | undefined): void {
  const queryClient = useQueryClient();
  const lastScan = gws?.lastScan;
  // undefined until the statuses are known: the first last scan seen is what the page loaded.
  const seen = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (lastScan === undefined || seen.current === lastScan) return;
    const first = seen.current === undefined;
    seen.current = lastScan;
    if (!first) void queryClient.invalidateQueries({ queryKey: GOOGLE_KEY });
  }, [lastScan, queryClient]);
}
