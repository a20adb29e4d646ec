import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatCurrency } from '../../lib/format-currency';
import { type BreachCost, formatCostRange, formatReduction } from './breach-cost';

function explanation(cost: BreachCost): string {
  if (cost.isDefault) {
    return 'The average cost of a data breach, until a risk analysis of your organisation gives its own estimate.';
  }
  return cost.sample
    ? 'Estimated by the risk analysis from a sample report, not from a scan of your own domain.'
    : 'Estimated by the risk analysis of your organisation.';
}

/**
 * The expected breach cost with what explains it: the range, the task that lowers it most and
 * whether it rests on a sample report. The caller gives the heading.
 */
export function BreachCostFigure({ cost }: { cost: BreachCost }) {
  return (
    <Stack gap="xs">
      <Group gap="sm" align="center">
        <Text fz={32} fw={800} lh={1.1} data-testid="breachCost">
          {formatCurrency(cost.amount)}
        </Text>
        {cost.sample && (
          <Badge color="grape" variant="light">
            Based on a sample report
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {explanation(cost)}
      </Text>
      {cost.range && (
        <Text size="sm" data-testid="breachCostRange">
          <Text span fw={600}>
            Range:
          </Text>{' '}
          {formatCostRange(cost.range)}
        </Text>
      )}
      {cost.biggestReduction && (
        <Text size="sm" data-testid="biggestReduction">
          <Text span fw={600}>
            What lowers it most:
          </Text>{' '}
          <Anchor component={Link} to="/tasks" size="sm">
            {cost.biggestReduction.title}
          </Anchor>{' '}
          ({formatReduction(cost.biggestReduction.amount)})
        </Text>
      )}
    </Stack>
  );
}
