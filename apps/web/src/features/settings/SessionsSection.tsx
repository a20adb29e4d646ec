import type { UserSession } from '@castellan/contract';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { QueryStatus } from '../../components/QueryStatus';
import { openConfirmModal } from '../../lib/confirm';
import { formatDate } from '../../lib/format-date';
import { showServerBusy, showToast } from '../../lib/toast';
import { useEndSession, useUserSessions } from './api';

const when = (iso: string) => formatDate(iso, { hour: 'numeric', minute: '2-digit' });

/** Where the user is signed in, with a way to sign out the browsers they no longer use. */
export function SessionsSection() {
  const query = useUserSessions();
  const endSession = useEndSession();

  const confirmEnd = (session: UserSession) =>
    openConfirmModal({
      title: `Sign out ${session.device}?`,
      children: (
        <Text size="sm">
          That browser is signed out at once; its next step asks to sign in again. Your session here
          stays open.
        </Text>
      ),
      labels: { confirm: 'Sign out', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        endSession.mutate(session.id, {
          onSuccess: (outcome) =>
            outcome === 'busy'
              ? showServerBusy()
              : showToast({ severity: 'success', summary: `${session.device} was signed out` }),
          onError: (error) =>
            showToast({
              severity: 'error',
              summary: 'Could not sign the session out',
              detail: error.message,
              life: 8000,
            }),
        }),
    });

  const sessions = query.data?.sessions ?? [];
  const others = sessions.filter((s) => !s.current);

  return (
    <Card withBorder component="section" aria-labelledby="sessionsTitle" mb="lg">
      <Title order={2} size="h4" id="sessionsTitle">
        Your sessions
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        The browsers you are signed in with. Sign out any you do not recognise or no longer use.
      </Text>
      <QueryStatus query={query} what="your sessions" />
      {query.isSuccess && (
        <>
          <Stack
            component="ul"
            aria-label="Sessions"
            gap="xs"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
          >
            {sessions.map((session) => (
              <Card key={session.id} component="li" withBorder padding="sm">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <div>
                    <Text fw={500} size="sm">
                      {session.device}
                      {session.current && (
                        <Badge ml="xs" size="xs" variant="light">
                          This browser
                        </Badge>
                      )}
                    </Text>
                    <Text size="xs" c="dimmed">
                      Signed in {when(session.createdAt)}
                      {session.ip ? ` from ${session.ip}` : ''} · last active{' '}
                      {when(session.lastSeenAt)}
                    </Text>
                  </div>
                  {!session.current && (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={`Sign out ${session.device}, signed in ${when(session.createdAt)}`}
                      loading={endSession.isPending && endSession.variables === session.id}
                      onClick={() => confirmEnd(session)}
                    >
                      Sign out
                    </Button>
                  )}
                </Group>
              </Card>
            ))}
          </Stack>
          {others.length === 0 && (
            <Text size="sm" mt="xs">
              {sessions.length === 0
                ? 'There are no sessions to show.'
                : 'You are not signed in anywhere else.'}
            </Text>
          )}
        </>
      )}
    </Card>
  );
}
