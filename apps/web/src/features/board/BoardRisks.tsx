import type { BoardRisksResponse } from '@castellan/contract';
import { Anchor, Card, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { QueryStatus } from '../../components/QueryStatus';
import { formatCurrency } from '../../lib/format-currency';
import { useBoardRisks } from './api';
import classes from './BoardPage.module.css';

const taskAddress = (catalogueId: string) => `/tasks?task=${encodeURIComponent(catalogueId)}`;

function RiskList({ answer }: { answer: BoardRisksResponse }) {
  if (answer.risks.length === 0) {
    return (
      <Text c="dimmed">
        No open risk with a cost left: every task the breach-cost model weighs is done.
      </Text>
    );
  }
  return (
    <Stack component="ol" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Risks">
      {answer.risks.map((risk, index) => (
        <li key={risk.id} data-risk={risk.id}>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {index + 1}. {risk.title}
          </Text>
          <Text size="sm">
            Closing it lowers the expected cost of a breach by{' '}
            <Text span fw={700} data-testid="riskAmount">
              {formatCurrency(risk.amount)}
            </Text>
            .
          </Text>
          {risk.tasks.length > 0 && (
            <>
              <Text size="sm" c="dimmed" mt={4}>
                What closes it:
              </Text>
              <List size="sm" spacing={2} aria-label={`What closes ${risk.title}`}>
                {risk.tasks.map((task) => (
                  <List.Item key={task.catalogueId}>
                    <Anchor component={Link} to={taskAddress(task.catalogueId)} size="sm">
                      {task.title}
                    </Anchor>
                  </List.Item>
                ))}
              </List>
            </>
          )}
        </li>
      ))}
    </Stack>
  );
}

/** The three biggest open risks in money, each with the tasks that close it. */
export function BoardRisks() {
  const risks = useBoardRisks();
  return (
    <Card
      withBorder
      component="section"
      aria-labelledby="boardRisksTitle"
      className={classes.section}
    >
      <Title order={2} size="h4" id="boardRisksTitle" mb="xs">
        The three biggest open risks
      </Title>
      <QueryStatus query={risks} what="the risks" />
      {risks.data && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            A breach is expected to cost{' '}
            <Text span fw={700} c="var(--mantine-color-text)" data-testid="boardBreachCost">
              {formatCurrency(risks.data.expectedBreachCost)}
            </Text>{' '}
            as things stand. These open risks add the most to it.
          </Text>
          <RiskList answer={risks.data} />
        </Stack>
      )}
    </Card>
  );
}
