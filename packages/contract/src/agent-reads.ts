/**
 * What the endpoint agent reads on each system and what it sends to the server, in the open: every
 * command it may run (program and arguments, as run), every file it may read and every field of
 * its requests, each with a few plain words on why. Plain data for the agent's tests (which fail
 * when a check runs something not named here, or when something named here is never run), the
 * generated docs/agent-reads.md and the agent download page. No zod here.
 */

import {
  AGENT_CHECK_IDS,
  AGENT_CHECKS,
  AGENT_SCHEDULE_HOURS,
  type AgentCheckId,
  type AgentPlatform,
} from './agent-checks';
import { ADMINISTRATORS_MEMBERS_SCRIPT, WINDOWS_UPDATES_SCRIPT } from './agent-scripts';

/**
 * An argument that differs from one computer to the next: `shown` is how the docs write it,
 * `pattern` (a regular expression's source, matched whole) what the tests accept.
 */
export type AgentVaryingArgument = { shown: string; pattern: string };
export type AgentArgument = string | AgentVaryingArgument;

/** A program the agent starts (never through a shell), with its arguments one by one. */
export type AgentCommand = { program: string; args: readonly AgentArgument[]; why: string };

/** A file the agent reads; `~/` is the home folder of the user it runs as. */
export type AgentFileRead = { path: string; why: string };

export type AgentReads = { commands: readonly AgentCommand[]; files: readonly AgentFileRead[] };

export type AgentSystemReads = {
  checks: Record<AgentCheckId, AgentReads>;
  /** For the device facts sent at enrollment and with each report. */
  device: AgentReads;
  /** For `install-schedule`, `uninstall-schedule` and `status`; these change the schedule only. */
  schedule: AgentReads;
};

const cmd = ([program, ...args]: [string, ...AgentArgument[]], why: string): AgentCommand => ({
  program,
  args,
  why,
});
const powershell = (script: string, why: string) =>
  cmd(['powershell', '-NoProfile', '-NonInteractive', '-Command', script], why);
const regQuery = (key: string, value: string | null, why: string) =>
  cmd(['reg', 'query', key, ...(value === null ? [] : ['/v', value])], why);
/**
 * A key of the person's own registry: HKCU, or HKU\<their SID> when the agent is installed for
 * all users and runs as SYSTEM.
 */
const userKey = (key: string): AgentVaryingArgument => ({
  shown: `HKCU\\${key}`,
  pattern: `(?:HKCU|HKU\\\\S-1-[0-9-]+)\\\\${key.replace(/[\\{}.()]/g, (c) => `\\${c}`)}`,
});
const userRegQuery = (key: string, value: string | null, why: string) =>
  cmd(['reg', 'query', userKey(key), ...(value === null ? [] : ['/v', value])], why);
const OWNER: AgentVaryingArgument = { shown: '<the person>', pattern: '[\\w.@$-]+' };
const AGENT: AgentVaryingArgument = { shown: '<the agent>', pattern: '.+' };
/** `run --dry --json` as the person, with the settings it needs and no config. */
const ownerRunArgs = (extraEnv: AgentArgument[]): AgentArgument[] => [
  'CASTELLAN_AGENT_HOME=/nonexistent/castellan-agent',
  {
    shown: 'CASTELLAN_AGENT_BROWSERS=<current versions>',
    pattern: 'CASTELLAN_AGENT_BROWSERS=\\{.*\\}',
  },
  ...extraEnv,
  AGENT,
  'run',
  '--dry',
  '--json',
];
const ownerId = cmd(
  ['id', '-u', OWNER],
  'installed for all users: finds the user id of the person the checks judge',
);
const reads = (commands: AgentCommand[], files: AgentFileRead[] = []): AgentReads => ({
  commands,
  files,
});

// --- Linux ---

const unixAccount = (adminGroups: string) =>
  reads([
    cmd(['id', '-u'], 'asks whether this account is root, the all-powerful one'),
    cmd(
      ['id', '-Gn'],
      `lists this account's groups, to see whether it is in an administrators group (${adminGroups})`,
    ),
  ]);

const browserVersion = (program: string, name: string) =>
  cmd([program, '--version'], `asks ${name} its version`);

