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
  const complete = () => {
    if (!hasProof(proof)) {
      onComplete();
      return;
    }
    attest.mutate(
      { taskId: task.id, proof },
      {
        onSuccess: (answer) => {
          if (!answer) return;
          showToast({ severity: 'success', summary: 'Task completed', detail: task.title });
          onAttested();
        },
        onError: (error) =>
          showToast({
            severity: 'error',
            summary: 'Could not mark the task as complete',
            detail: error.message,
            life: 8000,
          }),
      },
    );
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
