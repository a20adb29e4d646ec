import type { SecurityCheck } from '@castellan/contract';
import { Badge, Group, Stack, Text } from '@mantine/core';

/** The checks an integration runs, each with whether it is on or why it cannot run. */
type Props = { checks: SecurityCheck[]; dimmed: boolean; integrationName: string };

export function SecurityChecks({ checks, dimmed, integrationName }: Props) {
  if (checks.length === 0) return null;
  return (
    <div>
      <Text size="sm" fw={600} mb={4} c={dimmed ? 'dimmed' : undefined}>
        Security checks
      </Text>
      <Stack
        component="ul"
        aria-label={`Security checks of ${integrationName}`}
        gap={6}
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {checks.map((check) => (
          <li key={check.name}>
            <Group gap={6} wrap="nowrap" justify="space-between" align="flex-start">
              <Text size="sm" fw={500} c={dimmed ? 'dimmed' : undefined}>
                {check.name}
              </Text>
              <Badge
                size="sm"
                variant="light"
                color={check.unavailable ? 'orange' : check.enabled ? 'green' : 'gray'}
                style={{ flexShrink: 0 }}
              >
                {check.unavailable ?? (check.enabled ? 'Enabled' : 'Off')}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {check.description}
            </Text>
          </li>
        ))}
      </Stack>
    </div>
  );
}
