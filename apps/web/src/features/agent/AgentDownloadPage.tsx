import { Divider, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { PageHeading } from '../../components/PageHeading';
import { QueryStatus } from '../../components/QueryStatus';
import { AboutTheAgent } from './AboutTheAgent';
import { useAgentDownloads } from './api';
import { browserSystemHints, detectPlatform } from './detect-platform';
import { InstallSteps } from './InstallSteps';
import { WhatTheAgentReads } from './WhatTheAgentReads';

/**
 * `/agent/download`: the builds of the endpoint agent, this computer's first, and a one-time code
 * with the command that enrolls a device.
 */
export default function AgentDownloadPage() {
  const downloads = useAgentDownloads();
  const platform = useMemo(() => detectPlatform(browserSystemHints()), []);
  const list = downloads.data?.downloads;

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
        {list && <InstallSteps downloads={list} platform={platform} />}
        <Divider />
        <AboutTheAgent />
        <WhatTheAgentReads platform={platform} />
      </Stack>
    </>
  );
}
