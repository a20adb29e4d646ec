import type { AgentDevice } from '@castellan/contract';
import { AGENT_CHECKS } from '@castellan/contract/agent-checks';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { summarizeVerdicts, VERDICT_COLORS, VERDICT_WORDS } from './agent-words';

type Check = AgentDevice['checks'][number];

function CheckRow({ check }: { check: Check }) {
  return (
    <Stack component="li" gap={2}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Badge color={VERDICT_COLORS[check.verdict]} variant="light" size="sm" miw="6.5rem">
          {VERDICT_WORDS[check.verdict]}
        </Badge>
        <Text size="sm" fw={500}>
          {AGENT_CHECKS[check.id].name}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {check.evidence}
        {check.needsAdmin && check.verdict === 'unknown'
          ? ' Run with administrator rights, the agent could tell more.'
          : ''}
      </Text>
    </Stack>
  );
}

/** A device's last verdicts: a one-line count, and each check with what it saw on request. */
export function DeviceChecks({
  deviceName,
  checks,
  initiallyOpen,
}: {
  deviceName: string;
  checks: Check[];
  initiallyOpen: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const listId = useId();
  if (checks.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No results yet: they appear after the agent’s first report.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text size="sm">{summarizeVerdicts(checks)}</Text>
        <Button
          variant="subtle"
          size="compact-sm"
          aria-expanded={open}
          aria-controls={listId}
          aria-label={`${open ? 'Hide' : 'Show'} checks of ${deviceName}`}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide checks' : 'Show checks'}
        </Button>
      </Group>
      <Stack
        component="ul"
        id={listId}
        aria-label={`Checks of ${deviceName}`}
        gap="xs"
        p={0}
        m={0}
        // Stack's own class shows it as flex, which a hidden attribute alone does not override.
        style={{ listStyle: 'none', display: open ? undefined : 'none' }}
      >
        {checks.map((check) => (
          <CheckRow key={check.id} check={check} />
        ))}
      </Stack>
    </Stack>
  );
}
