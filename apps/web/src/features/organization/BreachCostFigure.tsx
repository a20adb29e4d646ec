import { Anchor, Box, Button, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatCurrency } from '../../lib/format-currency';
import { type BreachCost, formatCostRange, formatReduction } from './breach-cost';

function explanation(cost: BreachCost): string {
  if (cost.isDefault) {
    return 'The average cost of a data breach, until a risk analysis of your organisation gives its own estimate.';
  }
  return 'Estimated by the risk analysis of your organisation.';
}

/**
 * The expected breach cost with what explains it: the range and the task that lowers it most.
 * The caller gives the heading.
 */
export function BreachCostFigure({ cost }: { cost: BreachCost }) {
  return (
    <Stack gap="xs">
      <Text fz={32} fw={800} lh={1.1} data-testid="breachCost">
        {formatCurrency(cost.amount)}
      </Text>
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
      {cost.explanation && <WhyThisFigure explanation={cost.explanation} />}
    </Stack>
  );
}

/** Why the figure is what it is and what changed it since last week, behind a disclosure. */
function WhyThisFigure({ explanation }: { explanation: NonNullable<BreachCost['explanation']> }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div>
      <Button
        variant="subtle"
        size="compact-sm"
        px={0}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        Why this figure?
      </Button>
      <Box id={id} hidden={!open} data-testid="breachCostWhy">
        <Text size="sm">{explanation.why}</Text>
        <Text size="sm" mt={4}>
          {explanation.sinceLastWeek}
        </Text>
      </Box>
    </div>
  );
}
