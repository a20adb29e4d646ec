import { Divider, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { PageHeading } from '../../components/PageHeading';
import { QueryStatus } from '../../components/QueryStatus';
import { AboutTheAgent } from './AboutTheAgent';
import { useAgentDownloads } from './api';
import { DownloadsSection } from './DownloadsSection';
import {
  browserSystemHints,
  detectPlatform,
  preferredTargets,
  splitDownloads,
} from './detect-platform';
import { EnrollSection } from './EnrollSection';

/**
 * `/agent/download`: the builds of the endpoint agent, this computer's first, and a one-time code
 * with the command that enrolls a device.
 */
export default function AgentDownloadPage() {
  const downloads = useAgentDownloads();
  const { platform, preferred } = useMemo(() => {
    const detected = detectPlatform(browserSystemHints());
    return { platform: detected, preferred: preferredTargets(detected) };
  }, []);
  const list = downloads.data?.downloads;
  const { yours, others } = useMemo(() => splitDownloads(list ?? [], preferred), [list, preferred]);
  const targets = [...yours, ...others].map((d) => d.target);

  return (
    <>
      <PageHeading title="Agent download" />
      <Text mb="lg" maw="44rem">
        The Castellan agent checks the security settings of a computer you work on and completes
        your device tasks by itself, or reopens them when a setting slips. Install it on each
        computer: download it, then enroll it with a code.
      </Text>
      <Stack gap="xl" maw="44rem">
        <QueryStatus query={downloads} what="the agent downloads" />
        {list && list.length === 0 && (
          <Text role="status">This server has no agent builds to hand out yet.</Text>
        )}
        {list && list.length > 0 && (
          <>
            <DownloadsSection platform={platform} yours={yours} others={others} />
            <Divider />
            <EnrollSection targets={targets} initialTarget={targets[0] ?? preferred[0] ?? 'node'} />
          </>
        )}
        <Divider />
        <AboutTheAgent />
      </Stack>
    </>
  );
}
