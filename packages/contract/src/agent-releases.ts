/**
 * The agent's releases, oldest first, and how far a device's agent is behind the server's build.
 * Shared by the server (Company status) and the agent (which only ever updates to a newer
 * version). No zod here: the agent bundles it.
 */

/** Each released version of the agent; a release adds its version at the end. */
export const AGENT_RELEASES = ['0.1.0', '0.2.0'] as const;

/** An agent this many releases behind the server's build or more is flagged in Company status. */
export const AGENT_BEHIND_FLAG = 3;

/** `1.2.3` as numbers, or null for anything else (e.g. `development`, an agent run from sources). */
export function parseAgentVersion(version: string): [number, number, number] | null {
  const match = /^(\d{1,6})\.(\d{1,6})\.(\d{1,6})$/.exec(version.trim());
  if (!match) return null;
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Negative when a is older than b, 0 when equal, positive when newer; null when either is not a version. */
export function compareAgentVersions(a: string, b: string): number | null {
  const x = parseAgentVersion(a);
  const y = parseAgentVersion(b);
  if (!x || !y) return null;
  for (let i = 0; i < 3; i++) {
    const d = (x[i] as number) - (y[i] as number);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * How many releases came after `version` up to `current` (the server's build); null when either
 * is not a version. A version newer than the list's last counts the versions between by the list.
 */
export function releasesBehind(version: string, current: string): number | null {
  const behind = compareAgentVersions(version, current);
  if (behind === null) return null;
  if (behind >= 0) return 0;
  const listed = AGENT_RELEASES.filter((release) => {
    const after = compareAgentVersions(release, version);
    const upTo = compareAgentVersions(release, current);
    return after !== null && after > 0 && upTo !== null && upTo <= 0;
  }).length;
  // A build newer than every listed release still counts as at least one release ahead.
  return Math.max(listed, 1);
}
