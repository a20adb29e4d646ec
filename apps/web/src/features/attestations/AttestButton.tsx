import type { Task } from '@castellan/contract';
import { Button } from '@mantine/core';
import { showToast } from '../../lib/toast';
import { useAttest } from './api';
import { hasProof, type ProofDraft, proofProblem } from './attachment-rules';

type Props = {
  task: Pick<Task, 'id' | 'title'>;
  proof: ProofDraft;
  /** The task view's own "Mark as complete", used as it is when there is no note or file. */
  onComplete: () => void;
  /** Whether that plain completion is on its way. */
  completing: boolean;
  /** Called once the task was marked done with the note or file. */
  onAttested: () => void;
};

/**
 * "Mark as complete" while a note or a file may be given: with one, the file is uploaded and the
 * task attested; without, the task view's usual completion runs unchanged.
 */
export function AttestButton({ task, proof, onComplete, completing, onAttested }: Props) {
  const attest = useAttest();
  const blocked = proofProblem(proof) !== null;
  // Awaited rather than given callbacks: the task lists fetched again once the task is done drop
  // this button (a done task has nothing to complete) before the mutation's own callbacks would
  // run, and React Query does not call those of an unmounted component.
  const complete = async () => {
    if (!hasProof(proof)) {
      onComplete();
      return;
    }
    try {
      const answer = await attest.mutateAsync({ taskId: task.id, proof });
      if (!answer) return;
      showToast({ severity: 'success', summary: 'Task completed', detail: task.title });
      onAttested();
    } catch (error) {
      showToast({
        severity: 'error',
        summary: 'Could not mark the task as complete',
        detail: error instanceof Error ? error.message : String(error),
        life: 8000,
      });
    }
  };
  return (
    <Button
      color="green"
      loading={completing || attest.isPending}
      disabled={blocked}
      onClick={complete}
    >
      Mark as complete
    </Button>
  );
}
