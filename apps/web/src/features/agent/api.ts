import type { AgentDevice } from '@castellan/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiDelete, apiQuery } from '../../lib/api';
import { EMPLOYEES_KEY, FRAMEWORKS_KEY, TASKS_KEY } from '../../lib/query-keys';
import { scoreQuery } from '../score';

/** The builds this server hands out, each with its size and SHA-256 (or none yet). */
export const agentDownloadsQuery = queryOptions({
  queryKey: ['agent', 'downloads'],
  queryFn: apiQuery('/agent/downloads'),
});

export const useAgentDownloads = () => useQuery(agentDownloadsQuery);

export type DeviceScope = 'mine' | 'organization';

/** Both scopes' device lists start with this key, so a removal refreshes them together. */
export const AGENT_DEVICES_KEY = ['agent', 'devices'] as const;

/** The signed-in member's devices, or (administrators) every device of the organisation. */
export const agentDevicesQuery = (scope: DeviceScope) =>
  queryOptions({
    queryKey: [...AGENT_DEVICES_KEY, scope],
    queryFn: apiQuery('/agent/devices', { query: { scope } }),
  });

export const useAgentDevices = (scope: DeviceScope) => useQuery(agentDevicesQuery(scope));

/**
 * Besides the score, a device's verdicts change the task lists, everyone's progress and the
 * frameworks' shares.
 */
const FED_BY_DEVICES = [TASKS_KEY, EMPLOYEES_KEY, FRAMEWORKS_KEY];

/** A new one-time enrollment code each call; undefined when the server was too busy (429). */
export function useCreateEnrollmentCode() {
  return useMutation({ mutationFn: () => api('POST', '/agent/enrollment-codes') });
}

/**
 * Removes a device: its token stops working and its results stop counting, so the device lists,
 * the tasks it completed, the score and everyone's progress are fetched again.
 */
export function useRemoveAgentDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (device: AgentDevice) =>
      apiDelete('/agent/devices/:id', { params: { id: device.id } }),
    onSettled: () =>
      Promise.all(
        [AGENT_DEVICES_KEY, scoreQuery.queryKey, ...FED_BY_DEVICES].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
