import type { AgentDownload } from '@castellan/contract';
import { AGENT_PLATFORM_NAMES, type AgentPlatform } from '@castellan/contract/agent-checks';
import { Stack, Text, Title } from '@mantine/core';
import { DownloadCard } from './DownloadCard';

function DownloadList({ downloads, label }: { downloads: AgentDownload[]; label: string }) {
  return (
    <Stack component="ul" aria-label={label} gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {downloads.map((download) => (
        <DownloadCard key={download.target} download={download} />
      ))}
    </Stack>
  );
}

/** Why these builds come first: what the browser said about this computer. */
function YoursHint({ platform }: { platform: AgentPlatform | null }) {
  if (platform === 'darwin') {
    return (
      <Text size="sm" c="dimmed" mb="xs">
        Pick Apple silicon for a Mac with an M-series chip and Intel for an older one: Apple menu →
        About This Mac shows which.
      </Text>
    );
  }
  if (platform === null) {
    return (
      <Text size="sm" c="dimmed" mb="xs">
        This browser does not say which system it runs on, so here is the build that runs wherever
        Node.js 18 or later is installed. The others are below.
      </Text>
    );
  }
  return null;
}

/** The builds for the visitor's system first, then the others. */
export function DownloadsSection({
  platform,
  yours,
  others,
}: {
  platform: AgentPlatform | null;
  yours: AgentDownload[];
  others: AgentDownload[];
}) {
  const yoursTitle = platform ? `For ${AGENT_PLATFORM_NAMES[platform]}` : 'For any system';
  return (
    <section aria-labelledby="agentDownloadTitle">
      <Title order={2} size="h4" id="agentDownloadTitle" mb="xs">
        1. Download the agent
      </Title>
      {yours.length > 0 && (
        <>
          <Title order={3} size="h5" mb={4}>
            {yoursTitle}
          </Title>
          <YoursHint platform={platform} />
          <DownloadList downloads={yours} label={yoursTitle} />
        </>
      )}
      {others.length > 0 && (
        <>
          <Title order={3} size="h5" mt="md" mb={4}>
            Other systems
          </Title>
          <DownloadList downloads={others} label="Other systems" />
        </>
      )}
    </section>
  );
}
