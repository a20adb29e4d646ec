import type { Organization } from '@castellan/contract';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { BreachCostFigure, expectedBreachCost } from '../organization';
import { stoppedAttacks } from './organization-figures';

const count = (n: number) => new Intl.NumberFormat().format(n);

/** Attacks the organisation's providers stopped: the total and where they were stopped. */
export function StoppedAttacksCard({ organization }: { organization: Organization }) {
  const attacks = stoppedAttacks(organization.metrics);
  return (
    <Card withBorder component="section" aria-labelledby="stoppedAttacksTitle">
      <Title order={2} size="h5" id="stoppedAttacksTitle" mb="xs">
        Stopped attacks
      </Title>
      <Text fz={32} fw={800} lh={1.1} data-testid="stoppedAttacksTotal">
        {count(attacks.total)}
      </Text>
      <Stack gap={2} component="dl" mt="sm" mb={0}>
        <Group justify="space-between" gap="xs">
          <Text component="dt" size="sm" c="dimmed">
            Failed logins
          </Text>
          <Text component="dd" size="sm" fw={600} m={0}>
            {count(attacks.failedLogins)}
          </Text>
        </Group>
        <Group justify="space-between" gap="xs">
          <Text component="dt" size="sm" c="dimmed">
            Blocked spam
          </Text>
          <Text component="dd" size="sm" fw={600} m={0}>
            {count(attacks.blockedSpam)}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * What a breach would be expected to cost: the risk analysis's estimate with its range and what
 * lowers it most, or the average.
 */
export function BreachCostCard({ organization }: { organization: Organization }) {
  return (
    <Card withBorder component="section" aria-labelledby="breachCostTitle">
      <Title order={2} size="h5" id="breachCostTitle" mb="xs">
        Expected breach cost
      </Title>
      <BreachCostFigure cost={expectedBreachCost(organization)} />
    </Card>
  );
}
