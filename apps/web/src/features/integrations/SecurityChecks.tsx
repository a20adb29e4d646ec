import type { CheckResult, SecurityCheck } from '@castellan/contract';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { RelativeTime } from '../../components/RelativeTime';

export const RESULT_LABELS: Record<CheckResult, string> = {
  pass: 'Passed',
  fail: 'Failed',
  unknown: 'Unknown',
};

const RESULT_COLORS: Record<CheckResult, string> = { pass: 'green', fail: 'red', unknown: 'gray' };

/** A check's last result, or why it cannot run on the connected account. */
function ResultPill({ check }: { check: SecurityCheck }) {
  return (
    <Badge
      size="sm"
      variant="light"
      color={check.unavailable ? 'orange' : RESULT_COLORS[check.result]}
      style={{ flexShrink: 0 }}
    >
      {check.unavailable ?? RESULT_LABELS[check.result]}
    </Badge>
  );
}

/** When the check last ran and the task it decides. */
function CheckFooter({ check }: { check: SecurityCheck }) {
  if (!check.checkedAt && !check.taskId) return null;
  return (
    <Group gap="sm" mt={2}>
      {check.checkedAt && (
        <Text size="xs" c="dimmed">
          Checked <RelativeTime value={check.checkedAt} />
        </Text>
      )}
      {check.taskId && (
        <Anchor
          component={Link}
          to={`/tasks/${encodeURIComponent(check.taskId)}`}
          size="xs"
          aria-label={`Open task: ${check.name}`}
        >
          Open task
        </Anchor>
      )}
    </Group>
  );
}

type Props = {
  checks: SecurityCheck[];
  /** Connected: each check with its last result; otherwise only what it would check. */
  connected: boolean;
  dimmed: boolean;
  integrationName: string;
};

/** Every check an integration's sync runs; once connected, how each came out and its task. */
export function SecurityChecks({ checks, connected, dimmed, integrationName }: Props) {
  if (checks.length === 0) return null;
  return (
    <div>
      <Text size="sm" fw={600} mb={4} c={dimmed ? 'dimmed' : undefined}>
        Security checks
      </Text>
      <Stack
        component="ul"
        aria-label={`Security checks of ${integrationName}`}
        gap={8}
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {checks.map((check) => (
          <li key={check.key} data-result={connected ? check.result : undefined}>
            <Group gap={6} wrap="nowrap" justify="space-between" align="flex-start">
              <Text size="sm" fw={500} c={dimmed ? 'dimmed' : undefined}>
                {check.name}
              </Text>
              {connected && <ResultPill check={check} />}
            </Group>
            <Text size="xs" c="dimmed">
              {check.description}
            </Text>
            {connected && check.detail && (
              <Text size="xs" c="red.8">
                {check.detail}
              </Text>
            )}
            {connected && check.planNote && <Text size="xs">{check.planNote}</Text>}
            {connected && <CheckFooter check={check} />}
          </li>
        ))}
      </Stack>
    </div>
  );
}
