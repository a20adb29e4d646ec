import { Alert, Anchor, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../lib/api';

const WHAT = { reminder: 'weekly task reminders', digest: 'the weekly digest' } as const;

/**
 * Where an e-mail's unsubscribe link lands: one click stops what the signed link names, without
 * signing in. The e-mail's one-click header posts to the API directly; this page does the same.
 */
export default function UnsubscribePage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const unsubscribe = useMutation({
    mutationFn: (value: string) => api('POST', '/mail/unsubscribe', { query: { token: value } }),
  });
  const { mutate } = unsubscribe;

  useEffect(() => {
    // Unsubscribing twice changes nothing, so a second run of the effect does no harm.
    if (token) mutate(token);
  }, [token, mutate]);

  return (
    <Container component="main" size="xs" py="xl">
      <Stack gap="sm">
        <Title order={1} size="h2">
          Unsubscribe
        </Title>
        <div role="status" aria-live="polite">
          {!token && <Text>This link is incomplete. Change what you receive in Settings.</Text>}
          {unsubscribe.isPending && (
            <Group gap="xs">
              <Loader size="sm" aria-hidden />
              <Text>Unsubscribing…</Text>
            </Group>
          )}
          {unsubscribe.isSuccess && unsubscribe.data && (
            <Text>
              {unsubscribe.data.email} will no longer receive {WHAT[unsubscribe.data.kind]}. You can
              switch {unsubscribe.data.kind === 'digest' ? 'it' : 'them'} back on in Settings.
            </Text>
          )}
          {unsubscribe.isSuccess && !unsubscribe.data && (
            <Text>The server is busy. Please open the link again in a moment.</Text>
          )}
          {unsubscribe.isError && (
            <Alert color="red" title="Not unsubscribed">
              {unsubscribe.error.message}
            </Alert>
          )}
        </div>
        <Anchor href="/settings">Go to Settings</Anchor>
      </Stack>
    </Container>
  );
}
