import type { FrameworkProgress } from '@castellan/contract';
import { Box, Button, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { useId, useState } from 'react';
import { metToggle, metToggleName } from './framework-wording';
import { SafeguardList } from './SafeguardList';

type Props = { framework: FrameworkProgress; headingOrder: TitleOrder };

/** A framework's safeguards: the missing ones to work on, the met ones folded away. */
export function FrameworkDetails({ framework, headingOrder }: Props) {
  const [showMet, setShowMet] = useState(false);
  const metId = useId();
  const missing = framework.safeguards.filter((s) => !s.met);
  const met = framework.safeguards.filter((s) => s.met);
  return (
    <Stack gap="sm">
      {missing.length > 0 ? (
        <>
          <Title order={headingOrder} size="h6">
            Not met yet ({missing.length})
          </Title>
          <SafeguardList framework={framework.id} safeguards={missing} />
        </>
      ) : (
        <Text size="sm">Everything in {framework.name} is met. Well done.</Text>
      )}
      {met.length > 0 && (
        <>
          <Button
            variant="subtle"
            size="compact-sm"
            style={{ alignSelf: 'flex-start' }}
            aria-expanded={showMet}
            aria-controls={metId}
            aria-label={metToggleName(showMet, met.length, framework.id, framework.name)}
            onClick={() => setShowMet(!showMet)}
          >
            {metToggle(showMet, met.length)}
          </Button>
          <Box id={metId} hidden={!showMet}>
            {showMet && <SafeguardList framework={framework.id} safeguards={met} />}
          </Box>
        </>
      )}
    </Stack>
  );
}
