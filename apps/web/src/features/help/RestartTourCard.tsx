import { Button, Card, Text } from '@mantine/core';
import { showServerBusy, showToast } from '../../lib/toast';
import { restartTour } from '../tour';

/** The tour article's Restart Tour, for administrators: the same call as the avatar menu's. */
export function RestartTourCard() {
  // The tour takes the user to the page of the step it starts or resumes at.
  const restart = () =>
    restartTour().then(
      (tour) => {
        if (!tour) showServerBusy();
      },
      (error: unknown) =>
        showToast({
          severity: 'error',
          summary: 'Could not restart the tour',
          detail: error instanceof Error ? error.message : undefined,
        }),
    );

  return (
    <Card withBorder mt="lg" component="section" aria-label="Restart the tour">
      <Text mb="sm">Start the tour again, or pick it up where you left it.</Text>
      <Button onClick={() => void restart()} w="fit-content">
        Restart Tour
      </Button>
    </Card>
  );
}
