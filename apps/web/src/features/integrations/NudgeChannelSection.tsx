import { NUDGE_CHANNEL_NAMES, type NudgeChannelId } from '@castellan/contract/nudge-rules';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { QueryStatus } from '../../components/QueryStatus';
import { api } from '../../lib/api';
import { showServerBusy, showToast } from '../../lib/toast';
import { nudgeSettingsQuery } from '../settings';

type Props = { channel: Exclude<NudgeChannelId, 'email'>; isAdmin: boolean };

/**
 * What a messaging provider does once connected: whether the organisation's nudges go through it
 * (chosen in Settings → Notifications), and, for an administrator, a test nudge to try it.
 */
export function NudgeChannelSection({ channel, isAdmin }: Props) {
  const settings = useQuery(nudgeSettingsQuery);
  const name = NUDGE_CHANNEL_NAMES[channel];
  const test = useMutation({
    mutationFn: () => api('POST', '/nudges/test'),
    onSuccess: (answer) => {
      if (!answer) return showServerBusy();
      showToast({
        severity: 'success',
        summary: 'Test nudge sent',
        detail: `Look for it in ${NUDGE_CHANNEL_NAMES[chosen ?? 'email']} in a moment.`,
      });
    },
    onError: (error: Error) =>
      showToast({ severity: 'error', summary: 'No test nudge sent', detail: error.message }),
  });
  const current = settings.data?.settings;
  const chosen = current?.enabled ? current.channel : null;
  const titleId = `${channel}NudgesTitle`;
  return (
    <Stack component="section" aria-labelledby={titleId} gap="sm" mt="xl">
      <Title order={2} size="h3" id={titleId}>
        Nudges through {name}
      </Title>
      <QueryStatus query={settings} what="the nudge settings" />
      {current && (
        <Alert color={chosen === channel ? 'green' : 'blue'} variant="light">
          {chosen === channel ? (
            <Text size="sm">
              People get their nudges about due tasks in {name}, and anyone {name} cannot reach gets
              them by e-mail.
            </Text>
          ) : (
            <Text size="sm">
              {current.enabled
                ? `Nudges go through ${NUDGE_CHANNEL_NAMES[current.channel]} for now.`
                : 'Nudges are off for now.'}{' '}
              {isAdmin ? (
                <>
                  To send them through {name}, choose it in{' '}
                  <Anchor component={Link} to="/settings#notifications">
                    Settings → Notifications
                  </Anchor>
                  .
                </>
              ) : (
                `An administrator can send them through ${name}.`
              )}
            </Text>
          )}
        </Alert>
      )}
      {isAdmin && chosen === channel && (
        <Group>
          <Button variant="default" loading={test.isPending} onClick={() => test.mutate()}>
            Send me a test nudge
          </Button>
          <Text size="xs" c="dimmed">
            Your own tasks due soon, now, whatever the hour.
          </Text>
        </Group>
      )}
    </Stack>
  );
}