const systemdTimer = (timer: string, why: string) => cmd(['systemctl', 'is-enabled', timer], why);
const DNF_TIMER = "asks whether dnf-automatic's timer is on";
const DNF_CONFIG = "dnf-automatic's settings: whether it installs the updates it finds";
const NFTABLES_RULES = "the nftables firewall's rules, to see that they block incoming connections";
const GSETTINGS = (schema: string, key: string, why: string) =>
  cmd(['gsettings', 'get', schema, key], why);

const LINUX: AgentSystemReads = {
  checks: {
    'disk-encryption': reads([
      cmd(
        ['findmnt', '-n', '-o', 'SOURCE', '/'],
        "finds the disk or volume the system's files are on",
      ),
      cmd(
        ['lsblk', '-s', '-J', '-o', 'NAME,TYPE', { shown: '<that volume>', pattern: '/dev/\\S+' }],
        'lists what that volume is built on, to see whether an encrypted (LUKS) layer is among it',
      ),
      cmd(
        [
          'zfs',
          'get',
          '-H',
          '-o',
          'value',
          'encryption',
          { shown: '<that ZFS dataset>', pattern: '[\\w.-]+/[\\w./:-]+' },
        ],
        "asks whether ZFS encrypts the system's files, when they are on ZFS",
      ),
    ]),
    firewall: reads(
      [
        cmd(['systemctl', 'is-active', 'ufw'], 'asks whether the ufw firewall is running'),
        cmd(['firewall-cmd', '--state'], 'asks whether the firewalld firewall is running'),
        cmd(
          ['systemctl', 'is-active', 'nftables'],
          'asks whether the nftables firewall is running',
        ),
      ],
      [
        { path: '/etc/ufw/ufw.conf', why: 'whether the ufw firewall is set to start' },
        { path: '/etc/nftables.conf', why: NFTABLES_RULES },
        { path: '/etc/sysconfig/nftables.conf', why: NFTABLES_RULES },
      ],
    ),
    'screen-lock': reads(
      [
        GSETTINGS(
          'org.gnome.desktop.screensaver',
          'lock-enabled',
          'asks whether GNOME locks the screen by itself',
        ),
        GSETTINGS(
          'org.gnome.desktop.session',
          'idle-delay',
          'asks after how long idle the screen goes blank',
        ),
        GSETTINGS(
          'org.gnome.desktop.screensaver',
          'lock-delay',
          'asks how long after going blank the screen locks',
        ),
        GSETTINGS(
          'org.gnome.desktop.lockdown',
          'disable-lock-screen',
          'asks whether locking the screen is forbidden',
        ),
      ],
      [
        { path: '~/.config/kscreenlockerrc', why: "KDE's screen lock settings" },
        {
          path: '~/.config/kdeglobals',
          why: 'read only to tell whether the account uses KDE',
        },
        {
          path: '~/.config/dconf/user',
          why: 'read only to tell whether the account uses GNOME',
        },
      ],
    ),
    'os-updates': reads(
      [
        cmd(
          ['apt-get', '-s', '-o', 'Debug::NoLocking=1', 'upgrade'],
          'lists the updates waiting (-s only pretends: it installs nothing)',
        ),
        cmd(
          ['apt-config', 'dump', 'APT::Periodic::Unattended-Upgrade'],
          'asks whether security updates are set to install by themselves',
        ),
        cmd(
          // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own field syntax
          ['dpkg-query', '-W', '-f=${Status}', 'unattended-upgrades'],
          'asks whether unattended-upgrades, which installs them, is installed',
        ),
        systemdTimer('apt-daily-upgrade.timer', 'asks whether the timer that installs them is on'),
        cmd(
          ['dnf', '-q', 'updateinfo', 'list', '--security'],
          'on a Linux without apt (Fedora, Red Hat and the like): lists the security updates waiting',
        ),
        systemdTimer('dnf-automatic-install.timer', DNF_TIMER),
        systemdTimer('dnf5-automatic-install.timer', DNF_TIMER),
        systemdTimer('dnf-automatic.timer', DNF_TIMER),
        systemdTimer('dnf5-automatic.timer', DNF_TIMER),
      ],
      [
        { path: '/etc/dnf/dnf5-plugins/automatic.conf', why: DNF_CONFIG },
        { path: '/etc/dnf/automatic.conf', why: DNF_CONFIG },
        { path: '/usr/share/dnf5/dnf5-plugins/automatic.conf', why: DNF_CONFIG },
      ],
    ),
    'malware-protection': reads([
      cmd(
        ['ps', '-eo', 'comm='],
        'lists the names of the running programs (nothing else about them), to recognise a known malware scanner',
      ),
    ]),
    'standard-account': unixAccount('sudo, wheel or admin'),
    'browser-updates': reads([
      browserVersion('google-chrome', 'Google Chrome'),
      browserVersion('google-chrome-stable', 'Google Chrome'),
      browserVersion('firefox', 'Mozilla Firefox'),
      browserVersion('microsoft-edge', 'Microsoft Edge'),
      browserVersion('microsoft-edge-stable', 'Microsoft Edge'),
    ]),
  },
  device: reads(
    [],
    [{ path: '/etc/os-release', why: 'the name and version of this Linux, e.g. Ubuntu 24.04' }],
  ),
  schedule: reads([
    cmd(
      ['systemctl', '--user', 'daemon-reload'],
      "has systemd read the agent's timer once it is written or removed",
    ),
    cmd(
      ['systemctl', '--user', 'enable', '--now', 'castellan-agent.timer'],
      `starts the timer that runs the agent every ${AGENT_SCHEDULE_HOURS} hours`,
    ),
    cmd(
      ['systemctl', '--user', 'disable', '--now', 'castellan-agent.timer'],
      'stops that timer (uninstall-schedule)',
    ),
    cmd(['systemctl', 'daemon-reload'], 'the same, installed for all users (a system timer)'),
    cmd(
      ['systemctl', 'enable', '--now', 'castellan-agent.timer'],
      'the same, installed for all users',
    ),
    cmd(
      ['systemctl', 'disable', '--now', 'castellan-agent.timer'],
      'the same, installed for all users',
    ),
    ownerId,
    cmd(
      [
        'runuser',
        '-u',
        OWNER,
        '--',
        'env',
        ...ownerRunArgs([
          { shown: 'XDG_RUNTIME_DIR=/run/user/<id>', pattern: 'XDG_RUNTIME_DIR=/run/user/\\d+' },
          {
            shown: 'DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/<id>/bus',
            pattern: 'DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/\\d+/bus',
          },
        ]),
      ],
      'installed for all users (run as root): runs the checks as the person, in their session, so that their own settings are judged',
    ),
  ]),
};

