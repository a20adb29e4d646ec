/**
 * Where to fix each failing check of the endpoint agent, on each system: the settings page to open
 * (an address the system itself opens, where one exists) or the command to run. Shared by the agent
 * (which prints it under a failing check, and bundles this file) and the task view. No zod here.
 *
 * The Windows `ms-settings:` addresses are the documented ones for Windows 10 and 11. BitLocker has
 * no Settings page of its own, so its fix is the Control Panel item. The macOS addresses assume
 * macOS 13 (Ventura) or later, whose System Settings panes are named `com.apple.*-Settings.extension`;
 * the older `com.apple.preference.security?…` anchors (FileVault, Firewall, General) still open the
 * right part of Privacy & Security or Network there. Unconfirmed on macOS 13+ (no Mac was at hand to
 * try them): `com.apple.Lock-Screen-Settings.extension` and `com.apple.Users-Groups-Settings.extension`;
 * a pane an address does not name opens System Settings at its last page, which is harmless.
 * The Linux commands assume Ubuntu or Debian with GNOME, the systems most desktops run.
 */
import type { AgentCheckId, AgentPlatform } from './agent-checks';

export type AgentFix = {
  /** What to do, in plain words, e.g. "Open Windows Update settings". */
  label: string;
  /** An address the system opens in its settings (`ms-settings:…`, `x-apple.systempreferences:…`). */
  url?: string;
  /** A command to type in a terminal (Linux, and Windows' BitLocker). */
  command?: string;
};

const MAC_SECURITY = 'x-apple.systempreferences:com.apple.preference.security';
const APT_UPGRADE = 'sudo apt update && sudo apt upgrade';

export const AGENT_FIXES: Record<AgentCheckId, Record<AgentPlatform, AgentFix>> = {
  'disk-encryption': {
    win32: {
      label: 'Open Control Panel → BitLocker Drive Encryption and turn BitLocker on',
      command: 'control /name Microsoft.BitLockerDriveEncryption',
    },
    darwin: { label: 'Open FileVault settings', url: `${MAC_SECURITY}?FileVault` },
    // LUKS is set up when Linux is installed: there is no one command to encrypt a disk in use.
    linux: {
      label: 'Reinstall with "Encrypt the new installation" (LUKS) chosen, after a backup',
    },
  },
  firewall: {
    win32: {
      label: 'Open Windows Security (Firewall & network protection)',
      url: 'ms-settings:windowsdefender',
    },
    darwin: { label: 'Open Firewall settings', url: `${MAC_SECURITY}?Firewall` },
    linux: { label: 'Turn the firewall on', command: 'sudo ufw enable' },
  },
  'screen-lock': {
    win32: { label: 'Open Lock screen settings', url: 'ms-settings:lockscreen' },
    darwin: {
      label: 'Open Lock Screen settings',
      url: 'x-apple.systempreferences:com.apple.Lock-Screen-Settings.extension',
    },
    linux: {
      label: 'Lock the screen when it goes blank',
      command: 'gsettings set org.gnome.desktop.screensaver lock-enabled true',
    },
  },
  'os-updates': {
    win32: { label: 'Open Windows Update settings', url: 'ms-settings:windowsupdate' },
    darwin: {
      label: 'Open Software Update settings',
      url: 'x-apple.systempreferences:com.apple.Software-Update-Settings.extension',
    },
    linux: { label: 'Install the updates (Fedora: sudo dnf upgrade)', command: APT_UPGRADE },
  },
  'malware-protection': {
    win32: { label: 'Open Windows Security settings', url: 'ms-settings:windowsdefender' },
    darwin: {
      label:
        'Open Privacy & Security settings (allow apps from the App Store and known developers)',
      url: `${MAC_SECURITY}?General`,
    },
    linux: {
      label: 'Install and start ClamAV',
      command: 'sudo apt install clamav-daemon && sudo systemctl enable --now clamav-daemon',
    },
  },
  'standard-account': {
    win32: {
      label: 'Open Other users settings and add a standard account for daily work',
      url: 'ms-settings:otherusers',
    },
    darwin: {
      label: 'Open Users & Groups settings and add a standard account for daily work',
      url: 'x-apple.systempreferences:com.apple.Users-Groups-Settings.extension',
    },
    linux: {
      label: 'Add an account without sudo for daily work',
      command: 'sudo adduser <name>',
    },
  },
  'browser-updates': {
    win32: { label: "Open the browser's About page (Help → About): it updates itself" },
    darwin: {
      label: 'Open Software Update settings (Safari), or the browser’s About page',
      url: 'x-apple.systempreferences:com.apple.Software-Update-Settings.extension',
    },
    linux: { label: 'Update the browser with the system’s packages', command: APT_UPGRADE },
  },
};

/** Where to fix a check on a system; null for a check this list does not know. */
export function agentFix(id: string, platform: AgentPlatform): AgentFix | null {
  return AGENT_FIXES[id as AgentCheckId]?.[platform] ?? null;
}

/** The fix in one line of text, e.g. "Open Windows Update settings: ms-settings:windowsupdate". */
export function agentFixText(fix: AgentFix): string {
  const where = fix.url ?? fix.command;
  return where ? `${fix.label}: ${where}` : fix.label;
}

/**
 * Check again now: how long the agent keeps asking whether a person wants it to check at once,
 * once it learns that someone does (the answer to its report, or its own poll), and how often.
 */
export const AGENT_CHECK_NOW = {
  /** Someone pressed "Check again now" within this many seconds: the device is due now. */
  dueSeconds: 10 * 60,
  /** The agent asks this often while it keeps watch. */
  pollSeconds: 15,
  /** And keeps watch for this long after it last learned that someone is looking. */
  watchSeconds: 10 * 60,
} as const;
