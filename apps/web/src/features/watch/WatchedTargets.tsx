import type { WatchResponse } from '@castellan/contract';
import {
  WATCH_FREQUENCIES,
  WATCH_FREQUENCY_NAMES,
  type WatchFrequency,
} from '@castellan/contract/watch-rules';
import { Card, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { QueryStatus } from '../../components/QueryStatus';
import { showServerBusy, showToast } from '../../lib/toast';
import { AddTargetForm } from './AddTargetForm';
import { useSetFrequency, useWatch } from './api';
import { TargetItem } from './TargetItem';
import { extraTargets } from './watch-words';

const FREQUENCY_OPTIONS = WATCH_FREQUENCIES.map((value) => ({
  value,
  label: WATCH_FREQUENCY_NAMES[value],
}));

function FrequencySelect({ frequency }: { frequency: WatchFrequency }) {
  const save = useSetFrequency();
  const choose = (chosen: WatchFrequency) =>
    save.mutate(chosen, {
      onSuccess: (answer) => {
        if (!answer) return showServerBusy();
        showToast({
          severity: 'success',
          summary: `The watched names are scanned ${WATCH_FREQUENCY_NAMES[chosen].toLowerCase()}`,
        });
      },
      onError: (error) =>
        showToast({
          severity: 'error',
          summary: 'Could not change how often',
          detail: error.message,
          life: 8000,
        }),
    });
  return (
    <NativeSelect
      label="How often"
      data={FREQUENCY_OPTIONS}
      value={save.isPending ? save.variables : frequency}
      disabled={save.isPending}
      onChange={(event) => choose(event.currentTarget.value as WatchFrequency)}
      w={{ base: '100%', xs: 240 }}
    />
  );
}

function TargetList({ watch }: { watch: WatchResponse }) {
  return (
    <Stack gap="md">
      <FrequencySelect frequency={watch.frequency} />
      <Stack
        component="ul"
        aria-label="Watched names"
        gap="sm"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {watch.targets.map((target) => (
          <TargetItem key={target.id} target={target} />
        ))}
      </Stack>
      <AddTargetForm extra={extraTargets(watch)} />
    </Stack>
  );
}

/** The names the watch scans, how often, how each last scan went, and a way to add another. */
export function WatchedTargets() {
  const watch = useWatch();
  return (
    <Card withBorder component="section" aria-labelledby="watchTargetsTitle">
      <Title order={2} size="h4" id="watchTargetsTitle">
        What is watched
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Each name is scanned on a schedule and compared with the scan before it; what changed shows
        in the timeline.
      </Text>
      <QueryStatus query={watch} what="the watched names" />
      {watch.data && <TargetList watch={watch.data} />}
    </Card>
  );
}
