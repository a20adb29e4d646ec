import type { OrganizationAnalysisResponse } from '@castellan/contract';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { QueryStatus } from '../../components/QueryStatus';
import { useUserData } from '../../lib/user-data';
import { useOrganizationAnalysis, useStartOrganizationScan } from './api';
import { ScanProgress } from './ScanProgress';
import { ScanReportView } from './ScanReportView';
import { ScoreHistory } from './ScoreHistory';

function LatestAnalysis({
  analysis,
  isAdmin,
}: {
  analysis: OrganizationAnalysisResponse;
  isAdmin: boolean;
}) {
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
        <ScanReportView report={latest.report} level={3} />
      ) : (
        <Alert color="red" title="The last analysis has no report" role="alert">
          {latest.error ?? 'Run the analysis again.'}
        </Alert>
      );
  }
}

/** `/risk-analysis`: the organisation's latest analysis, a way to run it again, its history. */
export default function RiskAnalysisPage() {
  const { data: user } = useUserData();
  const analysis = useOrganizationAnalysis();
  const start = useStartOrganizationScan();
  const isAdmin = user?.role === 'admin';
  const running = analysis.data?.latest?.state === 'running';
  const domain = analysis.data?.domain ?? user?.companyDomain;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={1} size="h2" mb="xs">
            Risk analysis
          </Title>
          <Text c="dimmed">
            What attackers can see of {domain ?? 'your domain'} from the internet: how your e-mail
            is protected against forgery and how your DNS and website are set up.
          </Text>
        </div>
        {isAdmin && (
          <Group gap="xs">
            <Button component={Link} to="/risk-analysis/attack-graph" variant="light">
              See the attack graph
            </Button>
            <Button
              onClick={() => start.mutate()}
              loading={start.isPending}
              disabled={running || analysis.isPending}
            >
              Run the analysis
            </Button>
          </Group>
        )}
      </Group>

      {start.isError && (
        <Alert color="red" title="The analysis could not start" role="alert">
          {start.error.message}
        </Alert>
      )}

      {analysis.data && <ScoreHistory history={analysis.data.history} />}

      {/* The admin tour highlights this card. */}
      <Card withBorder component="section" id="riskAnalysis" aria-labelledby="riskAnalysisTitle">
        <Title order={2} size="h4" id="riskAnalysisTitle" mb="md">
          Latest analysis
        </Title>
        <QueryStatus query={analysis} what="the risk analysis" />
        {analysis.data && <LatestAnalysis analysis={analysis.data} isAdmin={isAdmin} />}
      </Card>
    </Stack>
  );
}
