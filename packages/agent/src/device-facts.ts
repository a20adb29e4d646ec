// This computer as the server is told: its name, system and version.
import os from 'node:os';
import { AGENT_PLATFORM_NAMES, type AgentPlatform } from '@castellan/contract/agent-checks';
import type { RunCommand } from './context';

/**
 * e.g. "Ubuntu 24.04.1 LTS (kernel 6.8.0-45-generic)", "macOS 14.5",
 * "Windows 11 Pro (10.0.22631)"
 */
export async function osVersion(
  platform: AgentPlatform,
  run: RunCommand,
  readFile: (path: string) => Promise<string | null>,
): Promise<string> {
  switch (platform) {
    case 'linux': {
      const release = await readFile('/etc/os-release');
      const name = release && /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(release)?.[1];
      return `${name || 'Linux'} (kernel ${os.release()})`;
    }
    case 'darwin': {
      const result = await run('sw_vers', ['-productVersion']);
      const version = result.ok ? result.stdout.trim() : '';
      return version ? `macOS ${version}` : `macOS (Darwin ${os.release()})`;
    }
    case 'win32':
      return `${os.version() || AGENT_PLATFORM_NAMES.win32} (${os.release()})`;
  }
}