// --- macOS ---

const SOFTWARE_UPDATE = '/Library/Preferences/com.apple.SoftwareUpdate';
const LAUNCHD_JOB = {
  shown: 'gui/<user id>/com.castellan.agent (system/… for all users)',
  pattern: '(?:gui/\\d+|system)/com\\.castellan\\.agent',
};
const MAC_BROWSERS = ['Google Chrome', 'Firefox', 'Microsoft Edge', 'Safari'];

const MACOS: AgentSystemReads = {
  checks: {
    'disk-encryption': reads([cmd(['fdesetup', 'status'], 'asks whether FileVault is on')]),
    firewall: reads([
      cmd(
        ['/usr/libexec/ApplicationFirewall/socketfilterfw', '--getglobalstate'],
        'asks whether the macOS firewall is on',
      ),
    ]),
    'screen-lock': reads([
      cmd(
        ['sysadminctl', '-screenLock', 'status'],
        'asks how soon the password is asked for once the screen saver starts or the display sleeps',
      ),
      cmd(
        ['defaults', '-currentHost', 'read', 'com.apple.screensaver', 'idleTime'],
        'asks after how long idle the screen saver starts',
      ),
      cmd(['pmset', '-g'], 'reads the power settings, for after how long idle the display sleeps'),
    ]),
    'os-updates': reads([
      cmd(
        ['softwareupdate', '--list'],
        "lists the updates waiting (it asks Apple's servers; it installs nothing)",
      ),
      cmd(
        ['defaults', 'read', SOFTWARE_UPDATE, 'AutomaticCheckEnabled'],
        'asks whether the Mac looks for updates by itself',
      ),
      cmd(
        ['defaults', 'read', SOFTWARE_UPDATE, 'CriticalUpdateInstall'],
        'asks whether security responses and system files install by themselves',
      ),
      cmd(
        ['defaults', 'read', SOFTWARE_UPDATE, 'AutomaticallyInstallMacOSUpdates'],
        'asks whether macOS updates install by themselves',
      ),
    ]),
    'malware-protection': reads(
      [
        cmd(
          ['spctl', '--status'],
          'asks whether Gatekeeper, which checks apps before they open, is on',
        ),
      ],
      [
        {
          path: '/Library/Apple/System/Library/CoreServices/XProtect.bundle/Contents/Info.plist',
          why: "the version of XProtect, macOS's built-in malware scanner",
        },
      ],
    ),
    'standard-account': unixAccount('admin'),
    'browser-updates': reads(
      [],
      ['/Applications', '~/Applications'].flatMap((folder) =>
        MAC_BROWSERS.map((app) => ({
          path: `${folder}/${app}.app/Contents/Info.plist`,
          why: `the version of ${app}, if it is installed there`,
        })),
      ),
    ),
  },
  device: reads([cmd(['sw_vers', '-productVersion'], "asks macOS's version")]),
  schedule: reads([
    cmd(
      ['launchctl', 'bootout', LAUNCHD_JOB],
      "unloads the agent's schedule: an earlier one before loading it again, or on uninstall-schedule",
    ),
    cmd(
      [
        'launchctl',
        'bootstrap',
        { shown: 'gui/<user id> (system for all users)', pattern: 'gui/\\d+|system' },
        {
          shown:
            '~/Library/LaunchAgents/com.castellan.agent.plist (/Library/LaunchDaemons/… for all users)',
          pattern: '.*/Library/Launch(?:Agents|Daemons)/com\\.castellan\\.agent\\.plist',
        },
      ],
      `loads the schedule that runs the agent every ${AGENT_SCHEDULE_HOURS} hours`,
    ),
    cmd(
      ['launchctl', 'print', LAUNCHD_JOB],
      'asks whether the schedule is loaded, when loading it seemed to fail',
    ),
    ownerId,
    cmd(
      [
        'launchctl',
        'asuser',
        { shown: '<their user id>', pattern: '\\d+' },
        'sudo',
        '-u',
        OWNER,
        '-H',
        '/usr/bin/env',
        ...ownerRunArgs([]),
      ],
      'installed for all users (run as root): runs the checks as the person, in their session, so that their own settings are judged',
    ),
  ]),
};

