import { Anchor, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { CheckedBy } from '../../components/CheckedBy';
import { PageHeading } from '../../components/PageHeading';
import { ProgressCard } from '../../components/ProgressCard';
import { QueryStatus } from '../../components/QueryStatus';
import { useUserData } from '../../lib/user-data';
import { useOrganization } from '../organization';
import { useScore } from '../score';
import { FirstWeek } from '../setup';
import { CyberScoreCard } from './CyberScoreCard';
import { BreachCostCard, StoppedAttacksCard } from './FiguresCards';
import { ProofLinksCard } from './ProofLinksCard';
import { WelcomeCard } from './WelcomeCard';

/**
 * The overview: what to do next, the cyber score, the user's and the team's progress, and the
 * organisation's figures. The admin tour points at the ids welcome, cyberScore, yourProgress
 * and teamProgress.
 */
export default function DashboardPage() {
  const { data: user } = useUserData();
  const score = useScore();
  const organization = useOrganization();
  const isAdmin = user?.role === 'admin';

  return (
    <>
      <PageHeading title="Overview" />
      <Stack gap="md">
        {isAdmin && <FirstWeek />}
        <WelcomeCard firstName={user?.firstName ?? ''} />

        <QueryStatus query={score} what="the cyber score" />
        {score.data && (
          <>
            <CyberScoreCard score={score.data} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <ProgressCard
                id="yourProgress"
                title="Your progress"
                progress={score.data.yourProgress}
              >
                <Group gap={6} mt="sm" role="group" aria-label="Your tasks are checked by">
                  <Text size="sm" c="dimmed">
                    Checked by:
                  </Text>
                  <CheckedBy sources={score.data.yourCheckedBy} />
                </Group>
                <Anchor component={Link} to="/tasks" size="sm" mt="sm" display="inline-block">
                  Go to your tasks
                </Anchor>
              </ProgressCard>
              <ProgressCard
                id="teamProgress"
                title="Team progress"
                progress={score.data.teamProgress}
              >
                {isAdmin ? (
                  <Anchor
                    component={Link}
                    to="/team-progress"
                    size="sm"
                    mt="sm"
                    display="inline-block"
                  >
                    See the company status
                  </Anchor>
                ) : (
                  <Text size="sm" c="dimmed" mt="sm">
                    Every task of everyone in your organisation.
                  </Text>
                )}
              </ProgressCard>
            </SimpleGrid>
          </>
        )}

        <QueryStatus query={organization} what="your organisation's figures" />
        {organization.data && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <StoppedAttacksCard organization={organization.data} />
            <BreachCostCard organization={organization.data} />
          </SimpleGrid>
        )}
        {isAdmin && <ProofLinksCard />}
      </Stack>
    </>
  );
}
