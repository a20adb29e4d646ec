import { Anchor, Card, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { QueryStatus } from '../../components/QueryStatus';
import { useFrameworks } from './api';
import { FrameworkCard } from './FrameworkCard';

/**
 * The risk analysis's frameworks tab (administrators): for CIS Controls v8 IG1 and Cyber
 * Essentials, the share met and, folded away, every safeguard, the missing ones first, each
 * opening to its tasks.
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
        once every task behind it is done by everyone it applies to.{' '}
        <Anchor component={Link} to="/readiness?set=cis-ig1" size="sm" underline="always">
          Show each control with its evidence
        </Anchor>
      </Text>
      <QueryStatus query={frameworks} what="the frameworks" />
      {frameworks.data && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" style={{ alignItems: 'start' }}>
          {frameworks.data.frameworks.map((framework) => (
            <FrameworkCard key={framework.id} framework={framework} headingOrder={3} />
          ))}
        </SimpleGrid>
      )}
    </Card>
  );
}
