import type { OrganizationAnalysisResponse } from '@castellan/contract';
import { Alert, Stack, Text } from '@mantine/core';
import { SampleReport, SampleReportBanner } from './SampleReport';
import { ScanProgress } from './ScanProgress';
import { ScanReportView } from './ScanReportView';

type Props = {
  analysis: OrganizationAnalysisResponse;
  isAdmin: boolean;
  /** Starts a scan of the organisation's domain (administrators). */
  onScan: () => void;
};

/** The organisation's latest analysis in whatever state it is: none yet, running, failed, done. */
export function LatestAnalysis({ analysis, isAdmin, onScan }: Props) {
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
      if (latest.report && latest.sample) {
        return (
          <Stack gap="lg">
            <SampleReportBanner domain={analysis.domain} onScan={isAdmin ? onScan : undefined} />
            <SampleReport domain={latest.report.domain}>
              <ScanReportView report={latest.report} level={3} />
            </SampleReport>
          </Stack>
        );
      }
      return latest.report ? (
        <ScanReportView report={latest.report} level={3} />
      ) : (
        <Alert color="red" title="The last analysis has no report" role="alert">
          {latest.error ?? 'Run the analysis again.'}
        </Alert>
      );
  }
}
