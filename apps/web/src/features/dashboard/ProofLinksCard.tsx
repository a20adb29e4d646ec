import { Anchor, Card, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** Administrators: where to find what an insurer, an auditor or the board asks for. */
export function ProofLinksCard() {
  return (
    <Card withBorder component="section" aria-labelledby="proofLinksTitle">
      <Title order={2} size="h5" id="proofLinksTitle" mb="xs">
        Proof for insurers and your board
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Answers to a cyber-insurance application and two frameworks, with the evidence behind them,
        and a one-page summary for the board.
      </Text>
      <Group gap="lg">
        <Anchor component={Link} to="/readiness" size="sm">
          Readiness
        </Anchor>
        <Anchor component={Link} to="/board" size="sm">
          Board summary
        </Anchor>
      </Group>
    </Card>
  );
}
