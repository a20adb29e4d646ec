import type { FrameworkProgress } from '@castellan/contract';
import { Box, Button, Card, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { FrameworkDetails } from './FrameworkDetails';
import { FrameworkShare } from './FrameworkShare';

type Props = { framework: FrameworkProgress; headingOrder: 2 | 3 };

/** A framework's share met, its safeguards (missing ones first) folded away behind a button. */
export function FrameworkCard({ framework, headingOrder }: Props) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const detailsId = useId();
  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Title order={headingOrder} size="h5" id={titleId} mb="xs">
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
        {open && (
          <FrameworkDetails framework={framework} headingOrder={headingOrder === 2 ? 3 : 4} />
        )}
      </Box>
    </Card>
  );
}
