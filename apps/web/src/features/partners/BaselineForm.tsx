import type { Baseline } from '@castellan/contract';
import { BASELINE_LIMITS } from '@castellan/contract/partner-rules';
import {
  Alert,
  Button,
  CloseButton,
  Fieldset,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { showServerBusy, showToast } from '../../lib/toast';
import { ApprovedAppsFields } from './ApprovedAppsFields';
import {
  type BaselineDraft,
  type DraftErrors,
  draftErrors,
  draftOf,
  hasErrors,
  newAppRow,
  requestOf,
  SWITCH_OPTIONS,
  type Switch,
} from './baseline-draft';
import { type TaskChoice, useSaveBaseline } from './baselines-api';
import { TaskPicker } from './TaskPicker';

const NO_ERRORS: DraftErrors = { reasons: {}, appClientIds: {}, appNames: {} };

const switchOf = (value: string): Switch =>
  SWITCH_OPTIONS.find((option) => option.value === value)?.value ?? 'leave';

type Props = {
  /** The baseline to edit; null for a new one. */
  baseline: Baseline | null;
  tasks: readonly TaskChoice[];
  onClose: () => void;
};

/**
 * Creates or edits a baseline in a dialog. The page checks what it cheaply can before sending;
 * the server's refusal shows in the form, and everything typed stays.
 */
export default function BaselineForm({ baseline, tasks, onClose }: Props) {
  const save = useSaveBaseline();
  const phone = useMediaQuery('(max-width: 36em)');
  const ids = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<BaselineDraft>(() => draftOf(baseline));
  const [attempts, setAttempts] = useState(0);
  /** The id of a field to focus once it is rendered (a row just added, the picker after removal). */
  const [focusId, setFocusId] = useState<string | null>(null);
  const errors = draftErrors(draft);
  const shown = attempts > 0 ? errors : NO_ERRORS;
  const titleOf = (id: string) => tasks.find((task) => task.id === id)?.title ?? id;
  const update = (patch: Partial<BaselineDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const reasonId = (catalogueId: string) => `${ids}-reason-${catalogueId}`;
  const appInputId = (key: number) => `${ids}-app-${key}`;
  const notApplicablePicker = `${ids}-na-picker`;
  const escalationPicker = `${ids}-esc-picker`;

  useEffect(() => {
    if (!focusId) return;
    document.getElementById(focusId)?.focus();
    setFocusId(null);
  }, [focusId]);

  // After a refused send, the first field to fix has focus.
  useEffect(() => {
    if (attempts === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempts]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempts((n) => n + 1);
    if (hasErrors(errors)) return;
    save.mutate(
      { id: baseline?.id ?? null, body: requestOf(draft) },
      {
        onSuccess: (answer) => {
          if (!answer) return showServerBusy();
          showToast({
            severity: 'success',
            summary: baseline ? `${answer.baseline.name} saved` : `${answer.baseline.name} created`,
          });
          onClose();
        },
      },
    );
  };

  const naChosen = new Set(draft.notApplicable.map((n) => n.catalogueId));
  const escChosen = new Set(draft.escalationOff);

  return (
    <Modal
      opened
      onClose={onClose}
      title={baseline ? `Edit ${baseline.name}` : 'New baseline'}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Name"
            description="Such as “Standard office” or “Small clients”."
            withAsterisk
            aria-required
            maxLength={BASELINE_LIMITS.nameLength + 20}
            value={draft.name}
            error={shown.name}
            onChange={(event) => update({ name: event.currentTarget.value })}
            data-autofocus
          />

          <Fieldset legend="Tasks not applicable">
            <Text size="sm" c="dimmed" mb="xs">
              Each client gets these tasks marked not applicable, with the reason given (3–500
              characters).
            </Text>
            <Stack gap="xs">
              {draft.notApplicable.map((entry) => (
                <Group key={entry.catalogueId} align="flex-start" gap="xs" wrap="nowrap">
                  <Textarea
                    id={reasonId(entry.catalogueId)}
                    label={`Reason: ${titleOf(entry.catalogueId)}`}
                    withAsterisk
                    aria-required
                    autosize
                    minRows={1}
                    maxLength={550}
                    value={entry.reason}
                    error={shown.reasons[entry.catalogueId]}
                    onChange={(event) => {
                      const reason = event.currentTarget.value;
                      update({
                        notApplicable: draft.notApplicable.map((n) =>
                          n.catalogueId === entry.catalogueId ? { ...n, reason } : n,
                        ),
                      });
                    }}
                    style={{ flex: '1 1 auto' }}
                  />
                  <CloseButton
                    mt={28}
                    aria-label={`Remove ${titleOf(entry.catalogueId)} from tasks not applicable`}
                    onClick={() => {
                      update({
                        notApplicable: draft.notApplicable.filter(
                          (n) => n.catalogueId !== entry.catalogueId,
                        ),
                      });
                      setFocusId(notApplicablePicker);
                    }}
                  />
                </Group>
              ))}
              <TaskPicker
                id={notApplicablePicker}
                label="Add a task"
                buttonLabel="Add the task as not applicable"
                tasks={tasks.filter((task) => !naChosen.has(task.id))}
                onAdd={(catalogueId) => {
                  update({ notApplicable: [...draft.notApplicable, { catalogueId, reason: '' }] });
                  setFocusId(reasonId(catalogueId));
                }}
              />
            </Stack>
          </Fieldset>

          <Fieldset legend="Reminders">
            <Group gap="sm" grow>
              <NativeSelect
                label="Weekly task reminders"
                data={SWITCH_OPTIONS}
                value={draft.weeklyReminders}
                onChange={(event) =>
                  update({ weeklyReminders: switchOf(event.currentTarget.value) })
                }
              />
              <NativeSelect
                label="Nudges about due tasks"
                data={SWITCH_OPTIONS}
                value={draft.nudges}
                onChange={(event) => update({ nudges: switchOf(event.currentTarget.value) })}
              />
            </Group>
          </Fieldset>

          <Fieldset legend="Tasks with escalation off">
            <Text size="sm" c="dimmed" mb="xs">
              Overdue copies of these tasks are not escalated to the client’s administrators.
            </Text>
            <Stack gap="xs">
              {draft.escalationOff.length > 0 && (
                <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
                  {draft.escalationOff.map((id) => (
                    <Group component="li" key={id} gap="xs" wrap="nowrap">
                      <Text size="sm">{titleOf(id)}</Text>
                      <CloseButton
                        size="sm"
                        aria-label={`Remove ${titleOf(id)} from escalation off`}
                        onClick={() => {
                          update({ escalationOff: draft.escalationOff.filter((e) => e !== id) });
                          setFocusId(escalationPicker);
                        }}
                      />
                    </Group>
                  ))}
                </Stack>
              )}
              <TaskPicker
                id={escalationPicker}
                label="Add a task"
                buttonLabel="Add the task with escalation off"
                tasks={tasks.filter((task) => !escChosen.has(task.id))}
                onAdd={(id) => update({ escalationOff: [...draft.escalationOff, id] })}
              />
            </Stack>
          </Fieldset>

          <Textarea
            label="Trusted domains"
            description="One a line. Added to each client’s own list, which it keeps."
            autosize
            minRows={2}
            maxRows={8}
            autoComplete="off"
            spellCheck={false}
            value={draft.trustedDomains}
            error={shown.trustedDomains}
            onChange={(event) => update({ trustedDomains: event.currentTarget.value })}
          />

          <ApprovedAppsFields
            rows={draft.approvedApps}
            onChange={(approvedApps) => update({ approvedApps })}
            onAdd={() => {
              const row = newAppRow();
              update({ approvedApps: [...draft.approvedApps, row] });
              setFocusId(appInputId(row.key));
            }}
            clientIdErrors={shown.appClientIds}
            nameErrors={shown.appNames}
            error={shown.approvedApps}
            clientIdInputId={appInputId}
          />

          {save.error && (
            <Alert color="red" role="alert" title="The baseline was not saved">
              {save.error.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {baseline ? 'Save baseline' : 'Create baseline'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
