import type { DeviceReportInfo, SuiteDeviceView } from '@castellan/contract';
import { AGENT_STALE_DAYS } from '@castellan/contract/agent-checks';
import { DEVICE_SOURCE_NAMES } from '@castellan/contract/suites';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { RelativeTime } from '../../components/RelativeTime';
import { deviceStanding, VERDICT_COLORS, VERDICT_WORDS } from './agent-words';

/** "Intune (last report 2 h ago), Google (last report …)": who else knows the device, and when. */
export function ReportedBy({ reports }: { reports: readonly DeviceReportInfo[] }) {
  return (
    <Text size="xs" c="dimmed">
      Reported by{' '}
      {reports.map((r, i) => (
        <span key={r.source}>
          {i > 0 && ', '}
          {DEVICE_SOURCE_NAMES[r.source]}
          {r.reportedAt && (
            <>
              {' '}
              (last report <RelativeTime value={r.reportedAt} />)
            </>
          )}
        </span>
      ))}
    </Text>
  );
}

/** A device only a suite's device management knows: its system, owner, sources and checks. */
export function SuiteDeviceItem({
  device,
  showOwner,
}: {
  device: SuiteDeviceView;
  showOwner: boolean;
}) {
  const standing = deviceStanding(device, AGENT_STALE_DAYS);
  return (
    <Card component="li" withBorder padding="sm">
      <Group gap="xs">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {device.name}
        </Text>
        {standing && (
          <Badge color="yellow" variant="light" size="sm">
            {standing.badge}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {device.system}
        {showOwner && ` · ${device.owner.name}`}
      </Text>
      <ReportedBy reports={device.reports} />
      {device.checks.length > 0 && (
        <Stack
          component="ul"
          aria-label={`Checks of ${device.name}`}
          gap={4}
          p={0}
          mt="xs"
          mb={0}
          style={{ listStyle: 'none' }}
        >
          {device.checks.map((check) => (
            <Group component="li" key={check.name} gap="xs" wrap="nowrap" align="flex-start">
              <Badge color={VERDICT_COLORS[check.verdict]} variant="light" size="sm" miw="6.5rem">
                {VERDICT_WORDS[check.verdict]}
              </Badge>
              <Text size="sm">
                <Text span fw={500} inherit>
                  {check.name}
                </Text>
                {check.evidence && (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    {check.evidence}
                  </Text>
                )}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
