import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { QueryStatus } from '../../components/QueryStatus';
import { useUserData } from '../../lib/user-data';
import { FrameworksSection } from '../frameworks';
import { useOrganizationAnalysis, useStartOrganizationScan } from './api';
import { BreachCostSection } from './BreachCostSection';
import { IdentityDevicePosture } from './IdentityDevicePosture';
import { LatestAnalysis } from './LatestAnalysis';
import { ScoreHistory } from './ScoreHistory';
import { TopAttackPaths } from './TopAttackPaths';

/**
 * `/risk-analysis`, the organisation's risk hub: the expected breach cost, for administrators the
 * top attack paths and the identity and device posture (the attack graph is theirs alone), the
 * latest domain report with a way to run it again and its history, and (administrators) how much
 * of two security frameworks the organisation meets.
 */
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
            What a breach could cost, how an attacker would get in, and what attackers can see of{' '}
            {domain ?? 'your domain'} from the internet: how your e-mail is protected against
            forgery and how your DNS and website are set up.
          </Text>
        </div>
        {isAdmin && (
          <Button
            onClick={() => start.mutate()}
            loading={start.isPending}
            disabled={running || analysis.isPending}
          >
            Run the analysis
          </Button>
        )}
      </Group>

      {start.isError && (
        <Alert color="red" title="The analysis could not start" role="alert">
          {start.error.message}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <BreachCostSection />
        {analysis.data && <ScoreHistory history={analysis.data.history} />}
      </SimpleGrid>

      {isAdmin && (
        <>
          <TopAttackPaths />
          <IdentityDevicePosture />
        </>
      )}

      {/* The admin tour highlights this card. */}
      <Card withBorder component="section" id="riskAnalysis" aria-labelledby="riskAnalysisTitle">
        <Title order={2} size="h4" id="riskAnalysisTitle" mb="md">
          Latest analysis
        </Title>
        <QueryStatus query={analysis} what="the risk analysis" />
        {analysis.data && <LatestAnalysis analysis={analysis.data} isAdmin={isAdmin} />}
      </Card>

      {isAdmin && <FrameworksSection />}
    </Stack>
  );
}
