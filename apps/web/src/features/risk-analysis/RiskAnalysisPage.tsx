import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { QueryStatus } from '../../components/QueryStatus';
import { useUserData } from '../../lib/user-data';
import { FrameworksSection } from '../frameworks';
import { useOrganizationAnalysis, useStartOrganizationScan } from './api';
import { BreachCostSection } from './BreachCostSection';
import { IdentityDevicePosture } from './IdentityDevicePosture';
import { LatestAnalysis } from './LatestAnalysis';
import { RISK_TAB_NAMES, type RiskTab, riskTabFrom, riskTabsFor, withRiskTab } from './risk-tabs';
import { ScoreHistory } from './ScoreHistory';
import { TopAttackPaths } from './TopAttackPaths';

// Only administrators who open the tab need the watch's code.
const WatchSection = lazy(async () => ({ default: (await import('../watch')).WatchSection }));

/**
 * `/risk-analysis`, the organisation's risk hub, in tabs kept in the address (`?tab=…`):
 * the summary (the expected breach cost and score history; for administrators the top attack
 * paths and the identity and device posture), the latest domain report with a way to run it
 * again, and (administrators) how much of two security frameworks the organisation meets and the
 * continuous watch of its domains.
 */
export default function RiskAnalysisPage() {
  const { data: user } = useUserData();
  const analysis = useOrganizationAnalysis();
  const start = useStartOrganizationScan();
  const location = useLocation();
  const [asked, setAsked] = useState(() => new URLSearchParams(location.search));
  const isAdmin = user?.role === 'admin';
  const running = analysis.data?.latest?.state === 'running';
  const sample = analysis.data?.latest?.sample === true;
  const domain = analysis.data?.domain ?? user?.companyDomain;
  const tab = riskTabFrom(asked, isAdmin);
  // The address follows the tab without a navigation: a navigation would re-check the session
  // and re-render the page, taking the keyboard focus off the tab just chosen.
  const openTab = (next: string | null) => {
    const chosen = riskTabsFor(isAdmin).find((t) => t === next);
    if (!chosen) return;
    const params = withRiskTab(asked, chosen);
    setAsked(params);
    const query = params.toString();
    window.history.replaceState(
      window.history.state,
      '',
      `${location.pathname}${query ? `?${query}` : ''}`,
    );
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={1} size="h2" mb="xs">
            Risk analysis
          </Title>
          <Text c="dimmed">
            What a breach could cost, how an attacker would get in, and what the internet sees of{' '}
            {domain ?? 'your domain'}.
          </Text>
        </div>
        {isAdmin && (
          <Button
            onClick={() => {
              start.mutate();
              openTab('report');
            }}
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

      <Tabs value={tab} onChange={openTab} keepMounted={false}>
        {/* One row on a phone too: the tabs scroll sideways rather than wrap. */}
        <Tabs.List
          aria-label="Risk analysis views"
          style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}
        >
          {riskTabsFor(isAdmin).map((id: RiskTab) => (
            <Tabs.Tab
              key={id}
              value={id}
              style={{ flexShrink: 0 }}
              rightSection={
                id === 'report' && sample ? (
                  <Badge size="xs" color="grape" variant="light">
                    Sample
                  </Badge>
                ) : undefined
              }
            >
              {RISK_TAB_NAMES[id]}
            </Tabs.Tab>
          ))}
        </Tabs.List>

        <Tabs.Panel value="summary" pt="lg">
          <Stack gap="lg">
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
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="report" pt="lg">
          <Card
            withBorder
            component="section"
            id="riskAnalysis"
            aria-labelledby="riskAnalysisTitle"
          >
            <Title order={2} size="h4" id="riskAnalysisTitle" mb="md">
              Latest analysis
            </Title>
            <QueryStatus query={analysis} what="the risk analysis" />
            {analysis.data && (
              <LatestAnalysis
                analysis={analysis.data}
                isAdmin={isAdmin}
                onScan={() => start.mutate()}
              />
            )}
          </Card>
        </Tabs.Panel>

        {isAdmin && (
          <Tabs.Panel value="frameworks" pt="lg">
            <FrameworksSection />
          </Tabs.Panel>
        )}

        {isAdmin && (
          <Tabs.Panel value="watch" pt="lg">
            <Suspense fallback={null}>
              <WatchSection />
            </Suspense>
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
