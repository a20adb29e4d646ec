import type { AwsFindings } from '@castellan/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { INTEGRATIONS_KEY } from '../../api';

const FINDINGS_KEY = [...INTEGRATIONS_KEY, 'aws', 'findings'] as const;

/** What the last AWS sync found (GET integrations/aws/findings). */
export const useAwsFindings = () =>
  useQuery({
    queryKey: FINDINGS_KEY,
    queryFn: async ({ signal }): Promise<AwsFindings | null> =>
      (await api('GET', '/integrations/aws/findings', { signal })) ?? null,
  });
