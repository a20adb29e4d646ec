import type { Baseline, PartnerLink } from '@castellan/contract';
import { BASELINE_LIMITS } from '@castellan/contract/partner-rules';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useRef, useState } from 'react';
import { QueryStatus } from '../../components/QueryStatus';
import { openConfirmModal } from '../../lib/confirm';
import { formatDate } from '../../lib/format-date';
import { showServerBusy, showToast } from '../../lib/toast';
import { baselineSummary } from './baseline-words';
import { useBaselines, useDeleteBaseline } from './baselines-api';
import { showFailure } from './show-failure';

// The dialogs' code (a modal, the form's inputs) loads when a partner first opens one.
const BaselineForm = lazy(() => import('./BaselineForm'));
const ApplyBaselineDialog = lazy(() => import('./ApplyBaselineDialog'));

type Dialog = { kind: 'form'; baseline: Baseline | null } | { kind: 'apply'; baseline: Baseline };

const appliedWords = (baseline: Baseline) =>
  baseline.appliedTo.length === 0
    ? 'Not applied to any client yet.'
    : `Last applied to ${baseline.appliedTo
        .map((a) => `${a.domain} (${formatDate(a.at)})`)
        .join(', ')}.`;

function BaselineItem({
  baseline,
  onOpen,
}: {
  baseline: Baseline;
  onOpen: (dialog: Dialog) => void;
}) {
  const remove = useDeleteBaseline();
  const { name } = baseline;
  const confirmDelete = () =>
    openConfirmModal({
      title: `Delete ${name}?`,
      children: (
        <Text size="sm">
          What it set in your clients stays theirs. You cannot apply it again once it is deleted.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(baseline.id, {
          onSuccess: (outcome) =>
            outcome === 'busy'
              ? showServerBusy()
              : showToast({ severity: 'success', summary: `${name} deleted` }),
          onError: showFailure(`Could not delete ${name}`),
        }),
    });

  return (
    <Card component="li" withBorder padding="sm">
      <Stack gap={4}>
        <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Title>
        <Text size="sm">{baselineSummary(baseline.settings)}</Text>
        <Text size="sm" c="dimmed">
          {appliedWords(baseline)}
        </Text>
        <Group gap="xs" mt={4}>
          <Button
            size="xs"
            aria-label={`Apply ${name} to clients`}
            onClick={() => onOpen({ kind: 'apply', baseline })}
          >
            Apply to clients…
          </Button>
          <Button
            size="xs"
            variant="light"
            aria-label={`Edit ${name}`}
            onClick={() => onOpen({ kind: 'form', baseline })}
          >
            Edit
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            loading={remove.isPending}
            aria-label={`Delete ${name}`}
            onClick={confirmDelete}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * The partner's baselines: settings defined once and applied to the clients chosen. `clients` are
 * the clients looked after now, to apply to.
 */
export function BaselinesSection({ clients }: { clients: PartnerLink[] }) {
  const query = useBaselines();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const data = query.data;
  const full = (data?.baselines.length ?? 0) >= BASELINE_LIMITS.baselines;
  // The dialogs mount open, which Mantine's own focus return does not see: the button that
  // opened one has focus again once it closes.
  const opener = useRef<HTMLElement | null>(null);
  const open = (next: Dialog) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDialog(next);
  };
  const close = () => {
    setDialog(null);
    window.setTimeout(() => opener.current?.focus(), 0);
  };

  return (
    <section aria-labelledby="partnerBaselinesTitle">
      <Group justify="space-between" align="baseline" gap="xs" mb={4}>
        <Title order={2} size="h4" id="partnerBaselinesTitle">
          Baselines
        </Title>
        {data && (
          <Button size="xs" disabled={full} onClick={() => open({ kind: 'form', baseline: null })}>
            New baseline
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        Settings you define once and apply to the clients you choose. Each client can change what a
        baseline set, and editing a baseline changes no client until you apply it again.
      </Text>
      <QueryStatus query={query} what="your baselines" />
      {full && (
        <Text size="sm" mb="xs">
          You have {BASELINE_LIMITS.baselines} baselines, the most you can keep: delete one to make
          another.
        </Text>
      )}
      {data &&
        (data.baselines.length === 0 ? (
          <Text size="sm">No baselines yet.</Text>
        ) : (
          <Stack
            component="ul"
            gap="xs"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Baselines"
          >
            {data.baselines.map((baseline) => (
              <BaselineItem key={baseline.id} baseline={baseline} onOpen={open} />
            ))}
          </Stack>
        ))}
      <Suspense fallback={null}>
        {dialog?.kind === 'form' && data && (
          <BaselineForm baseline={dialog.baseline} tasks={data.tasks} onClose={close} />
        )}
        {dialog?.kind === 'apply' && (
          <ApplyBaselineDialog baseline={dialog.baseline} clients={clients} onClose={close} />
        )}
      </Suspense>
    </section>
  );
}
