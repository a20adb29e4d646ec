import { ATTACHMENT_MAX_BYTES, ATTESTATION_NOTE_MAX } from '@castellan/contract/assurance-rules';
import { Button, Group, Input, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import {
  ATTACHMENT_ACCEPT,
  attachmentProblem,
  formatBytes,
  type ProofDraft,
} from './attachment-rules';

type Props = {
  value: ProofDraft;
  onChange: (draft: ProofDraft) => void;
  disabled?: boolean;
};

/** The share of the note's length past which the characters left are shown. */
const COUNT_FROM = 0.8;

/**
 * A note and a file (a screenshot or a PDF) that show a task is done. The file is checked here
 * for its type and size, so that nobody waits for an upload the server would refuse. It shows
 * when asked for, in place of the button that asked: the note takes the keyboard focus.
 */
export function ProofFields({ value, onChange, disabled = false }: Props) {
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const note = useRef<HTMLTextAreaElement>(null);
  useEffect(() => note.current?.focus(), []);
  const problem = value.file ? attachmentProblem(value.file) : null;
  const left = ATTESTATION_NOTE_MAX - value.note.length;

  const removeFile = () => {
    if (input.current) input.current.value = '';
    onChange({ ...value, file: null });
  };

  return (
    <Stack gap="sm">
      <Textarea
        ref={note}
        label="Note"
        description={
          value.note.length >= ATTESTATION_NOTE_MAX * COUNT_FROM
            ? `${left} ${left === 1 ? 'character' : 'characters'} left`
            : 'What was done, by whom, or where the proof is kept. Optional.'
        }
        autosize
        minRows={2}
        maxRows={8}
        maxLength={ATTESTATION_NOTE_MAX}
        value={value.note}
        disabled={disabled}
        onChange={(event) => onChange({ ...value, note: event.currentTarget.value })}
      />
      <Input.Wrapper
        id={fileId}
        label="File"
        description={`A screenshot or a PDF: PNG, JPEG or PDF, at most ${formatBytes(ATTACHMENT_MAX_BYTES)}. Optional.`}
        error={problem}
      >
        <input
          ref={input}
          id={fileId}
          type="file"
          accept={ATTACHMENT_ACCEPT}
          disabled={disabled}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${fileId}-description${problem ? ` ${fileId}-error` : ''}`}
          onChange={(event) => onChange({ ...value, file: event.currentTarget.files?.[0] ?? null })}
          style={{
            display: 'block',
            maxWidth: '100%',
            marginTop: 4,
            fontSize: 'var(--mantine-font-size-sm)',
          }}
        />
      </Input.Wrapper>
      {value.file && (
        <Group gap="xs" wrap="wrap">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {value.file.name} ({formatBytes(value.file.size)})
          </Text>
          <Button
            size="compact-sm"
            variant="subtle"
            color="gray"
            onClick={removeFile}
            disabled={disabled}
          >
            Remove file
          </Button>
        </Group>
      )}
    </Stack>
  );
}
