import type {
  Attachment,
  AttachmentResponse,
  AttestationsResponse,
  ReattestationRequest,
} from '@castellan/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiQuery } from '../../lib/api';
import { jsonOrNothing } from '../../lib/create-http';
import { http } from '../../lib/http';
import { EMPLOYEES_KEY, FRAMEWORKS_KEY, TASKS_KEY } from '../../lib/query-keys';
import { showServerBusy } from '../../lib/toast';
import { scoreQuery } from '../score';
import type { ProofDraft } from './attachment-rules';

/** A task's trail: who stated it is done, when, with what note or file; latest first. */
export const attestationsQuery = (taskId: string) =>
  queryOptions({
    queryKey: ['attestations', taskId],
    queryFn: apiQuery('/tasks/attestations', { query: { taskId } }),
  });

export const useAttestations = (taskId: string) => useQuery(attestationsQuery(taskId));

/** Said when an upload got no answer because the server was too busy. */
export const UPLOAD_BUSY =
  'The server is busy: the file was not sent. Please try again in a moment.';

/**
 * Sends a file's bytes as they are, with its own type; the answer names the stored attachment.
 * Larger than a JSON call, so it may take longer than the client's usual 10 seconds.
 */
export async function uploadAttachment(file: File): Promise<Attachment> {
  const answer = await jsonOrNothing<AttachmentResponse>(
    http.post('attachments', {
      body: file,
      headers: { 'content-type': file.type },
      searchParams: { name: file.name },
      timeout: 60_000,
    }),
  );
  if (!answer) throw new Error(UPLOAD_BUSY);
  return answer.attachment;
}

/** Everything whose numbers a task marked done changes, as for "Mark as complete". */
const AFFECTED_BY_COMPLETION = [TASKS_KEY, scoreQuery.queryKey, EMPLOYEES_KEY, FRAMEWORKS_KEY];

export type AttestInput = { taskId: string; proof: ProofDraft };

/**
 * Marks a task done with a note or a file, or attests a done task again: the file is uploaded
 * first, then the attestation names it. The trail is the answer; the task lists and the score
 * are fetched again.
 */
export function useAttest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ taskId, proof }: AttestInput) => {
      const attachment = proof.file ? await uploadAttachment(proof.file) : null;
      const note = proof.note.trim();
      return api('POST', '/tasks/attest', {
        body: {
          taskId,
          ...(note ? { note } : {}),
          ...(attachment ? { attachmentId: attachment.id } : {}),
        },
      });
    },
    onSuccess: (answer, { taskId }) => {
      if (!answer) {
        showServerBusy();
        return;
      }
      queryClient.setQueryData(attestationsQuery(taskId).queryKey, answer);
    },
    onSettled: () =>
      Promise.all(
        AFFECTED_BY_COMPLETION.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

/** Administrators: how often a task must be attested again (every 3, 6 or 12 months, or never). */
export function useSetReattestation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ReattestationRequest) =>
      api('PUT', '/tasks/reattestation', { body: request }),
    onSuccess: (answer: AttestationsResponse | undefined, { taskId }) => {
      if (!answer) {
        showServerBusy();
        return;
      }
      queryClient.setQueryData(attestationsQuery(taskId).queryKey, answer);
    },
  });
}
