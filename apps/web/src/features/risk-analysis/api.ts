import type { DomainScan } from '@castellan/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiQuery } from '../../lib/api';
import { httpStatus } from '../../lib/http';
import { showServerBusy } from '../../lib/toast';
import { pollWhileRunning } from './scan-progress';

/** The scan started, or null when the server was too busy to start one (429). */
const startPublicScan = async (domain: string): Promise<DomainScan | null> =>
  (await api('POST', '/risk-analysis/public', { body: { domain } }))?.scan ?? null;

/**
 * The recent report of any public domain, or a scan started for it when there is none (the
 * server reuses a report for an hour). Polled every second while the scan runs.
 */
export const publicScanQuery = (domain: string) =>
  queryOptions({
    queryKey: ['risk-analysis', 'public', domain],
    queryFn: async ({ client, queryKey }): Promise<DomainScan | null> => {
      try {
        const found = await api('GET', '/risk-analysis/public/:domain', { params: { domain } });
        return found?.scan ?? client.getQueryData<DomainScan>(queryKey) ?? null;
      } catch (error) {
        if (httpStatus(error) !== 404) throw error;
        return startPublicScan(domain);
      }
    },
    refetchInterval: (query) => pollWhileRunning(query.state.data),
  });

export const usePublicScan = (domain: string) => useQuery(publicScanQuery(domain));

/** Scans the domain again (after a failed scan); the answer replaces the one shown. */
export function useRestartPublicScan(domain: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startPublicScan(domain),
    onSuccess: (scan) => {
      if (scan) queryClient.setQueryData(publicScanQuery(domain).queryKey, scan);
    },
  });
}

// Apart from queryOptions, so that the answer's type is known before refetchInterval reads it.
const fetchOrganizationAnalysis = apiQuery('/risk-analysis');

/** The organisation's latest analysis and earlier scores, polled while a scan runs. */
export const organizationAnalysisQuery = queryOptions({
  queryKey: ['risk-analysis', 'organization'],
  queryFn: fetchOrganizationAnalysis,
  refetchInterval: (query) => pollWhileRunning(query.state.data?.latest),
});

export const useOrganizationAnalysis = () => useQuery(organizationAnalysisQuery);

/** Starts a scan of the organisation's domain (admins); a running scan is returned instead. */
export function useStartOrganizationScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api('POST', '/risk-analysis'))?.scan,
    onSuccess: async (scan) => {
      if (!scan) return showServerBusy();
      const { queryKey } = organizationAnalysisQuery;
      if (queryClient.getQueryData(queryKey)) {
        queryClient.setQueryData(queryKey, (old) => (old ? { ...old, latest: scan } : old));
      } else {
        await queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