// --- Windows ---

const TASK = 'Castellan Agent';
/** `schtasks /Create` of the agent's task, with `extra` before the closing /F. */
const schtasksCreate = (extra: string[], why: string) =>
  cmd(
    [
      'schtasks',
      '/Create',
      '/SC',
      'HOURLY',
      '/MO',
      String(AGENT_SCHEDULE_HOURS),
      '/TN',
      TASK,
      '/TR',
      { shown: '<the agent> run', pattern: '.+ run' },
      ...extra,
      '/F',
    ],
    why,
  );
const FIREFOX_VERSION = "reads Mozilla Firefox's version, from one of the places it may write it";

const WINDOWS: AgentSystemReads = {
  checks: {
    'disk-encryption': reads([
      powershell(
        "(New-Object -ComObject Shell.Application).NameSpace($env:SystemDrive + '\\').Self.ExtendedProperty('System.Volume.BitLockerProtection')",
        "asks Windows (as Explorer does for a drive's icon) whether BitLocker protects the system drive",
      ),
    ]),
    firewall: reads([
      powershell(
        'Get-NetFirewallProfile | Select-Object Name,Enabled | ConvertTo-Json',
        'asks whether the Windows firewall is on for each network profile (Domain, Private, Public)',
      ),
      powershell(
        'Get-CimInstance -Namespace root/SecurityCenter2 -ClassName FirewallProduct | Select-Object displayName,productState | ConvertTo-Json',
        "when Windows' own firewall is off: lists the other firewalls Windows Security knows, and whether each is on",
      ),
    ]),
    'screen-lock': reads([
      regQuery(
        'HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Policies\\System',
        'InactivityTimeoutSecs',
        'reads the inactivity limit after which Windows locks, if one is set',
      ),
      userRegQuery(
        'Control Panel\\Desktop',
        null,
        'reads your screen saver settings: whether it is on, after how long, and whether it asks for the password',
      ),
      userRegQuery(
        'Software\\Policies\\Microsoft\\Windows\\Control Panel\\Desktop',
        null,
        'reads the same settings where a policy sets them',
      ),
    ]),
    'os-updates': reads([
      powershell(
        WINDOWS_UPDATES_SCRIPT,
        'asks Windows Update how many security updates are waiting (it may ask Microsoft) and whether a policy turns automatic updates off; if Windows Update cannot answer, when the latest update was installed',
      ),
    ]),
    'malware-protection': reads([
      powershell(
        'Get-MpComputerStatus | Select-Object AntivirusEnabled,RealTimeProtectionEnabled,AntivirusSignatureAge,AMRunningMode | ConvertTo-Json',
        'asks Microsoft Defender whether it is on, protects in real time and has recent virus definitions',
      ),
      powershell(
        'Get-CimInstance -Namespace root/SecurityCenter2 -ClassName AntiVirusProduct | Select-Object displayName,productState | ConvertTo-Json',
        'when Defender is off: lists the antivirus products Windows Security knows, and whether each is on and up to date',
      ),
    ]),
    'standard-account': reads([
      cmd(
        ['whoami', '/groups', '/fo', 'csv'],
        "lists this account's groups, to see whether it is in Administrators",
      ),
      powershell(
        ADMINISTRATORS_MEMBERS_SCRIPT,
        "installed for all users (run as SYSTEM): lists the SIDs of the Administrators group's members, to see whether the person is one",
      ),
    ]),
    'browser-updates': reads([
      userRegQuery(
        'Software\\Google\\Chrome\\BLBeacon',
        'version',
        "reads Google Chrome's version",
      ),
      regQuery(
        'HKLM\\SOFTWARE\\WOW6432Node\\Google\\Update\\Clients\\{8A69D345-D564-463c-AFF1-A69D9E530F96}',
        'pv',
        "reads Google Chrome's version, when it is installed for every user",
      ),
      regQuery(
        'HKLM\\SOFTWARE\\WOW6432Node\\Microsoft\\EdgeUpdate\\Clients\\{56EB18F8-B008-4CBD-B6D2-8C97FE7E9062}',
        'pv',
        "reads Microsoft Edge's version",
      ),
      regQuery('HKLM\\SOFTWARE\\Mozilla\\Mozilla Firefox', 'CurrentVersion', FIREFOX_VERSION),
      regQuery(
        'HKLM\\SOFTWARE\\WOW6432Node\\Mozilla\\Mozilla Firefox',
        'CurrentVersion',
        FIREFOX_VERSION,
      ),
      userRegQuery('Software\\Mozilla\\Mozilla Firefox', 'CurrentVersion', FIREFOX_VERSION),
    ]),
  },
  device: reads([]),
  schedule: reads([
    schtasksCreate(
      [],
      `creates the scheduled task that runs the agent every ${AGENT_SCHEDULE_HOURS} hours`,
    ),
    schtasksCreate(
      ['/RU', 'SYSTEM', '/RL', 'HIGHEST'],
      'installed for all users: creates that task to run as SYSTEM, which may update the agent in Program Files',
    ),
    cmd(['schtasks', '/Query', '/TN', TASK], 'asks whether that task is there'),
    cmd(['schtasks', '/Delete', '/TN', TASK, '/F'], 'removes it (uninstall-schedule)'),
  ]),
};

