import type { TaskEvidence } from '@castellan/contract';
import { EVIDENCE_SOURCE_NAMES } from '@castellan/contract/vocabulary';
import { Paper, Stack, Text } from '@mantine/core';
import { RelativeTime } from '../../components/RelativeTime';

function EvidenceItem({ evidence }: { evidence: TaskEvidence }) {
  const source = EVIDENCE_SOURCE_NAMES[evidence.source];
  const passed = evidence.verdict === 'pass';
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      style={{
        borderLeft: `4px solid var(--mantine-color-${passed ? 'green' : 'orange'}-filled)`,
      }}
      data-verdict={evidence.verdict}
    >
      <Text size="sm" fw={600}>
        {passed ? (
          <>
            Checked by {source}, <RelativeTime value={evidence.checkedAt} />
          </>
        ) : (
          `${source} found this is not done yet`
        )}
      </Text>
      {evidence.detail && <Text size="sm">{evidence.detail}</Text>}
      {!passed && (
        <Text size="xs" c="dimmed">
          Checked <RelativeTime value={evidence.checkedAt} />
        </Text>
      )}
    </Paper>
  );
}

/** What the automatic checks found about a task, the failing ones first (as the server sends). */
export function TaskEvidenceList({ evidence }: { evidence: TaskEvidence[] }) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {evidence.map((item) => (
        <EvidenceItem key={`${item.source}:${item.checkedAt}`} evidence={item} />
      ))}
    </Stack>
  );
}
