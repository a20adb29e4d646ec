import type {
  DomainScan,
  DomainScanResponse,
  OrganizationAnalysisResponse,
} from '@castellan/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, httpStatus } from '../../lib/http';
import { pollWhileRunning } from './scan-progress';

const startPublicScan = (domain: string) =>
  http
    .post('risk-analysis/public', { json: { domain } })
    .json<DomainScanResponse>()
    .then((r) => r.scan);

/**
 * The recent report of any public domain, or a scan started for it when there is none (the
 * server reuses a report for an hour). Polled every second while the scan runs.
 */
export const publicScanQuery = (domain: string) =>
  queryOptions({
    queryKey: ['risk-analysis', 'public', domain],
    queryFn: async (): Promise<DomainScan> => {
      try {
        return (
          await http
            .get(`risk-analysis/public/${encodeURIComponent(domain)}`)
            .json<DomainScanResponse>()
        ).scan;
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
    onSuccess: (scan) => queryClient.setQueryData(publicScanQuery(domain).queryKey, scan),
  });
}

/** The organisation's latest analysis and earlier scores, polled while a scan runs. */
export const organizationAnalysisQuery = queryOptions({
  queryKey: ['risk-analysis', 'organization'],
  queryFn: () => http.get('risk-analysis').json<OrganizationAnalysisResponse>(),
  refetchInterval: (query) => pollWhileRunning(query.state.data?.latest),
});

export const useOrganizationAnalysis = () => useQuery(organizationAnalysisQuery);

/** Starts a scan of the organisation's domain (admins); a running scan is returned instead. */
export function useStartOrganizationScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      http
        .post('risk-analysis', { retry: 0 })
        .json<DomainScanResponse>()
        .then((r) => r.scan),
    onSuccess: async (scan) => {
      const { queryKey } = organizationAnalysisQuery;
      if (queryClient.getQueryData(queryKey)) {
        queryClient.setQueryData(queryKey, (old) => (old ? { ...old, latest: scan } : old));
      } else {
        await queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
