import type {
  WatchChangesResponse,
  WatchFrequency,
  WatchResponse,
  WatchSuggestionsResponse,
  WatchTarget,
} from '@castellan/contract';
import {
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, apiDelete, apiQuery } from '../../lib/api';
import { anyScanRunning } from './watch-words';

const WATCH_KEY = ['watch'] as const;

/** How often the page asks again while a scan or a search runs. */
export const WATCH_POLL_MS = 2000;

// Apart from queryOptions, so that the answer's type is known before refetchInterval reads it.
const fetchWatch = apiQuery('/watch');

/** What is watched and how often, polled while any scan of it runs. */
export const watchQuery = queryOptions({
  queryKey: [...WATCH_KEY, 'targets'],
  queryFn: fetchWatch,
  refetchInterval: (query) => (anyScanRunning(query.state.data) ? WATCH_POLL_MS : false),
});

export const useWatch = () => useQuery(watchQuery);

const fetchSuggestions = apiQuery('/watch/suggestions');

/** The names certificate transparency logs know of, polled while a search runs. */
export const suggestionsQuery = queryOptions({
  queryKey: [...WATCH_KEY, 'suggestions'],
  queryFn: fetchSuggestions,
  refetchInterval: (query) => (query.state.data?.state === 'searching' ? WATCH_POLL_MS : false),
});

export const useSuggestions = () => useQuery(suggestionsQuery);

const CHANGES_KEY = [...WATCH_KEY, 'changes'] as const;

/** Said when the server answered without content (rate-limited) where a page was expected. */
const SERVER_BUSY = 'The server is busy. Please try again in a moment.';

/** The timeline, newest first, a page at a time: each page starts after the last change shown. */
export const useWatchChanges = () =>
  useInfiniteQuery({
    queryKey: CHANGES_KEY,
    queryFn: async ({ pageParam, signal }): Promise<WatchChangesResponse> => {
      const page = await api('GET', '/watch/changes', {
        query: pageParam ? { before: pageParam } : {},
        signal,
      });
      if (!page) throw new Error(SERVER_BUSY);
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: WatchChangesResponse) =>
      last.more ? (last.changes.at(-1)?.id ?? undefined) : undefined,
  });

/** Fetches the timeline again from its newest page: a finished scan may have added to it. */
export function useRefreshChanges() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: CHANGES_KEY }), [queryClient]);
}

/** Puts a target the server answered with in place of the one cached. */
const withTarget = (old: WatchResponse | null | undefined, target: WatchTarget) =>
  old ? { ...old, targets: old.targets.map((t) => (t.id === target.id ? target : t)) } : old;

export function useSetFrequency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (frequency: WatchFrequency) =>
      api('PUT', '/watch/settings', { body: { frequency } }),
    onSuccess: (answer) => {
      if (answer) queryClient.setQueryData(watchQuery.queryKey, answer);
    },
  });
}

/** Watches a name; the list and the suggestions (which leave out watched names) are refreshed. */
export function useAddTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) =>
      (await api('POST', '/watch/targets', { body: { name } }))?.target,
    onSuccess: async (target) => {
      if (!target) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: watchQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: suggestionsQuery.queryKey }),
      ]);
    },
  });
}

/** Scans a name now; the answer, its scan running, starts the polling. */
export function useScanTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (target: WatchTarget) =>
      (await api('POST', '/watch/targets/:id/scan', { params: { id: target.id } }))?.target,
    onSuccess: (target) => {
      if (target) queryClient.setQueryData(watchQuery.queryKey, (old) => withTarget(old, target));
    },
  });
}

/** Stops watching a name; it may then be suggested again. */
export function useRemoveTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: WatchTarget) =>
      apiDelete('/watch/targets/:id', { params: { id: target.id } }),
    onSuccess: async (outcome) => {
      if (outcome === 'busy') return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: watchQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: suggestionsQuery.queryKey }),
      ]);
    },
  });
}

/** Searches the certificate transparency logs (again); the answer says the search runs. */
export function useSearchSuggestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST', '/watch/suggestions'),
    onSuccess: (answer: WatchSuggestionsResponse | undefined) => {
      if (answer) queryClient.setQueryData(suggestionsQuery.queryKey, answer);
    },
  });
}
