import type { OrganizationAnalysisResponse } from '@castellan/contract';
import { Alert, Stack, Text } from '@mantine/core';
import { SampleReportBanner } from './SampleReportBanner';
import { ScanProgress } from './ScanProgress';
import { ScanReportView } from './ScanReportView';

type Props = { analysis: OrganizationAnalysisResponse; isAdmin: boolean };

/** The organisation's latest analysis in whatever state it is: none yet, running, failed, done. */
export function LatestAnalysis({ analysis, isAdmin }: Props) {
  const { latest } = analysis;
  if (!latest) {
    return (
      <Stack gap={4} py="md">
        <Text fw={600}>{isAdmin ? 'No analysis yet — run the first one' : 'No analysis yet'}</Text>
        <Text size="sm" c="dimmed">
          {isAdmin
            ? `It checks what anyone can see of ${analysis.domain} from the internet and takes under a minute.`
            : 'An administrator of your organisation can run the first one.'}
        </Text>
      </Stack>
    );
  }
  switch (latest.state) {
    case 'running':
      return <ScanProgress scan={latest} />;
    case 'failed':
      return (
        <Alert color="red" title="The last analysis failed" role="alert">
          {latest.error ?? 'The analysis stopped before it could finish.'}
        </Alert>
      );
    case 'done':
      return latest.report ? (
        <Stack gap="lg">
          {latest.sample && <SampleReportBanner domain={analysis.domain} />}
          <ScanReportView report={latest.report} level={3} />
        </Stack>
      ) : (
        <Alert color="red" title="The last analysis has no report" role="alert">
          {latest.error ?? 'Run the analysis again.'}
        </Alert>
      );
  }
}