/** What the agent may read on each system. */
export const AGENT_READS: Record<AgentPlatform, AgentSystemReads> = {
  linux: LINUX,
  darwin: MACOS,
  win32: WINDOWS,
};

/** Where the device facts come from, besides the commands and files declared for them. */
const DEVICE_FACTS: Record<AgentPlatform, string> = {
  linux: "The host name and the kernel's version come from the agent's own runtime.",
  darwin:
    "The host name comes from the agent's own runtime, and so does Darwin's version if sw_vers does not answer.",
  win32:
    "The host name and the version of Windows come from the agent's own runtime: it runs no command and reads no file for them.",
};

export type AgentReadsPart = { title: string; reads: AgentReads; note?: string };

/** A system's declaration in titled parts, each check first, for the docs and the download page. */
export function agentReadsParts(platform: AgentPlatform): AgentReadsPart[] {
  const system = AGENT_READS[platform];
  return [
    ...AGENT_CHECK_IDS.map((id) => ({ title: AGENT_CHECKS[id].name, reads: system.checks[id] })),
    { title: 'About the computer', reads: system.device, note: DEVICE_FACTS[platform] },
    {
      title:
        'Its schedule and the installation for all users (install-schedule, uninstall-schedule, status, --system)',
      reads: system.schedule,
    },
  ];
}

