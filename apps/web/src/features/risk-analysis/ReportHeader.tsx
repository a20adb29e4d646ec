import type { ScanReport } from '@castellan/contract';
import { Group, Stack, Text } from '@mantine/core';
import { GradeBadge } from '../../components/GradeBadge';
import { formatDate } from '../../lib/format-date';
import { countProblems } from './report-findings';
import { SampleMark } from './SampleReport';

const problemsText = (n: number) =>
  n === 0 ? 'No problems found' : n === 1 ? '1 problem found' : `${n} problems found`;

/** The domain grade, what it measures, and when and what was analysed. */
export function ReportHeader({ report }: { report: ScanReport }) {
  return (
    <Group gap="lg" align="center" wrap="nowrap">
      <GradeBadge grade={report.grade} />
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fz={24} fw={800} lh={1.2}>
          {report.grade ? `Domain grade ${report.grade}` : 'No domain grade'}
        </Text>
        <Text size="sm" c="dimmed">
          How the domain’s e-mail and web settings look from outside
        </Text>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {problemsText(countProblems(report))} on {report.domain}
        </Text>
        <SampleMark />
        <Text size="sm" c="dimmed">
          Analysed{' '}
          <time dateTime={report.scannedAt}>
            {formatDate(report.scannedAt, { hour: 'numeric', minute: '2-digit' })}
          </time>
          {report.webHost && report.webHost !== report.domain && ` · website ${report.webHost}`}
        </Text>
      </Stack>
    </Group>
  );
}
