import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { QueryStatus } from '../../components/QueryStatus';
import { useAttackGraph } from './attack-graph-query';
import { SEVERITY_COLORS } from './report-display';
import { type PathSummary, topPaths } from './top-paths';

function PathItem({ path }: { path: PathSummary }) {
  return (
    <Stack component="li" gap={4}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Badge color={SEVERITY_COLORS[path.severity]} autoContrast style={{ flexShrink: 0 }}>
          {path.severity}
        </Badge>
        <Text fw={600} size="sm">
          {path.summary}
          {path.state === 'unknown' && (
            <Text span c="dimmed" fw={400}>
              {' '}
              (not yet checked)
            </Text>
          )}
        </Text>
      </Group>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {path.steps.join(' → ')}
      </Text>
    </Stack>
  );
}

/** The three most dangerous ways in, from the attack graph (administrators). */
export function TopAttackPaths() {
  const graph = useAttackGraph();
  const paths = graph.data ? topPaths(graph.data) : [];
  return (
    <Card withBorder component="section" aria-labelledby="topAttackPathsTitle">
      <Title order={2} size="h4" id="topAttackPathsTitle" mb="xs">
        Top attack paths
      </Title>
      <QueryStatus query={graph} what="the attack paths" />
      {graph.data && (
        <Stack gap="md">
          {paths.length === 0 ? (
            <Text size="sm" c="dimmed">
              No attack paths were found in what has been checked so far.
            </Text>
          ) : (
            <>
              <Text fw={600}>{graph.data.headline}</Text>
              <Stack
                component="ol"
                gap="sm"
                aria-label="Most dangerous attack paths"
                style={{ listStyle: 'none', padding: 0, margin: 0 }}
              >
                {paths.map((path) => (
                  <PathItem key={path.id} path={path} />
                ))}
              </Stack>
            </>
          )}
          <Anchor component={Link} to="/risk-analysis/attack-graph" size="sm">
            Open the attack graph
          </Anchor>
        </Stack>
      )}
    </Card>
  );
}
