import { Card, Group, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';

/** Placeholder cards while the integrations load. */
export function IntegrationsSkeleton() {
  return (
    <div role="status">
      <VisuallyHidden>Loading integrations...</VisuallyHidden>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-hidden>
        {['a', 'b', 'c'].map((key) => (
          <Card key={key} withBorder padding="md">
            <Stack gap="sm">
              <Group gap="sm" wrap="nowrap">
                <Skeleton circle height={40} />
                <Stack gap={6} style={{ flex: 1 }}>
                  <Skeleton height={16} width="60%" />
                  <Skeleton height={14} width="35%" />
                </Stack>
              </Group>
              <Skeleton height={12} />
              <Skeleton height={12} width="80%" />
              <Skeleton height={32} width={110} mt="sm" />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </div>
  );
}
