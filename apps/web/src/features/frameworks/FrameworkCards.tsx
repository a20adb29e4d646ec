import { Box, SimpleGrid } from '@mantine/core';
import { QueryStatus } from '../../components/QueryStatus';
import { useFrameworks } from './api';
import { FrameworkCard } from './FrameworkCard';

/**
 * The frameworks on the task list, kept small so that the tasks stay the focus: a card each
 * with the share met, opening to its safeguards (administrators).
 */
export function FrameworkCards() {
  const frameworks = useFrameworks();
  return (
    <Box mb="md">
      <QueryStatus query={frameworks} what="the frameworks" />
      {frameworks.data && (
        // Aligned to the top: one card opened does not stretch the other to its length.
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ alignItems: 'start' }}>
          {frameworks.data.frameworks.map((framework) => (
            <FrameworkCard key={framework.id} framework={framework} headingOrder={2} />
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}
