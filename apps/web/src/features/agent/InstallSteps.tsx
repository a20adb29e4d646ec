import type { AgentDownload } from '@castellan/contract';
import type { AgentPlatform } from '@castellan/contract/agent-checks';
import { Divider, Text } from '@mantine/core';
import { DownloadsSection } from './DownloadsSection';
import { preferredTargets, splitDownloads } from './detect-platform';
import { EnrollSection } from './EnrollSection';

/**
 * Download, then enroll: the visitor's builds first, and enrollment offered only for the builds
 * this server has, since a code is no use without an agent to run it.
 */
export function InstallSteps({
  downloads,
  platform,
}: {
  downloads: AgentDownload[];
  platform: AgentPlatform | null;
}) {
  const { yours, others } = splitDownloads(downloads, preferredTargets(platform));
  const built = [...yours, ...others].filter((d) => d.file !== null).map((d) => d.target);
  const [first] = built;
  if (!first) {
    return <Text role="status">This server has no agent builds to hand out yet.</Text>;
  }
  return (
    <>
      <DownloadsSection platform={platform} yours={yours} others={others} />
      <Divider />
      <EnrollSection targets={built} initialTarget={first} />
    </>
  );
}
