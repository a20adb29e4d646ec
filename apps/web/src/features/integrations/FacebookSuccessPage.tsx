import { Anchor, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';

/** How long the popup shows its message before closing itself. */
export const CLOSE_AFTER_MS = 1500;

const OUTCOMES = {
  connected: {
    title: 'Meta connected',
    text: 'Castellan can now check your business accounts. This window closes by itself.',
  },
  cancelled: {
    title: 'Meta was not connected',
    text: 'Connecting was cancelled. You can try again from the Integrations page.',
  },
  refused: {
    title: 'Meta was not connected',
    text: 'Castellan did not get the business management permission it needs, or the connection was not started from your Integrations page.',
  },
  failed: {
    title: 'Meta was not connected',
    text: 'Meta did not answer as expected. Please try again in a moment.',
  },
} as const;

/** Opened on its own rather than as the popup: whether Meta is connected is on the Integrations page. */
const ON_ITS_OWN = {
  title: 'Meta sign-in finished',
  text: 'This page ends the Meta sign-in window. The Integrations page shows whether Meta is connected.',
};

/**
 * Where the Facebook sign-in popup lands (spec §2 /facebook-success): says how it went and closes
 * itself; the Integrations page that opened it then checks the status. Opened on its own, it
 * offers the way to the Integrations page instead.
 */
export default function FacebookSuccessPage() {
  const [search] = useSearchParams();
  const inPopup = typeof window !== 'undefined' && window.opener !== null;
  const named = OUTCOMES[search.get('outcome') as keyof typeof OUTCOMES];
  const outcome = named ?? (inPopup ? OUTCOMES.connected : ON_ITS_OWN);
  usePageTitle(outcome.title);

  useEffect(() => {
    if (!inPopup) return;
    const timer = window.setTimeout(() => window.close(), CLOSE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [inPopup]);

  return (
    <Container component="main" size="xs" py="xl">
      <Stack gap="sm" role="status">
        <Title order={1} size="h2">
          {outcome.title}
        </Title>
        <Text>{outcome.text}</Text>
        {inPopup ? (
          <Button
            variant="light"
            onClick={() => window.close()}
            style={{ alignSelf: 'flex-start' }}
          >
            Close this window
          </Button>
        ) : (
          <Anchor href="/integrations">Go to Integrations</Anchor>
        )}
      </Stack>
    </Container>
  );
}
