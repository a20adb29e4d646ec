import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { QueryStatus } from '../../components/QueryStatus';
import { useFrameworks } from './api';
import { FrameworkDetails } from './FrameworkDetails';
import { FrameworkShare } from './FrameworkShare';

/**
 * The risk hub's frameworks section (administrators): for CIS Controls v8 IG1 and Cyber
 * Essentials, the share met and every safeguard, the missing ones first, each opening to its tasks.
 */
export function FrameworksSection() {
  const frameworks = useFrameworks();
  return (
    <Card withBorder component="section" aria-labelledby="frameworksTitle">
      <Title order={2} size="h4" id="frameworksTitle" mb="xs">
        Frameworks
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        How much of two well-known security standards your organisation meets. A safeguard is met
        once every task behind it is done by everyone it applies to.
      </Text>
      <QueryStatus query={frameworks} what="the frameworks" />
      {frameworks.data && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          {frameworks.data.frameworks.map((framework) => (
            <Stack
              key={framework.id}
              component="section"
              gap="sm"
              aria-labelledby={`framework-${framework.id}`}
            >
              <div>
                <Title order={3} size="h5" id={`framework-${framework.id}`} mb="xs">
                  {framework.name}
                </Title>
                <FrameworkShare framework={framework} />
              </div>
              <FrameworkDetails framework={framework} headingOrder={4} />
            </Stack>
          ))}
        </SimpleGrid>
      )}
    </Card>
  );
}
