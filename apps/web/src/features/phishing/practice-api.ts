import type { PracticeResponse } from '@castellan/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { httpStatus } from '../../lib/http';
import { TASKS_KEY } from '../../lib/query-keys';

/** A practice page, or 'invalid' for a link that will not open however often it is tried. */
export type PracticeAnswer = PracticeResponse | 'invalid';

const INVALID_STATUSES = new Set([400, 404, 410]);

export const practiceQuery = (token: string) =>
  queryOptions({
    queryKey: ['practice', token],
    queryFn: async ({ signal }): Promise<PracticeAnswer | null> => {
      try {
        return (await api('GET', '/practice/:token', { params: { token }, signal })) ?? null;
      } catch (error) {
        const status = httpStatus(error);
        if (status !== undefined && INVALID_STATUSES.has(status)) return 'invalid';
        throw error;
      }
    },
    // What the person did is told to the server by the page, not found out again by asking.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

export const usePractice = (token: string) => useQuery(practiceQuery(token));

type PracticeState = PracticeResponse['state'];

/** Keeps the cached page's state in step with the server's answer to a step. */
function useStateUpdate(token: string) {
  const queryClient = useQueryClient();
  return (state: PracticeState | undefined) => {
    if (!state) return;
    queryClient.setQueryData(practiceQuery(token).queryKey, (old) =>
      old && old !== 'invalid' ? { ...old, state } : old,
    );
  };
}

/** The page was opened in a browser. */
export function useOpenPractice(token: string) {
  const update = useStateUpdate(token);
  return useMutation({
    mutationFn: () => api('POST', '/practice/:token/open', { params: { token } }),
    onSuccess: (answer) => update(answer?.state),
  });
}

/** Something was typed or the lure's button pressed: no body, so nothing typed can go with it. */
export function useSubmittedPractice(token: string) {
  const update = useStateUpdate(token);
  return useMutation({
    mutationFn: () => api('POST', '/practice/:token/submitted', { params: { token } }),
    onSuccess: (answer) => update(answer?.state),
  });
}

/** The lesson was read to the end: it counts toward the person's phishing task. */
export function useFinishLesson(token: string) {
  const update = useStateUpdate(token);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST', '/practice/:token/lesson', { params: { token } }),
    onSuccess: (answer) => {
      update(answer?.state);
      // Signed in on this browser too, the task list may show the task done.
      void queryClient.invalidateQueries({ queryKey: TASKS_KEY });
    },
  });
}
