import { Card, Title } from '@mantine/core';
import { QueryStatus } from '../../components/QueryStatus';
import { BreachCostFigure, expectedBreachCost, useOrganization } from '../organization';

/** What a breach would be expected to cost, its range and what lowers it most. */
export function BreachCostSection() {
  const organization = useOrganization();
  return (
    <Card withBorder component="section" aria-labelledby="hubBreachCostTitle">
      <Title order={2} size="h5" id="hubBreachCostTitle" mb="xs">
        Expected breach cost
      </Title>
      <QueryStatus query={organization} what="the expected breach cost" />
      {organization.data && <BreachCostFigure cost={expectedBreachCost(organization.data)} />}
    </Card>
  );
}
