import type { NudgeSettings, NudgeSettingsResponse } from '@castellan/contract';
import { Alert, Anchor, Card, Radio, Stack, Switch, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { QueryStatus } from '../../components/QueryStatus';
import { useNudgeSettings, useSaveNudgeSettings } from './nudge-api';
import { channelChoices, NUDGE_EXPLANATION, nudgeStatusText } from './nudge-words';

/**
 * Nudges, under the e-mail settings: everyone reads whether and how their organisation nudges
 * people about due tasks; administrators switch it and choose the channel.
 */
export function NudgesSection() {
  const query = useNudgeSettings();
  const response = query.data;
  return (
    <Card withBorder component="section" aria-labelledby="nudgesTitle" mb="lg">
      <Title order={2} size="h4" id="nudgesTitle">
        Nudges
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {NUDGE_EXPLANATION}
      </Text>
      <QueryStatus query={query} what="the nudge settings" />
      {response && (
        <Stack gap="md">
          <Text size="sm" role="status">
            {nudgeStatusText(response.settings)}
          </Text>
          {response.editable ? (
            <NudgeChoices response={response} />
          ) : (
            <Text size="sm" c="dimmed">
              Only administrators can change this.
            </Text>
          )}
        </Stack>
      )}
    </Card>
  );
}

function NudgeChoices({ response }: { response: NudgeSettingsResponse }) {
  const save = useSaveNudgeSettings();
  const { settings } = response;
  const change = (patch: Partial<NudgeSettings>) => save.mutate({ ...settings, ...patch });
  return (
    <Stack gap="md">
      <Switch
        label="Nudge people about due tasks"
        description="Administrators also get a daily summary of overdue tasks."
        checked={settings.enabled}
        disabled={save.isPending}
        onChange={(event) => change({ enabled: event.currentTarget.checked })}
      />
      <Radio.Group
        label="Channel"
        description="Whoever the channel cannot reach gets their nudge by e-mail."
        value={settings.channel}
        onChange={(value) => change({ channel: value as NudgeSettings['channel'] })}
      >
        <Stack gap="xs" mt="xs">
          {channelChoices(response).map((choice) => (
            <Radio
              key={choice.channel}
              value={choice.channel}
              label={choice.label}
              disabled={choice.disabled || save.isPending}
              description={
                choice.needsConnecting ? (
                  <>
                    Not connected.{' '}
                    <Anchor component={Link} to="/integrations" inherit>
                      Connect it on the Integrations page
                    </Anchor>
                    .
                  </>
                ) : choice.mailOff ? (
                  'E-mail is off on this server: nothing is sent until it is turned on.'
                ) : undefined
              }
            />
          ))}
        </Stack>
      </Radio.Group>
      {save.isError && (
        <Alert color="red" title="The nudge settings were not saved">
          {save.error.message}
        </Alert>
      )}
    </Stack>
  );
}
