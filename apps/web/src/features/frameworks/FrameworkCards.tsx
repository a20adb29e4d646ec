import type { FrameworkProgress } from '@castellan/contract';
import { Box, Button, Card, SimpleGrid, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { QueryStatus } from '../../components/QueryStatus';
import { useFrameworks } from './api';
import { FrameworkDetails } from './FrameworkDetails';
import { FrameworkShare } from './FrameworkShare';

function FrameworkCard({ framework }: { framework: FrameworkProgress }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const detailsId = useId();
  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Title order={2} size="h5" id={titleId} mb="xs">
        {framework.name}
      </Title>
      <FrameworkShare framework={framework} />
      <Button
        variant="subtle"
        size="compact-sm"
        mt="sm"
        style={{ alignSelf: 'flex-start' }}
        aria-expanded={open}
        aria-controls={detailsId}
        aria-label={`${open ? 'Hide' : 'Show'} the safeguards of ${framework.name}`}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide the safeguards' : 'Show the safeguards'}
      </Button>
      <Box id={detailsId} hidden={!open} mt="sm">
        {open && <FrameworkDetails framework={framework} headingOrder={3} />}
      </Box>
    </Card>
  );
}

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
            <FrameworkCard key={framework.id} framework={framework} />
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}
