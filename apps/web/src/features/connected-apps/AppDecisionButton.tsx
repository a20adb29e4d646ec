import type { ConnectedApp } from '@castellan/contract';
import { Button, Text, TextInput } from '@mantine/core';
import { useRef } from 'react';
import { openConfirmModal } from '../../lib/confirm';
import { showServerBusy, showToast } from '../../lib/toast';
import { useDecideApp } from './api';

/** Approves an app, or takes its approval back, after asking. */
export function AppDecisionButton({ app }: { app: ConnectedApp }) {
  const decide = useDecideApp();
  const note = useRef<HTMLInputElement>(null);
  const approving = app.approved === null;
  const { suite, clientId, name } = app;

  const send = () =>
    decide.mutate(
      approving
        ? { action: 'approve', suite, clientId, note: note.current?.value.trim() || undefined }
        : { action: 'unapprove', suite, clientId },
      {
        onSuccess: (list) =>
          list === undefined
            ? showServerBusy()
            : showToast({
                severity: 'success',
                summary: approving ? `${name} is approved` : `${name} is no longer approved`,
              }),
        onError: (error) =>
          showToast({
            severity: 'error',
            summary: approving ? `Could not approve ${name}` : `Could not change ${name}`,
            detail: error.message,
            life: 8000,
          }),
      },
    );

  const confirm = () =>
    openConfirmModal(
      approving
        ? {
            title: `Approve ${name}?`,
            children: (
              <>
                <Text size="sm" mb="sm">
                  It goes on the list of apps the organisation relies on, and the apps task stops
                  flagging it. Nothing changes for the people using it.
                </Text>
                <TextInput
                  ref={note}
                  label="Note (optional)"
                  description="Why it is approved, or who owns it."
                  maxLength={500}
                />
              </>
            ),
            labels: { confirm: 'Approve', cancel: 'Cancel' },
            onConfirm: send,
          }
        : {
            title: `Remove the approval of ${name}?`,
            children: (
              <Text size="sm">
                While it can reach mail or files, the apps task flags it again. The app itself keeps
                its access until it is removed in the admin console.
              </Text>
            ),
            labels: { confirm: 'Remove approval', cancel: 'Cancel' },
            confirmProps: { color: 'red' },
            onConfirm: send,
          },
    );

  return (
    <Button
      size="xs"
      variant={approving ? 'light' : 'subtle'}
      color={approving ? undefined : 'red'}
      loading={decide.isPending}
      onClick={confirm}
      aria-label={approving ? `Approve ${name}` : `Remove the approval of ${name}`}
    >
      {approving ? 'Approve' : 'Remove approval'}
    </Button>
  );
}
