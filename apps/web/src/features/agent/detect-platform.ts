import type { AgentPlatform } from '@castellan/contract/agent-checks';
import type { AgentTarget } from '@castellan/contract/agent-targets';

/** What the browser says about the system it runs on; any part may be missing or empty. */
export type BrowserSystemHints = {
  /** `navigator.userAgentData.platform` (Chromium browsers): "macOS", "Windows", "Linux". */
  userAgentDataPlatform?: string;
  /** `navigator.platform`: "MacIntel", "Win32", "Linux x86_64". */
  platform?: string;
  userAgent?: string;
};

// Phones, tablets and Chromebooks run none of the builds; Android also calls itself Linux.
const NO_BUILD = /android|iphone|ipad|ipod|cros|chrome os/i;

const SYSTEMS: [RegExp, AgentPlatform][] = [
  [/mac/i, 'darwin'],
  [/win/i, 'win32'],
  [/linux/i, 'linux'],
];

/**
 * The system the visitor's browser runs on, or null when it is one the agent has no build for or
 * the browser does not say. The hints are read in order of trust: the first that names a system wins.
 */
export function detectPlatform(hints: BrowserSystemHints): AgentPlatform | null {
  const sources = [hints.userAgentDataPlatform, hints.platform, hints.userAgent].filter(
    (source): source is string => Boolean(source?.trim()),
  );
  if (sources.some((source) => NO_BUILD.test(source))) return null;
  for (const source of sources) {
    const found = SYSTEMS.find(([pattern]) => pattern.test(source));
    if (found) return found[1];
  }
  return null;
}

/** The hints of the browser this page runs in. */
export function browserSystemHints(): BrowserSystemHints {
  const nav = navigator as Navigator & { userAgentData?: { platform?: string } };
  return {
    userAgentDataPlatform: nav.userAgentData?.platform,
    platform: nav.platform,
    userAgent: nav.userAgent,
  };
}

/**
 * The builds to offer first. A browser cannot always tell a computer's processor, so both builds
 * of its system are offered, the likelier first (Apple silicon: every Mac sold since 2023; x64 for
 * Linux and Windows); an unknown system gets the build that runs wherever Node.js does.
 */
export function preferredTargets(platform: AgentPlatform | null): AgentTarget[] {
  switch (platform) {
    case 'darwin':
      return ['darwin-arm64', 'darwin-x64'];
    case 'linux':
      return ['linux-x64', 'linux-arm64'];
    case 'win32':
      return ['win32-x64', 'win32-arm64'];
    case null:
      return ['node'];
  }
}

/** Splits the server's builds into the visitor's (in `preferred` order) and the others (as listed). */
export function splitDownloads<T extends { target: AgentTarget }>(
  downloads: readonly T[],
  preferred: readonly AgentTarget[],
): { yours: T[]; others: T[] } {
  const yours = preferred.flatMap((target) => downloads.filter((d) => d.target === target));
  const others = downloads.filter((d) => !preferred.includes(d.target));
  return { yours, others };
}
