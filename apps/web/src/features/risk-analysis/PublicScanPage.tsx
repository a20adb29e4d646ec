import type { DomainScan } from '@castellan/contract';
import { Alert, Button, CopyButton, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { PublicPageFrame } from '../../components/PublicPageFrame';
import { httpStatus } from '../../lib/http';
import { usePageTitle } from '../../lib/use-page-title';
import { usePublicScan, useRestartPublicScan } from './api';
import { DomainForm } from './DomainForm';
import { countProblems } from './report-findings';
import { ScanProgress } from './ScanProgress';
import { ScanReportView } from './ScanReportView';
import { SignUpCallToAction } from './SignUpCallToAction';

/** The server answers a start without content (429) when too many scans are running. */
const TOO_MANY_SCANS = 'Too many scans are running right now; try again in a minute.';

function FailedScan({ scan, domain }: { scan: DomainScan; domain: string }) {
  const restart = useRestartPublicScan(domain);
  return (
    <Alert color="red" title="The analysis failed" role="alert">
      <Text size="sm" mb="sm">
        {scan.error ?? 'The analysis stopped before it could finish.'}
      </Text>
      {(restart.isError || restart.data === null) && (
        <Text size="sm" mb="sm" fw={600}>
          {restart.error?.message ?? TOO_MANY_SCANS}
        </Text>
      )}
      <Button
        color="red"
        variant="light"
        loading={restart.isPending}
        onClick={() => restart.mutate()}
      >
        Try again
      </Button>
    </Alert>
  );
}

function ShareLink() {
  return (
    <CopyButton value={window.location.href}>
      {({ copied, copy }) => (
        <Button variant="default" size="xs" onClick={copy}>
          {copied ? 'Link copied' : 'Copy link to this report'}
        </Button>
      )}
    </CopyButton>
  );
}

/** `/risk-analysis/public/:domain`: a domain's recent report, or a scan of it as it runs. */
export default function PublicScanPage() {
  const { domain = '' } = useParams();
  const scan = usePublicScan(domain);
  const shownDomain = scan.data?.domain ?? domain;
  usePageTitle(`Risk analysis of ${shownDomain}`);
  const report = scan.data?.state === 'done' ? scan.data.report : null;

  return (
    <PublicPageFrame>
      <Stack gap="xl">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            Risk analysis of {shownDomain}
          </Title>
          {report && <ShareLink />}
        </Group>

        {scan.isPending && (
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden />
            <Text c="dimmed">Looking for a recent report...</Text>
          </Group>
        )}

        {scan.isError &&
          (httpStatus(scan.error) === 400 ? (
            <Alert color="orange" title="This domain cannot be analysed" role="alert">
              <Text size="sm">{scan.error.message}</Text>
            </Alert>
          ) : (
            <Alert color="red" title="Could not load the report" role="alert">
              <Text size="sm" mb="sm">
                {scan.error.message}
              </Text>
              <Button size="xs" variant="light" color="red" onClick={() => void scan.refetch()}>
                Try again
              </Button>
            </Alert>
          ))}

        {scan.data === null && (
          <Alert color="orange" title="The analysis could not start" role="alert">
            <Text size="sm" mb="sm">
              {TOO_MANY_SCANS}
            </Text>
            <Button size="xs" variant="light" color="orange" onClick={() => void scan.refetch()}>
              Try again
            </Button>
          </Alert>
        )}
        {scan.data?.state === 'running' && <ScanProgress scan={scan.data} />}
        {scan.data && (scan.data.state === 'failed' || (scan.data.state === 'done' && !report)) && (
          <FailedScan scan={scan.data} domain={domain} />
        )}
        {report && (
          <>
            <ScanReportView report={report} />
            <SignUpCallToAction problems={countProblems(report)} />
          </>
        )}

        {(scan.isError || report || scan.data?.state === 'failed') && (
          <DomainForm label={scan.isError ? 'Try another domain' : 'Analyse another domain'} />
        )}
      </Stack>
    </PublicPageFrame>
  );
}
