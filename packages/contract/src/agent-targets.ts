/**
 * The agent builds the server can hand out and the file each is named. Shared by the build script
 * (which writes them), the server (which serves them) and the download page. No zod here.
 */

export const AGENT_TARGETS = [
  'linux-x64',
  'linux-arm64',
  'darwin-arm64',
  'darwin-x64',
  'win32-x64',
  'win32-arm64',
  'node',
] as const;
export type AgentTarget = (typeof AGENT_TARGETS)[number];
/** Kept as the build script's and its test's name for a target: every build is offered. */
export type AgentBuildTarget = AgentTarget;

export const AGENT_TARGET_FILES: Record<AgentBuildTarget, { fileName: string; label: string }> = {
  'linux-x64': { fileName: 'castellan-agent-linux-x64', label: 'Linux (x64)' },
  'linux-arm64': { fileName: 'castellan-agent-linux-arm64', label: 'Linux (Arm64)' },
  'darwin-arm64': { fileName: 'castellan-agent-macos-arm64', label: 'macOS (Apple silicon)' },
  'darwin-x64': { fileName: 'castellan-agent-macos-x64', label: 'macOS (Intel)' },
  'win32-x64': { fileName: 'castellan-agent-windows-x64.exe', label: 'Windows (x64)' },
  'win32-arm64': { fileName: 'castellan-agent-windows-arm64.exe', label: 'Windows (Arm64)' },
  node: { fileName: 'castellan-agent.mjs', label: 'Any system with Node.js 18 or later' },
};
