import { AGENT_TARGET_FILES, type AgentTarget } from '@castellan/contract/agent-targets';

/**
 * The one line that enrolls a device and installs its schedule, run in the folder the build was
 * downloaded to. `server` is the address of this Castellan (the page's origin).
 */
export function enrollCommand(target: AgentTarget, code: string, server: string): string {
  const file = AGENT_TARGET_FILES[target].fileName;
  const args = `enroll ${code} --server ${server} --install`;
  switch (target) {
    case 'linux-x64':
    case 'linux-arm64':
    case 'darwin-arm64':
    case 'darwin-x64':
      // A download loses its execute permission; chmod gives it back.
      return `chmod +x ./${file} && ./${file} ${args}`;
    case 'win32-x64':
    case 'win32-arm64':
      return `.\\${file} ${args}`;
    case 'node':
      return `node ${file} ${args}`;
  }
}

/** Where the command is typed, in the words of that system. */
export function commandShell(target: AgentTarget): string {
  switch (target) {
    case 'linux-x64':
    case 'linux-arm64':
      return 'a terminal';
    case 'darwin-arm64':
    case 'darwin-x64':
      return 'Terminal';
    case 'win32-x64':
    case 'win32-arm64':
      return 'PowerShell';
    case 'node':
      return 'a terminal or PowerShell';
  }
}

/**
 * The one line that installs the agent for all users and enrolls it (run as administrator), and
 * the one that removes it; null for the portable build, which has no installer.
 */
export function installForAllCommands(
  target: AgentTarget,
  code: string,
  server: string,
): { install: string; uninstall: string } | null {
  switch (target) {
    case 'linux-x64':
    case 'linux-arm64':
    case 'darwin-arm64':
    case 'darwin-x64': {
      const fetch = `curl -fsSL ${server}/api/agent/install.sh | sudo sh -s --`;
      return { install: `${fetch} ${code}`, uninstall: `${fetch} --uninstall` };
    }
    case 'win32-x64':
    case 'win32-arm64': {
      const script = `& ([scriptblock]::Create((irm ${server}/api/agent/install.ps1)))`;
      return { install: `${script} ${code}`, uninstall: `${script} -Uninstall` };
    }
    case 'node':
      return null;
  }
}
