import type { AgentDevice, SuiteDeviceView } from '@castellan/contract';
import { AGENT_PLATFORM_NAMES, AGENT_STALE_DAYS } from '@castellan/contract/agent-checks';
import { AGENT_BEHIND_FLAG } from '@castellan/contract/agent-releases';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { RelativeTime } from '../../components/RelativeTime';
import { agentBehind, deviceStanding, systemWords } from './agent-words';
import { DeviceChecks } from './DeviceChecks';
import { RemoveDeviceButton } from './RemoveDeviceButton';
import { ReportedBy, SuiteDeviceItem } from './SuiteDeviceItem';

function LastReport({ at }: { at: string | null }) {
  return <>Last report {at ? <RelativeTime value={at} /> : 'never'}</>;
}

function DeviceItem({ device, showOwner }: { device: AgentDevice; showOwner: boolean }) {
  const removeLabel = showOwner
    ? `Remove ${device.name} of ${device.owner.name}`
    : `Remove ${device.name}`;
  const standing = deviceStanding(device, AGENT_STALE_DAYS);
  const behind = agentBehind(device, AGENT_BEHIND_FLAG);
  return (
    <Card component="li" withBorder padding="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb={4}>
        <div style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {device.name}
            </Text>
            {standing && (
              <Badge color={device.lastReportAt ? 'yellow' : 'gray'} variant="light" size="sm">
                {standing.badge}
              </Badge>
            )}
            {behind && (
              <Badge color="orange" variant="light" size="sm">
                {behind.badge}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {systemWords(AGENT_PLATFORM_NAMES[device.platform], device.osVersion)}
            {showOwner && ` · ${device.owner.name}`} · <LastReport at={device.lastReportAt} />
          </Text>
          {device.alsoReportedBy && device.alsoReportedBy.length > 0 && (
            <ReportedBy
              reports={[
                { source: 'agent', reportedAt: device.lastReportAt },
                ...device.alsoReportedBy,
              ]}
            />
          )}
          {standing && <Text size="xs">{standing.sentence}</Text>}
          {behind && <Text size="xs">{behind.sentence}</Text>}
        </div>
        <RemoveDeviceButton device={device} label={removeLabel} />
      </Group>
      {/* Before its first report, the line above already says there is nothing yet. */}
      {device.lastReportAt !== null && (
        <DeviceChecks deviceName={device.name} checks={device.checks} initiallyOpen={!showOwner} />
      )}
    </Card>
  );
}

/**
 * Devices with the agent: system, owner (when several people's are listed), last report, whether
 * they still count, and each check's verdict with what it saw; then the devices only a suite's
 * device management knows. A device both know is listed once, with each source.
 */
export function DevicesList({
  devices,
  suiteDevices = [],
  showOwner,
  label,
}: {
  devices: AgentDevice[];
  suiteDevices?: SuiteDeviceView[];
  showOwner: boolean;
  label: string;
}) {
  return (
    <Stack component="ul" aria-label={label} gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {devices.map((device) => (
        <DeviceItem key={device.id} device={device} showOwner={showOwner} />
      ))}
      {suiteDevices.map((device) => (
        <SuiteDeviceItem key={device.id} device={device} showOwner={showOwner} />
      ))}
    </Stack>
  );
}
