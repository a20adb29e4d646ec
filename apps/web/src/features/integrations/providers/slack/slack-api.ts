import type { SlackWorkspaceResponse } from '@castellan/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { INTEGRATIONS_KEY } from '../../api';

/** What the last Slack sync found of the workspace (GET integrations/slack/workspace). */
export const useSlackWorkspace = () =>
  useQuery({
    queryKey: [...INTEGRATIONS_KEY, 'slack', 'workspace'] as const,
    queryFn: async ({ signal }): Promise<SlackWorkspaceResponse | null> =>
      (await api('GET', '/integrations/slack/workspace', { signal })) ?? null,
  });
