import type { SharedReportResponse } from '@castellan/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { httpStatus } from '../../lib/http';

/** What a share link gives: the report, or the server's reason for refusing it. */
export type SharedReportAnswer =
  | { kind: 'report'; shared: SharedReportResponse }
  | { kind: 'refused'; message: string };

/** The statuses of a link that will not open however often it is tried: not one, gone, ended. */
const REFUSALS = new Set([400, 404, 410]);

/** A shared report by its link's token; null when the server was too busy to answer. */
export const sharedReportQuery = (token: string) =>
  queryOptions({
    queryKey: ['shared-report', token],
    queryFn: async ({ signal }): Promise<SharedReportAnswer | null> => {
      try {
        const shared = await api('GET', '/shared-reports/:token', { params: { token }, signal });
        return shared ? { kind: 'report', shared } : null;
      } catch (error) {
        const status = httpStatus(error);
        if (status !== undefined && REFUSALS.has(status)) {
          return { kind: 'refused', message: (error as Error).message };
        }
        throw error;
      }
    },
  });

export const useSharedReport = (token: string) => useQuery(sharedReportQuery(token));
