import type { NotificationSettingsResponse, OrganizationMailSettings } from '@castellan/contract';
import { Alert, Card, Stack, Switch, Text, Title } from '@mantine/core';
import { QueryStatus } from '../../components/QueryStatus';
import { showToast } from '../../lib/toast';
import { useNotificationSettings, useSaveOrganizationMail, useSaveOwnMail } from './mail-api';
import { ORGANIZATION_SWITCHES, OWN_SWITCHES } from './mail-words';
import { PhishingPracticeLink } from './PhishingPracticeLink';
import { SentMailTable } from './SentMailTable';

const saveFailed = (error: Error) =>
  showToast({
    severity: 'error',
    summary: 'Could not save the e-mail settings',
    detail: error.message,
    life: 8000,
  });

/**
 * Which e-mail the organisation sends (administrators switch each kind) and which the member
 * receives; administrators also see the messages sent lately and their results.
 */
export function EmailSection() {
  const query = useNotificationSettings();
  const settings = query.data;
  return (
    <Card withBorder component="section" aria-labelledby="emailTitle" mb="lg">
      <Title order={2} size="h4" id="emailTitle">
        E-mail
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Castellan sends only the few e-mails that get people to act.
      </Text>
      <QueryStatus query={query} what="the e-mail settings" />
      {settings && (
        <Stack gap="lg">
          {!settings.mailEnabled && (
            <Alert color="gray" title="E-mail is off on this server">
              Nothing is sent until mail is turned on for this server. Ask the person who runs
              Castellan for you.
            </Alert>
          )}
          <OwnSwitches settings={settings} />
          <OrganizationSwitches settings={settings} />
          {settings.editable && <SentMailTable />}
          {settings.editable && <PhishingPracticeLink />}
        </Stack>
      )}
    </Card>
  );
}

function OwnSwitches({ settings }: { settings: NotificationSettingsResponse }) {
  const save = useSaveOwnMail();
  // The digest concerns administrators only.
  const shown = OWN_SWITCHES.filter((s) => s.key !== 'digest' || settings.editable);
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Title order={3} size="h5" component="legend">
        What you receive
      </Title>
      {shown.map(({ key, label, description, notSent }) => (
        <Switch
          key={key}
          label={label}
          description={settings.organization[key] ? description : notSent}
          checked={settings.own[key]}
          disabled={save.isPending}
          onChange={(event) =>
            save.mutate(
              { ...settings.own, [key]: event.currentTarget.checked },
              { onError: saveFailed },
            )
          }
        />
      ))}
    </Stack>
  );
}

function OrganizationSwitches({ settings }: { settings: NotificationSettingsResponse }) {
  const save = useSaveOrganizationMail();
  const change = (key: keyof OrganizationMailSettings, value: boolean) =>
    save.mutate({ ...settings.organization, [key]: value }, { onError: saveFailed });
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Title order={3} size="h5" component="legend">
        What your organisation sends
      </Title>
      {ORGANIZATION_SWITCHES.map(({ key, label, description }) => (
        <Switch
          key={key}
          label={label}
          description={description}
          checked={settings.organization[key]}
          disabled={!settings.editable || save.isPending}
          onChange={(event) => change(key, event.currentTarget.checked)}
        />
      ))}
      {!settings.editable && (
        <Text size="sm" c="dimmed">
          Only administrators can switch these.
        </Text>
      )}
    </Stack>
  );
}
