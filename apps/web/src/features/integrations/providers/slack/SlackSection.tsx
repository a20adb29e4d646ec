import { Card, Text } from '@mantine/core';
import { NudgeChannelSection } from '../../NudgeChannelSection';
import type { FindingsProps } from '../web-provider';
import { useSlackWorkspace } from './slack-api';

/** The Slack workspace nudges go to, whom the last sync found in it, and the nudges through it. */
export function SlackSection({ isAdmin }: FindingsProps) {
  const workspace = useSlackWorkspace().data;
  return (
    <>
      {workspace && (
        <Card withBorder mt="xl">
          <Text size="sm" fw={500}>
            Slack workspace {workspace.name}
          </Text>
          <Text size="sm">
            {workspace.found} of {workspace.found + workspace.notFound} people found in Slack by
            their e-mail address
            {workspace.notFound > 0 && '; the others get their nudges by e-mail'}.
          </Text>
          <Text size="sm" c="dimmed">
            {workspace.channel
              ? `The daily summary of overdue tasks goes to #${workspace.channel}.`
              : 'No channel was chosen for the daily summary: administrators get it themselves.'}
          </Text>
        </Card>
      )}
      <NudgeChannelSection channel="slack" isAdmin={isAdmin} />
    </>
  );
}
