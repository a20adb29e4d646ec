import type { Task } from '@castellan/contract';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';

const MIN = 3;
const MAX = 500;

type Props = {
  task: Task | null;
  onClose: () => void;
  onConfirm: (task: Task, reason: string) => void;
};

/** Asks an administrator why a task does not apply to the organisation (3–500 characters). */
export default function NotApplicableDialog({ task, onClose, onConfirm }: Props) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const length = reason.trim().length;
  const error =
    length < MIN
      ? `Give a reason of at least ${MIN} characters.`
      : length > MAX
        ? `Keep the reason to ${MAX} characters.`
        : null;
  const close = () => {
    setReason('');
    setTried(false);
    onClose();
  };
  return (
    <Modal opened={task !== null} onClose={close} title="Mark as not applicable" centered>
      {task && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setTried(true);
            if (error) return;
            onConfirm(task, reason.trim());
            close();
          }}
        >
          <Stack gap="sm">
            <Text size="sm">
              “{task.title}” leaves everyone’s list and the score until you make it applicable
              again.
            </Text>
            <Textarea
              label="Why does it not apply?"
              description={`${MIN}–${MAX} characters, shown in the frameworks and the weekly digest.`}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={tried ? error : undefined}
              maxLength={MAX + 50}
              autosize
              minRows={2}
              data-autofocus
              withAsterisk
              aria-required
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit">Mark not applicable</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
