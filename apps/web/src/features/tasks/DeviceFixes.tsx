import type { AgentDevice } from '@castellan/contract';
import { AGENT_CHECK_IDS, AGENT_CHECKS } from '@castellan/contract/agent-checks';
import { agentFix } from '@castellan/contract/agent-fixes';
import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';
import { TASKS_KEY } from '../../lib/query-keys';
import { agentDevicesQuery } from '../agent';

/** How long the view waits for the computer to report after "Check again now". */
const WAIT_MS = 60_000;

/** Check again now on one device: asks, then watches its devices list for the new report. */
function CheckAgain({ device, onAsk }: { device: AgentDevice; onAsk: () => void }) {
  const queryClient = useQueryClient();
  const [late, setLate] = useState(false);
  const ask = useMutation({
    mutationFn: () =>
      api('POST', '/agent/devices/:id/check-now', { params: { id: device.id } }).then((a) => {
        setLate(false);
        return a;
      }),
  });
  const askedAt = ask.data?.requestedAt;
  const answered = !!askedAt && !!device.lastReportAt && device.lastReportAt >= askedAt;
  const waiting = !!askedAt && !answered && !late;
  // While waiting, the devices list is fetched every few seconds (the query of DeviceFixes).
  useQuery({ ...agentDevicesQuery('mine'), refetchInterval: waiting ? 5000 : false });
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setLate(true), WAIT_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  useEffect(() => {
    if (answered) void queryClient.invalidateQueries({ queryKey: TASKS_KEY });
  }, [answered, queryClient]);
  return (
    <Group gap="xs">
      <Button
        size="xs"
        variant="light"
        loading={ask.isPending}
        onClick={() => {
          onAsk();
          ask.mutate();
        }}
      >
        Check again now
      </Button>
      <Text size="xs" c="dimmed" role="status">
        {ask.isError
          ? `Could not ask the computer to check again: ${ask.error.message}`
          : answered
            ? 'Checked again just now.'
            : waiting
              ? 'Asked the computer to check again…'
              : late
                ? 'The computer has not answered yet: is castellan-agent watch running on it?'
                : ''}
      </Text>
    </Group>
  );
}

type FixProps = { device: AgentDevice; checkId: string; onAsk: () => void };

function DeviceFix({ device, checkId, onAsk }: FixProps) {
  const fix = agentFix(checkId, device.platform);
  const passes = device.checks.some((c) => c.id === checkId && c.verdict === 'pass');
  if (!fix) return null;
  return (
    <Paper withBorder p="sm" data-testid="device-fix">
      <Text size="sm" fw={600}>
        Fix it on {device.name}
      </Text>
      {passes ? (
        <Text size="sm">It passes now.</Text>
      ) : fix.url ? (
        <Anchor href={fix.url} size="sm">
          {fix.label}
        </Anchor>
      ) : (
        <Text size="sm">{fix.label}</Text>
      )}
      {fix.command && !passes && (
        <Group gap="xs" my={4}>
          <code>{fix.command}</code>
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => void navigator.clipboard?.writeText(fix.command ?? '')}
          >
            Copy
          </Button>
        </Group>
      )}
      <CheckAgain device={device} onAsk={onAsk} />
    </Paper>
  );
}

/**
 * Under a device task the agent judged: for each of the member's computers failing its check, the
 * fix and Check again now (kept in view once asked, to say how the check went).
 */
export function DeviceFixes({ catalogueId }: { catalogueId: string }) {
  const devices = useQuery(agentDevicesQuery('mine')).data?.devices ?? [];
  const [asked, setAsked] = useState<readonly string[]>([]);
  const checkId = AGENT_CHECK_IDS.find((id) => AGENT_CHECKS[id].tasks.includes(catalogueId));
  if (!checkId) return null;
  const fails = (d: AgentDevice) => d.checks.some((c) => c.id === checkId && c.verdict === 'fail');
  return devices
    .filter((d) => asked.includes(d.id) || (!d.stale && fails(d)))
    .map((d) => (
      <DeviceFix
        key={d.id}
        device={d}
        checkId={checkId}
        onAsk={() => setAsked((ids) => [...ids, d.id])}
      />
    ));
}
