import { Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useRefreshChanges, useWatch } from './api';
import { ChangeTimeline } from './ChangeTimeline';
import { CtSuggestions } from './CtSuggestions';
import { WatchedTargets } from './WatchedTargets';
import { anyScanRunning } from './watch-words';

/** A scan that finishes may have found changes: the timeline is fetched again when one does. */
function useChangesAfterScans() {
  const running = anyScanRunning(useWatch().data);
  const refreshChanges = useRefreshChanges();
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) void refreshChanges();
    wasRunning.current = running;
  }, [running, refreshChanges]);
}

/**
 * The risk analysis's watch tab (administrators): what changed on the watched names scan after
 * scan, what is watched and how often, and names certificate logs know of to watch as well.
 */
export function WatchSection() {
  useChangesAfterScans();
  return (
    <Stack gap="lg">
      <ChangeTimeline />
      <WatchedTargets />
      <CtSuggestions />
    </Stack>
  );
}
