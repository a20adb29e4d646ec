import type { Task } from '@castellan/contract';
import type { TaskPlatform } from '@castellan/contract/vocabulary';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { DetailDrawer } from '../../components/DetailDrawer';
import { LabelledSection } from '../../components/LabelledSection';
import { formatDate } from '../../lib/format-date';
import type { ProofDraft } from '../attestations';
import type { StateChange } from './api';
import { DeviceFixes } from './DeviceFixes';
import { TaskBadges } from './TaskBadges';
import { TaskDeadline } from './TaskDeadline';
import { TaskEffort } from './TaskEffort';
import { TaskEvidenceList } from './TaskEvidenceList';
import { TaskInstructionsView } from './TaskInstructionsView';
import { TaskStateActions, TaskStateNote } from './TaskStateActions';

// Reads the integrations' statuses: loaded with the first task shown, not with the list.
const TaskPlanNotes = lazy(async () => ({
  default: (await import('./TaskPlanNotes')).TaskPlanNotes,
}));

// A note or a file given with a completion, and the trail of a task marked done by hand: loaded
// when asked for, as the task's own address is at its page-weight limit.
const attestations = () => import('../attestations');
const ProofSection = lazy(async () => ({ default: (await attestations()).ProofSection }));
const AttestButton = lazy(async () => ({ default: (await attestations()).AttestButton }));
const AttestationTrail = lazy(async () => ({ default: (await attestations()).AttestationTrail }));

const NO_PROOF: ProofDraft = { note: '', file: null };

/** Done on someone's word rather than by a passing automatic check. */
const markedByHand = (task: Task) =>
  task.isCompleted && !task.evidence.some((e) => e.verdict === 'pass');

type Props = {
  opened: boolean;
  /** The task shown; kept while the drawer slides away after closing. */
  task: Task | null;
  onClose: () => void;
  /** Whether the signed-in user may mark this task complete (their own, or an admin task). */
  canComplete: boolean;
  /** Shows whose task it is (the organisation's list). */
  showAssignee: boolean;
  completing: boolean;
  onComplete: (task: Task) => void;
  /** The platform whose steps show first (the user's computer's), when the task has them. */
  preferredPlatform?: TaskPlatform | null;
  isAdmin: boolean;
  /** Whether a snooze or not-applicable change of this task is on its way. */
  changingState: boolean;
  onChangeState: (change: StateChange) => void;
};

function CompletionState({ task }: { task: Task }) {
  const when = task.completedAt ? ` on ${formatDate(task.completedAt)}` : '';
  const who = task.completedBy ? ` by ${task.completedBy}` : '';
  return (
    <Alert color="green" variant="light" title="Done">
      Completed{when}
      {who}.
    </Alert>
  );
}

/** A note or a file to complete the task with, once asked for. */
type Proof = { draft: ProofDraft; onAttested: () => void };

/** Whether the task can be marked complete by this user now. */
const completable = (task: Task, canComplete: boolean) =>
  // A task that does not apply is not done either: it has nothing to complete.
  !task.isCompleted && task.state !== 'not-applicable' && canComplete;

/**
 * What can be done with the task, kept in view in the drawer's footer. With a note or a file
 * asked for, completing attests the task with them; without, it is the plain completion.
 */
function TaskActions({
  task,
  canComplete,
  completing,
  onComplete,
  proof,
}: Pick<Props, 'canComplete' | 'completing' | 'onComplete'> & {
  task: Task;
  proof: Proof | null;
}) {
  if (!completable(task, canComplete)) return null;
  const plain = (
    <Button loading={completing} onClick={() => onComplete(task)} color="green">
      Mark as complete
    </Button>
  );
  if (!proof) return plain;
  // While the button that sends the note or file loads, one that cannot complete without them.
  const loading = (
    <Button loading color="green">
      Mark as complete
    </Button>
  );
  return (
    <Suspense fallback={loading}>
      <AttestButton
        task={task}
        proof={proof.draft}
        onComplete={() => onComplete(task)}
        completing={completing}
        onAttested={proof.onAttested}
      />
    </Suspense>
  );
}

