import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { ScanProgress, ScanSummary } from '../risk-analysis';
import { scanStepView } from './registration-steps';
import { StepHeading } from './StepHeading';
import type { RegistrationScan } from './use-registration-scan';

type Props = { domain: string; scan: RegistrationScan; focus: boolean };

const LATER =
  'You can go on with the next step and run the analysis later from the Risk analysis page.';

/** Step 1: the company domain is analysed; the result in brief, or why it could not be. */
export function ScanStep({ domain, scan, focus }: Props) {
  const { analysis, start } = scan;
  const latest = analysis.data?.latest;
  const view = scanStepView({
    analysisPending: analysis.isPending,
    analysisError: analysis.isError,
    startPending: start.isPending,
    startError: start.isError,
    latest,
  });
  const retry = (
    <Button size="xs" variant="light" color="red" onClick={() => start.mutate()}>
      Try again
    </Button>
  );

  return (
    <Stack gap="md">
      <div>
        <StepHeading focus={focus}>Scan your domain</StepHeading>
        <Text>
          Castellan looks at {domain} from the internet, as an attacker would: how your e-mail is
          protected against forgery and how your DNS and website are set up.
        </Text>
      </div>

      {(view === 'loading' || view === 'starting') && (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text c="dimmed">Starting the analysis of {domain}...</Text>
        </Group>
      )}
      {view === 'load-error' && (
        <Alert color="red" title="Could not load the analysis" role="alert">
          <Text size="sm" mb="sm">
            {analysis.error?.message} {LATER}
          </Text>
          <Button size="xs" variant="light" color="red" onClick={() => void analysis.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {view === 'refused' && (
        <Alert color="red" title={`We could not analyse ${domain}`} role="alert">
          <Text size="sm" mb="xs">
            {start.error?.message}
          </Text>
          <Text size="sm" mb="sm">
            {LATER}
          </Text>
          {retry}
        </Alert>
      )}
      {view === 'failed' && (
        <Alert color="red" title="The analysis failed" role="alert">
          <Text size="sm" mb="xs">
            {latest?.error ?? 'The analysis stopped before it could finish.'}
          </Text>
          <Text size="sm" mb="sm">
            {LATER}
          </Text>
          {retry}
        </Alert>
      )}
      {view === 'running' && latest && (
        <>
          <ScanProgress scan={latest} />
          <Text size="sm" c="dimmed">
            You can go on with the next step while it runs.
          </Text>
        </>
      )}
      {view === 'done' && latest?.report && (
        <>
          <ScanSummary report={latest.report} />
          <Text size="sm" c="dimmed">
            Every finding, with what to do about it, is under Risk analysis once you have finished.
          </Text>
        </>
      )}
    </Stack>
  );
}