/** One field of a request, by its path in the JSON body (`checks[].id`) or a header's name. */
export type AgentSentField = { name: string; what: string };
export type AgentRequest = {
  method: 'POST' | 'GET';
  path: string;
  when: string;
  headers: readonly AgentSentField[];
  body: readonly AgentSentField[];
};

const HEADERS: AgentSentField[] = [
  { name: 'content-type', what: '"application/json"' },
  { name: 'accept', what: '"application/json"' },
  { name: 'user-agent', what: "the agent's name and version, e.g. castellan-agent/0.1.0" },
];
const TOKEN: AgentSentField = {
  name: 'authorization',
  what: 'the device token (Bearer), which tells the server which computer this is',
};
const VERSIONS: AgentSentField[] = [
  { name: 'device.osVersion', what: 'the name and version of the system, e.g. macOS 14.5' },
  { name: 'device.agentVersion', what: "the agent's version" },
];

/** Every request the agent makes, with every field it sends. Nothing else leaves the computer. */
export const AGENT_SENDS: readonly AgentRequest[] = [
  {
    method: 'POST',
    path: '/api/agent/enroll',
    when: 'once, when the computer is enrolled',
    headers: HEADERS,
    body: [
      { name: 'code', what: 'the one-time enrollment code from the agent download page' },
      { name: 'device.name', what: "the computer's host name" },
      { name: 'device.platform', what: 'its system: linux, darwin (macOS) or win32 (Windows)' },
      ...VERSIONS,
    ],
  },
  {
    method: 'GET',
    path: '/api/agent/manifest',
    when: 'before each report: whether a newer build of the agent is out (a list of builds signed by the server)',
    headers: HEADERS.filter((h) => h.name !== 'content-type'),
    body: [],
  },
  {
    method: 'GET',
    path: '/api/agent/download/<system>',
    when: 'only when the signed list names a newer build: that build, for this system',
    headers: HEADERS.filter((h) => h.name === 'user-agent'),
    body: [],
  },
  {
    method: 'POST',
    path: '/api/agent/report',
    when: `after each check: at enrollment, then every ${AGENT_SCHEDULE_HOURS} hours or on castellan-agent run`,
    headers: [...HEADERS, TOKEN],
    body: [
      { name: 'reportedAt', what: 'when the computer was checked' },
      ...VERSIONS,
      { name: 'checks[].id', what: 'which check, e.g. disk-encryption' },
      { name: 'checks[].verdict', what: 'pass, fail or unknown' },
      {
        name: 'checks[].evidence',
        what: 'one or two sentences on what the check saw, at most 500 characters, e.g. "FileVault is on."',
      },
      {
        name: 'checks[].needsAdmin',
        what: 'present when the check could say more with administrator rights',
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/agent/due',
    when: 'every 15 seconds while castellan-agent watch runs, to learn whether someone pressed "Check again now"',
    headers: [...HEADERS.filter((h) => h.name !== 'content-type'), TOKEN],
    body: [],
  },
  {
    method: 'POST',
    path: '/api/agent/unenroll',
    when: 'when the computer is removed with castellan-agent unenroll',
    headers: [...HEADERS, TOKEN],
    body: [],
  },
];

/** One argument as a reader sees it: quoted when it holds spaces, `<…>` where it varies. */
function shownArgument(arg: AgentArgument): string {
  if (typeof arg !== 'string') return arg.shown;
  return arg === '' || /\s/.test(arg) ? `"${arg}"` : arg;
}

/** The command as one line of text (a PowerShell script keeps its own lines). */
export function agentCommandLine(command: AgentCommand): string {
  return [command.program, ...command.args].map(shownArgument).join(' ');
}
