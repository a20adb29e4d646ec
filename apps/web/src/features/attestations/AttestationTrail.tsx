import type { Attestation, AttestationsResponse, Task } from '@castellan/contract';
import {
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { QueryStatus } from '../../components/QueryStatus';
import { formatDate } from '../../lib/format-date';
import { showToast } from '../../lib/toast';
import { useAttest, useAttestations, useSetReattestation } from './api';
import { EMPTY_PROOF, hasProof, type ProofDraft, proofProblem } from './attachment-rules';
import {
  attachmentFacts,
  attestedBy,
  REATTEST_OPTIONS,
  reattestMonthsFrom,
  reattestValue,
} from './attestation-words';
import { ProofFields } from './ProofFields';

type Props = {
  task: Pick<Task, 'id' | 'title'>;
  /** Whether the signed-in user may attest this task (whoever may complete it). */
  canAttest: boolean;
  isAdmin: boolean;
};

function TrailEntry({ entry }: { entry: Attestation }) {
  return (
    <Paper component="li" withBorder p="sm" data-attestation={entry.id}>
      <Text size="sm" fw={600}>
        {attestedBy(entry)}
      </Text>
      {entry.note && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {entry.note}
        </Text>
      )}
      {entry.attachment && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Anchor href={`/api/attachments/${entry.attachment.id}`} target="_blank" rel="noopener">
            {entry.attachment.name}
            <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
          </Anchor>{' '}
          <Text span size="xs" c="dimmed">
            {attachmentFacts(entry.attachment)}
          </Text>
        </Text>
      )}
    </Paper>
  );
}

/** A new attestation of a task already done: a note or a file, or both. */
function AttestAgain({ task }: Pick<Props, 'task'>) {
  const [open, setOpen] = useState(false);
  const [proof, setProof] = useState<ProofDraft>(EMPTY_PROOF);
  const attest = useAttest();
  const formId = useId();
  // Closed again, the focus goes back to the button that opened the form (not on first showing).
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current) button.current?.focus();
  }, [open]);
  const close = () => {
    setOpen(false);
    setProof(EMPTY_PROOF);
  };
  const send = () =>
    attest.mutate(
      { taskId: task.id, proof },
      {
        onSuccess: (answer) => {
          if (!answer) return;
          showToast({ severity: 'success', summary: 'Attested again', detail: task.title });
          close();
        },
        onError: (error) =>
          showToast({
            severity: 'error',
            summary: 'Could not attest the task',
            detail: error.message,
            life: 8000,
          }),
      },
    );
  if (!open) {
    return (
      <Button
        ref={button}
        variant="default"
        size="sm"
        onClick={() => setOpen(true)}
        aria-expanded={false}
        aria-controls={formId}
        style={{ alignSelf: 'flex-start' }}
      >
        Attest again
      </Button>
    );
  }
  return (
    <Paper withBorder p="sm" id={formId} component="fieldset" m={0}>
      <Text component="legend" size="sm" fw={600} px={4}>
        Attest again
      </Text>
      <Stack gap="sm">
        <ProofFields value={proof} onChange={setProof} disabled={attest.isPending} />
        <Group gap="xs">
          <Button
            size="sm"
            loading={attest.isPending}
            disabled={!hasProof(proof) || proofProblem(proof) !== null}
            onClick={send}
          >
            Attest
          </Button>
          <Button
            size="sm"
            variant="subtle"
            color="gray"
            onClick={close}
            disabled={attest.isPending}
          >
            Cancel
          </Button>
        </Group>
        {!hasProof(proof) && (
          <Text size="xs" c="dimmed">
            Add a note or a file to attest.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** Administrators: how often the task must be attested again before it opens once more. */
function ReattestSelect({ task, trail }: { task: Props['task']; trail: AttestationsResponse }) {
  const setReattestation = useSetReattestation();
  return (
    <NativeSelect
      label="Ask to attest again"
      description="The task opens again for its owner when the time is up."
      data={REATTEST_OPTIONS}
      value={reattestValue(
        setReattestation.isPending
          ? (setReattestation.variables.months ?? null)
          : trail.reattestMonths,
      )}
      disabled={setReattestation.isPending}
      onChange={(event) =>
        setReattestation.mutate(
          { taskId: task.id, months: reattestMonthsFrom(event.currentTarget.value) },
          {
            onError: (error) =>
              showToast({
                severity: 'error',
                summary: 'Could not change when to attest again',
                detail: error.message,
                life: 8000,
              }),
          },
        )
      }
      maw={280}
    />
  );
}

/**
 * A task marked done by hand: who stated it, when, with what note or file, latest first; a new
 * attestation for whoever may complete it, and for administrators how often to ask again.
 */
export function AttestationTrail({ task, canAttest, isAdmin }: Props) {
  const trail = useAttestations(task.id);
  // Shown in place of the button that asked for it, or of the completion just sent: the keyboard
  // focus moves to its heading.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-label="Attestations">
      <Title order={3} size="h5" mb={6} ref={heading} tabIndex={-1}>
        Attestations
      </Title>
      <QueryStatus query={trail} what="the attestations" />
      {trail.data && (
        <Stack gap="sm">
          {trail.data.reattestBy && (
            <Text size="sm" fw={600} data-testid="reattestBy">
              Attest again by {formatDate(trail.data.reattestBy)}
            </Text>
          )}
          {trail.data.trail.length === 0 ? (
            <Text size="sm" c="dimmed">
              No attestation yet: it was marked done without a note or a file.
            </Text>
          ) : (
            <Stack
              component="ul"
              gap="xs"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label="Attestation trail"
            >
              {trail.data.trail.map((entry) => (
                <TrailEntry key={entry.id} entry={entry} />
              ))}
            </Stack>
          )}
          {canAttest && <AttestAgain task={task} />}
          {isAdmin && <ReattestSelect task={task} trail={trail.data} />}
        </Stack>
      )}
    </section>
  );
}
