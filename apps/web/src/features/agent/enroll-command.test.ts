import { AGENT_TARGETS } from '@castellan/contract/agent-targets';
import { describe, expect, it } from 'vitest';
import { commandShell, enrollCommand, installForAllCommands } from './enroll-command';

const CODE = 'ABCD-EFGH-JKLM';
const SERVER = 'https://castellan.example';

describe('enrollCommand', () => {
  it('makes the Linux and macOS builds executable, then enrolls and installs', () => {
    expect(enrollCommand('linux-x64', CODE, SERVER)).toBe(
      'chmod +x ./castellan-agent-linux-x64 && ./castellan-agent-linux-x64 enroll ABCD-EFGH-JKLM --server https://castellan.example --install',
    );
    expect(enrollCommand('darwin-arm64', CODE, SERVER)).toBe(
      'chmod +x ./castellan-agent-macos-arm64 && ./castellan-agent-macos-arm64 enroll ABCD-EFGH-JKLM --server https://castellan.example --install',
    );
    expect(enrollCommand('darwin-x64', CODE, SERVER)).toContain(
      './castellan-agent-macos-x64 enroll',
    );
  });

  it('runs the Windows build from the current folder, as PowerShell requires', () => {
    expect(enrollCommand('win32-x64', CODE, SERVER)).toBe(
      '.\\castellan-agent-windows-x64.exe enroll ABCD-EFGH-JKLM --server https://castellan.example --install',
    );
  });

  it('runs the portable build with Node.js', () => {
    expect(enrollCommand('node', CODE, 'http://127.0.0.1:3271')).toBe(
      'node castellan-agent.mjs enroll ABCD-EFGH-JKLM --server http://127.0.0.1:3271 --install',
    );
  });

  it('has a command and a place to type it for every build', () => {
    for (const target of AGENT_TARGETS) {
      expect(enrollCommand(target, CODE, SERVER)).toMatch(
        / enroll ABCD-EFGH-JKLM --server \S+ --install$/,
      );
      expect(commandShell(target)).not.toBe('');
    }
  });
});

describe('installForAllCommands', () => {
  it('pipes the server’s install script to sudo sh on Linux and macOS, with the code', () => {
    expect(installForAllCommands('darwin-arm64', CODE, SERVER)).toEqual({
      install:
        'curl -fsSL https://castellan.example/api/agent/install.sh | sudo sh -s -- ABCD-EFGH-JKLM',
      uninstall:
        'curl -fsSL https://castellan.example/api/agent/install.sh | sudo sh -s -- --uninstall',
    });
    expect(installForAllCommands('linux-arm64', CODE, SERVER)?.install).toContain('install.sh');
  });

  it('runs the PowerShell script with the code on Windows', () => {
    expect(installForAllCommands('win32-x64', CODE, SERVER)).toEqual({
      install:
        '& ([scriptblock]::Create((irm https://castellan.example/api/agent/install.ps1))) ABCD-EFGH-JKLM',
      uninstall:
        '& ([scriptblock]::Create((irm https://castellan.example/api/agent/install.ps1))) -Uninstall',
    });
  });

  it('has none for the portable build', () => {
    expect(installForAllCommands('node', CODE, SERVER)).toBeNull();
  });
});
