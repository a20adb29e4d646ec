import { Text } from '@mantine/core';
import { LabelledSection } from '../../components/LabelledSection';
import type { ProofDraft } from './attachment-rules';
import { ProofFields } from './ProofFields';

/** The task view's optional note or file, sent when the task is marked as complete. */
export function ProofSection(props: { value: ProofDraft; onChange: (draft: ProofDraft) => void }) {
  return (
    <LabelledSection title="Note or file (optional)">
      <Text size="sm" c="dimmed" mb="xs">
        Kept with the task as proof that it is done, for an insurer or an auditor. They are sent
        when you mark the task as complete.
      </Text>
      <ProofFields {...props} />
    </LabelledSection>
  );
}
