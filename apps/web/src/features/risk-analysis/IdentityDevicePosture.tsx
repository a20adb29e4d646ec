import { Card, SimpleGrid, Stack, Title } from '@mantine/core';
import { QueryStatus } from '../../components/QueryStatus';
import { useAttackGraph } from './attack-graph-query';
import { postureGroups } from './entry-posture';
import { PostureItemView } from './PostureItemView';

/**
 * Identity and device posture, from the attack graph's entry points: what the integrations and
 * the agent found open, what nothing has checked yet, and what is closed (administrators).
 */
export function IdentityDevicePosture() {
  const graph = useAttackGraph();
  return (
    <Card withBorder component="section" aria-labelledby="postureTitle">
      {/* Each row says where its answer comes from (an integration or the agent). */}
      <Title order={2} size="h4" id="postureTitle" mb="md">
        Identity and devices
      </Title>
      <QueryStatus query={graph} what="the identity and device posture" />
      {graph.data && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {postureGroups(graph.data.nodes).map((group) => (
            <Stack
              key={group.id}
              component="section"
              gap="sm"
              aria-labelledby={`posture-${group.id}`}
            >
              <Title order={3} size="h5" id={`posture-${group.id}`}>
                {group.title}
              </Title>
              <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {group.items.map((item) => (
                  <PostureItemView key={item.id} item={item} />
                ))}
              </Stack>
            </Stack>
          ))}
        </SimpleGrid>
      )}
    </Card>
  );
}
