import { PROVIDERS } from '@castellan/contract/providers';
import { Alert, Anchor, Card, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { QueryStatus } from '../../components/QueryStatus';
import { type DeviceScope, useAgentDevices } from './api';
import { DevicesList } from './DevicesList';

const WORDS: Record<DeviceScope, { title: string; text: string; what: string }> = {
  mine: {
    title: 'Your devices',
    text: 'The computers where you installed the agent, and the devices your Google Workspace or Microsoft 365 manages. A device task passes only when every active device passes it.',
    what: 'your devices',
  },
  organization: {
    title: 'Devices',
    text: 'Every computer with the agent, whoever it belongs to. Devices Google Workspace or Intune manage are listed too, each device once.',
    what: 'the devices',
  },
};

const suiteName = (source: string) =>
  source in PROVIDERS ? PROVIDERS[source as keyof typeof PROVIDERS].name : source;

/** The member's devices (Settings) or, for administrators, every device (Company status). */
export function DevicesSection({ scope }: { scope: DeviceScope }) {
  const query = useAgentDevices(scope);
  const titleId = useId();
  const words = WORDS[scope];
  const devices = query.data?.devices;
  // Each device once: the agent's, then those only a suite manages.
  const suiteDevices = query.data?.suiteDevices ?? [];
  const count = devices ? devices.length + suiteDevices.length : undefined;

  return (
    <Card withBorder component="section" aria-labelledby={titleId} mb="lg">
      <Title order={2} size="h4" id={titleId}>
        {words.title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {words.text}
      </Text>
      <QueryStatus query={query} what={words.what} />
      {query.data?.devicesUnknown.map(({ source, reason }) => (
        <Alert
          key={source}
          color="yellow"
          variant="light"
          mb="sm"
          title={`Devices from ${suiteName(source)} not read`}
        >
          {reason}
        </Alert>
      ))}
      {count === 0 && (
        <div>
          <Text fw={500}>No devices yet</Text>
          <Text size="sm">
            Install the agent from{' '}
            <Anchor component={Link} to="/agent/download" inherit>
              Agent download
            </Anchor>{' '}
            and its results appear here.
          </Text>
        </div>
      )}
      {devices && count !== undefined && count > 0 && (
        <DevicesList
          devices={devices}
          suiteDevices={suiteDevices}
          showOwner={scope === 'organization'}
          label={words.title}
        />
      )}
    </Card>
  );
}
