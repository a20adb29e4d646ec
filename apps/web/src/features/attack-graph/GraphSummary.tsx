import type { AttackGraphResponse } from '@castellan/contract';
import { Group, Paper, Text, Title } from '@mantine/core';
import { RelativeTime } from '../../components/RelativeTime';

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder px="sm" py={6} component="li">
      <Text size="xl" fw={700} component="span" mr={6}>
        {value}
      </Text>
      <Text size="sm" c="dimmed" component="span">
        {label}
      </Text>
    </Paper>
  );
}

/** The headline, one sentence that agrees with the counts below it. */
export function GraphSummary({ graph }: { graph: AttackGraphResponse }) {
  const { counts } = graph;
  return (
    <section aria-labelledby="attack-graph-headline">
      <Title order={2} size="h3" id="attack-graph-headline" mb="xs">
        {graph.headline}
      </Title>
      <Group component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Counts">
        <Count label="open paths" value={counts.openPaths} />
        <Count label="unknown paths" value={counts.unknownPaths} />
        <Count label="open entry points" value={counts.openEntryPoints} />
        <Count label="unknown entry points" value={counts.unknownEntryPoints} />
      </Group>
      <Text size="xs" c="dimmed" mt={6}>
        Worked out <RelativeTime value={graph.computedAt} />
      </Text>
    </section>
  );
}