/** A part of the task view that loads when asked for, behind a button until then. */
function OnRequest({
  label,
  shown,
  onShow,
  children,
}: {
  label: string;
  shown: boolean;
  onShow: () => void;
  children: ReactNode;
}) {
  if (shown) return <Suspense fallback={null}>{children}</Suspense>;
  return (
    <Button variant="light" size="sm" onClick={onShow} style={{ alignSelf: 'flex-start' }}>
      {label}
    </Button>
  );
}

/**
 * One task in full: what to do, why, and how on each platform. A drawer: it traps focus while
 * open, closes with Escape and gives focus back to the task that opened it.
 */
export default function TaskDetail({
  opened,
  task,
  onClose,
  canComplete,
  showAssignee,
  completing,
  onComplete,
  preferredPlatform = null,
  isAdmin,
  changingState,
  onChangeState,
}: Props) {
  // The note or file asked for, for one task only: another task opened starts without them.
  const [proofFor, setProofFor] = useState<string | null>(null);
  const [draft, setDraft] = useState<ProofDraft>(NO_PROOF);
  const [trailFor, setTrailFor] = useState<string | null>(null);
  const addingProof = task !== null && proofFor === task.id;
  const openProof = () => {
    setDraft(NO_PROOF);
    setProofFor(task?.id ?? null);
  };
  const proof: Proof | null = addingProof
    ? {
        draft,
        onAttested: () => {
          setProofFor(null);
          setDraft(NO_PROOF);
          setTrailFor(task?.id ?? null);
        },
      }
    : null;
  return (
    <DetailDrawer
      opened={opened && task !== null}
      onClose={onClose}
      size="lg"
      title={task?.title}
      closeLabel="Close task details"
      actions={
        task && <TaskActions task={task} {...{ canComplete, completing, onComplete, proof }} />
      }
    >
      {task && (
        <Stack gap="md">
          <Group gap="xs">
            <TaskBadges task={task} />
            <Text size="sm" c="dimmed">
              {task.category}
            </Text>
            <TaskEffort task={task} />
          </Group>
          {showAssignee && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              Assigned to {task.user}
            </Text>
          )}
          {task.scope === 'Admin' && (
            <Text size="sm" c="dimmed">
              An administrator does this once for the whole organisation.
            </Text>
          )}
          <TaskStateNote task={task} />
          <TaskDeadline task={task} isAdmin={isAdmin} />
          <Text>{task.content.summary}</Text>
          {task.evidence.length > 0 && (
            <LabelledSection title="Automatic checks">
              <TaskEvidenceList evidence={task.evidence} />
              {canComplete && task.evidence.some((e) => e.source === 'agent') && (
                <DeviceFixes catalogueId={task.catalogueId} />
              )}
            </LabelledSection>
          )}
          <Suspense fallback={null}>
            <TaskPlanNotes task={task} />
          </Suspense>
          <LabelledSection title="Why it matters">
            <Text size="sm">{task.content.why}</Text>
          </LabelledSection>
          <LabelledSection title="How to do it">
            <TaskInstructionsView
              instructions={task.content.instructions}
              preferred={preferredPlatform}
            />
          </LabelledSection>
          {task.cisSafeguards.length > 0 && (
            <LabelledSection title="CIS safeguards">
              <Text size="sm">
                CIS Controls v8, safeguard{task.cisSafeguards.length > 1 ? 's' : ''}{' '}
                {task.cisSafeguards.join(', ')}
              </Text>
            </LabelledSection>
          )}
          {completable(task, canComplete) && (
            <OnRequest label="Add a note or file" shown={addingProof} onShow={openProof}>
              <ProofSection value={draft} onChange={setDraft} />
            </OnRequest>
          )}
          {task.isCompleted ? (
            <>
              <CompletionState task={task} />
              {markedByHand(task) && (
                <OnRequest
                  label="Show attestations"
                  shown={trailFor === task.id}
                  onShow={() => setTrailFor(task.id)}
                >
                  <AttestationTrail task={task} canAttest={canComplete} isAdmin={isAdmin} />
                </OnRequest>
              )}
            </>
          ) : (
            !canComplete && (
              <Text size="sm" c="dimmed">
                Only {task.user} can mark this task as complete.
              </Text>
            )
          )}
          <TaskStateActions
            task={task}
            canAct={canComplete}
            isAdmin={isAdmin}
            busy={changingState}
            onChange={onChangeState}
          />
        </Stack>
      )}
    </DetailDrawer>
  );
}
