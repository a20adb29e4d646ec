// The declaration of what the agent reads and sends (packages/contract/src/agent-reads.ts), held to
// what the code does: every check on every system, in the worlds below, runs and reads only what
// is declared for it, and everything declared is run or read in one of them; the device facts and
// the schedule likewise; and the requests carry exactly the declared fields.
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AGENT_CHECK_IDS,
  AGENT_PLATFORMS,
  type AgentCheckId,
  type AgentPlatform,
} from '@castellan/contract/agent-checks';
import {
  AGENT_READS,
  AGENT_SENDS,
  type AgentReads,
  agentCommandLine,
} from '@castellan/contract/agent-reads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { declaredCommand, declaredFile } from '../test/declared-reads';
import {
  type FakeContextOptions,
  fakeContext,
  TIMED_OUT,
  TOOL_MISSING,
} from '../test/fake-context';
import { FakeServer } from '../test/fake-server';
import { type CliDeps, runCli } from './cli';
import type { CommandResult, RunCommand } from './context';
import { osVersion } from './device-facts';
import { checksAsOwner } from './owner-checks';
import { CHECKS, runChecks } from './run-checks';
import { installSchedule, scheduleInstalled, uninstallSchedule } from './schedule';

type World = Omit<FakeContextOptions, 'platform'>;

/** Worlds every check meets on every system: its tools missing, failing, or too slow. */
const EVERY_SYSTEM: Record<string, World> = {
  'no tool installed': {},
  'every tool failing': { otherwise: { code: 1 } },
  'every tool timing out': { otherwise: TIMED_OUT },
};

const POWERSHELL = 'powershell -NoProfile -NonInteractive -Command';
const SAM = '/Users/sam';

/** Worlds where the tools answer, leading each check down its other ways. */
const ANSWERING: Record<AgentCheckId, Record<AgentPlatform, Record<string, World>>> = {
  'disk-encryption': {
    linux: {
      'the root on LUKS': {
        commands: {
          findmnt: 'linux/disk-encryption/ubuntu-lvm-luks.findmnt.txt',
          lsblk: 'linux/disk-encryption/ubuntu-lvm-luks.lsblk.json',
        },
      },
      'the root on ZFS': {
        commands: {
          findmnt: 'linux/disk-encryption/zfs.findmnt.txt',
          zfs: 'linux/disk-encryption/zfs-encrypted.zfs.txt',
        },
      },
    },
    darwin: { 'FileVault on': { commands: { fdesetup: 'darwin/disk-encryption/on.txt' } } },
    win32: { 'BitLocker on': { commands: { powershell: 'win32/disk-encryption/value-1.txt' } } },
  },
  firewall: {
    linux: {
      'ufw set to start but stopped, firewalld stopped, nftables running': {
        files: { '/etc/ufw/ufw.conf': 'linux/firewall/ufw-enabled.ufw.conf' },
        commands: {
          'systemctl is-active ufw': {
            code: 3,
            stdoutFile: 'linux/firewall/inactive.systemctl.txt',
          },
          'firewall-cmd': { code: 252, stdout: 'not running\n' },
          'systemctl is-active nftables': 'linux/firewall/active.systemctl.txt',
        },
      },
    },
    darwin: {
      'the firewall on': {
        commands: {
          '/usr/libexec/ApplicationFirewall/socketfilterfw': 'darwin/firewall/enabled.txt',
        },
      },
    },
    win32: {
      'one profile off': {
        commands: {
          [`${POWERSHELL} Get-NetFirewallProfile`]: 'win32/firewall/public-off.json',
          [`${POWERSHELL} Get-CimInstance`]: 'win32/firewall/product-eset-on.json',
        },
      },
    },
  },
  'screen-lock': {
    linux: {
      GNOME: {
        env: { XDG_CURRENT_DESKTOP: 'ubuntu:GNOME' },
        commands: {
          'gsettings get org.gnome.desktop.screensaver lock-enabled':
            'linux/screen-lock/lock-enabled-true.txt',
          'gsettings get org.gnome.desktop.session': 'linux/screen-lock/idle-delay-300.txt',
          'gsettings get org.gnome.desktop.screensaver lock-delay':
            'linux/screen-lock/lock-delay-0.txt',
        },
      },
      KDE: {
        env: { XDG_CURRENT_DESKTOP: 'KDE' },
        files: {
          '/home/sam/.config/kscreenlockerrc': 'linux/screen-lock/kde-timeout-10.kscreenlockerrc',
        },
      },
    },
    darwin: {
      'a password at once': {
        commands: {
          sysadminctl: { stderrFile: 'darwin/screen-lock/sysadminctl-immediate.stderr.txt' },
          defaults: 'darwin/screen-lock/idle-time-300.txt',
          pmset: 'darwin/screen-lock/pmset-display-10.txt',
        },
      },
    },
    win32: {
      'a password-protected screen saver': {
        commands: {
          'reg query HKCU\\Control Panel\\Desktop': 'win32/screen-lock/desktop-secure-10min.txt',
        },
      },
    },
  },
  'os-updates': {
    linux: {
      apt: {
        commands: {
          'apt-get': 'linux/os-updates/apt-get-upgrade-none.txt',
          'apt-config': 'linux/os-updates/apt-config-unattended-on.txt',
          'dpkg-query': 'linux/os-updates/dpkg-query-installed.txt',
          systemctl: 'linux/os-updates/systemctl-enabled.txt',
        },
      },
      'dnf, without apt': {
        commands: {
          'apt-get': TOOL_MISSING,
          dnf: 'linux/os-updates/dnf-updateinfo-security.txt',
          systemctl: 'linux/os-updates/systemctl-disabled.txt',
        },
      },
    },
    darwin: {
      'up to date': {
        commands: {
          softwareupdate: { stderrFile: 'darwin/os-updates/softwareupdate-none.stderr.txt' },
          defaults: 'darwin/os-updates/defaults-1.txt',
        },
      },
    },
    win32: { 'up to date': { commands: { powershell: 'win32/os-updates/up-to-date.json' } } },
  },
  'malware-protection': {
    linux: { ClamAV: { commands: { ps: 'linux/malware-protection/ps-clamd.txt' } } },
    darwin: {
      'Gatekeeper and XProtect': {
        commands: { spctl: 'darwin/malware-protection/spctl-enabled.txt' },
        files: {
          '/Library/Apple/System/Library/CoreServices/XProtect.bundle/Contents/Info.plist':
            'darwin/malware-protection/xprotect-info.plist',
        },
      },
    },
    win32: {
      'Defender off, another product on': {
        commands: {
          [`${POWERSHELL} Get-MpComputerStatus`]: 'win32/malware-protection/defender-disabled.json',
          [`${POWERSHELL} Get-CimInstance`]:
            'win32/malware-protection/security-center-one-product.json',
        },
      },
    },
  },
  'standard-account': {
    linux: {
      'a standard user': {
        commands: {
          'id -u': 'linux/standard-account/uid-1000.id-u.txt',
          'id -Gn': 'linux/standard-account/standard.id-Gn.txt',
        },
      },
    },
    darwin: {
      'a standard user': {
        commands: {
          'id -u': 'darwin/standard-account/uid-501.id-u.txt',
          'id -Gn': 'darwin/standard-account/standard.id-Gn.txt',
        },
      },
    },
    win32: {
      'a standard user': { commands: { whoami: 'win32/standard-account/en-domain-standard.txt' } },
      'installed for all users, judging the person by SID': {
        ownerSid: 'S-1-5-21-3623811015-3361044348-30300820-1104',
        commands: { [POWERSHELL]: 'win32/standard-account/administrators-members.txt' },
      },
    },
  },
  'browser-updates': {
    linux: {
      'three browsers': {
        commands: {
          'google-chrome-stable': 'linux/browser-updates/google-chrome-current.txt',
          firefox: 'linux/browser-updates/firefox-current.txt',
          'microsoft-edge': 'linux/browser-updates/microsoft-edge-current.txt',
        },
      },
    },
    darwin: {
      'Safari, and Firefox in the home folder': {
        files: {
          '/Applications/Safari.app/Contents/Info.plist':
            'darwin/browser-updates/safari-info.plist',
          [`${SAM}/Applications/Firefox.app/Contents/Info.plist`]:
            'darwin/browser-updates/firefox-info.plist',
        },
      },
    },
    win32: {
      'Chrome and Firefox': {
        commands: {
          'reg query HKCU\\Software\\Google\\Chrome\\BLBeacon':
            'win32/browser-updates/reg-chrome-blbeacon.txt',
          'reg query HKLM\\SOFTWARE\\Mozilla\\Mozilla Firefox':
            'win32/browser-updates/reg-firefox-current.txt',
        },
      },
    },
  },
};

const CURRENT = { chrome: '131.0.6778.85', firefox: '133.0', edge: '131.0.2903.70' };

/** What was run and read, against what is declared: the undeclared, and the never used. */
class Tally {
  readonly undeclared: string[] = [];
  private readonly used = new Set<unknown>();
  constructor(
    private readonly declared: AgentReads,
    private readonly homedir: string,
  ) {}

  ran(program: string, args: readonly string[]) {
    const command = declaredCommand(this.declared.commands, program, args);
    if (command) this.used.add(command);
    else this.undeclared.push(agentCommandLine({ program, args, why: '' }));
  }

  read(file: string) {
    const declared = declaredFile(this.declared.files, file, this.homedir);
    if (declared) this.used.add(declared);
    else this.undeclared.push(file);
  }

  neverUsed(): string[] {
    return [
      ...this.declared.commands.filter((c) => !this.used.has(c)).map(agentCommandLine),
      ...this.declared.files.filter((f) => !this.used.has(f)).map((f) => f.path),
    ];
  }
}

describe.each(AGENT_PLATFORMS)('what the checks read on %s', (platform) => {
  it.each(AGENT_CHECK_IDS)(
    '%s runs and reads what it declares, no more, and all of it',
    async (id) => {
      const worlds = { ...EVERY_SYSTEM, ...ANSWERING[id][platform] };
      let tally: Tally | undefined;
      for (const world of Object.values(worlds)) {
        const ctx = fakeContext({ platform, currentBrowsers: CURRENT, ...world });
        tally ??= new Tally(AGENT_READS[platform].checks[id], ctx.homedir);
        const seen = tally;
        const result = await CHECKS[id]({
          ...ctx,
          run: (program, args, options) => {
            seen.ran(program, args);
            return ctx.run(program, args, options);
          },
          readFile: (file) => {
            seen.read(file);
            return ctx.readFile(file);
          },
        });
        expect(result.id).toBe(id);
      }
      expect(tally?.undeclared).toEqual([]);
      expect(tally?.neverUsed()).toEqual([]);
    },
  );

  it('the fake context refuses a command or file the agent does not declare', async () => {
    const ctx = fakeContext({ platform });
    await expect(ctx.run('curl', ['https://example.com'])).rejects.toThrow(
      /ran `curl https:\/\/example.com`.*does not declare/,
    );
    await expect(ctx.readFile('/etc/shadow')).rejects.toThrow(/read \/etc\/shadow.*not declare/);
  });
});

const answered = (stdout: string): CommandResult => ({
  ok: true,
  code: 0,
  stdout,
  stderr: '',
  missing: false,
  timedOut: false,
});
const FAILING: CommandResult = { ...answered(''), ok: false, code: 1 };

describe.each(AGENT_PLATFORMS)('the device facts on %s', (platform) => {
  it('come from the declared commands and files, all of them', async () => {
    const tally = new Tally(AGENT_READS[platform].device, '/home/sam');
    const run: RunCommand = async (program, args) => {
      tally.ran(program, args);
      return answered('14.5\n');
    };
    const version = await osVersion(platform, run, async (file) => {
      tally.read(file);
      return 'PRETTY_NAME="Ubuntu 24.04.1 LTS"\n';
    });
    expect(version).not.toBe('');
    expect(tally.undeclared).toEqual([]);
    expect(tally.neverUsed()).toEqual([]);
  });
});

describe.each(AGENT_PLATFORMS)('the schedule on %s', (platform) => {
  let home: string;
  beforeEach(async () => {
    home = await mkdtemp(path.join(tmpdir(), 'castellan-agent-reads-'));
  });
  afterEach(() => rm(home, { recursive: true, force: true }));

  it('runs the declared commands, all of them, whether they succeed or fail', async () => {
    const tally = new Tally(AGENT_READS[platform].schedule, home);
    for (const [answer, system] of [
      [answered(''), false],
      [FAILING, false],
      [answered(''), true],
      [FAILING, true],
    ] as const) {
      const deps = {
        platform,
        system,
        systemRoot: path.join(home, 'root'),
        homedir: home,
        env: {},
        uid: 501,
        command: [
          platform === 'win32'
            ? 'C:\\Castellan\\castellan-agent-windows-x64.exe'
            : '/opt/castellan/castellan-agent',
        ],
        configHome: path.join(home, 'agent-home'),
        run: (async (program, args) => {
          tally.ran(program, args);
          return answer;
        }) satisfies RunCommand,
      };
      await installSchedule(deps).catch(() => null);
      await scheduleInstalled(deps);
      await uninstallSchedule(deps).catch(() => null);
      // Installed for all users, root runs the checks as the person.
      if (platform !== 'win32') {
        const asOwner = (async (program, args) => {
          tally.ran(program, args);
          return program === 'id' ? answered('501\n') : answer;
        }) satisfies RunCommand;
        await checksAsOwner(platform, 'sam', deps.command, { chrome: '131.0' }, asOwner);
      }
    }
    expect(tally.undeclared).toEqual([]);
    expect(tally.neverUsed()).toEqual([]);
  });
});

/** Every field's path in a JSON body: `device.name`, `checks[].id`. */
function fieldPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => fieldPaths(item, `${prefix}[]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) =>
      fieldPaths(item, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [prefix];
}

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

describe('what the agent sends', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'castellan-agent-sends-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('is every declared field of every declared request, and nothing else', async () => {
    const server = new FakeServer();
    // A newer build out: the agent fetches the signed list and the build (which then does not
    // pass its own test run here, so nothing is replaced).
    const keys = generateKeyPairSync('ed25519');
    const build = Buffer.from('a newer agent');
    const listed = Buffer.from(
      JSON.stringify({
        format: 1,
        version: '9.0.0',
        issuedAt: '2026-11-25T11:00:00Z',
        builds: {
          'linux-x64': {
            path: '/api/agent/download/linux-x64',
            bytes: build.length,
            sha256: createHash('sha256').update(build).digest('hex'),
          },
        },
      }),
    );
    server.updates = {
      updateKey: keys.publicKey
        .export({ format: 'der', type: 'spki' })
        .subarray(-32)
        .toString('base64'),
      manifest: {
        manifest: listed.toString('base64'),
        signature: sign(null, listed, keys.privateKey).toString('base64'),
      },
      builds: { 'linux-x64': build },
    };
    const self = path.join(dir, 'castellan-agent');
    await writeFile(self, 'the running agent');
    const platform = 'linux' as const;
    const run: RunCommand = async () => ({ ...FAILING, missing: true, code: null });
    const deps: CliDeps = {
      // With no tool installed, the Linux firewall check needs administrator rights to say more.
      runChecks: (currentBrowsers) => runChecks(fakeContext({ platform, currentBrowsers })),
      fetch: server.fetch as typeof fetch,
      now: () => new Date('2026-11-25T12:00:00Z'),
      out: () => {},
      err: () => {},
      configHome: path.join(dir, 'config'),
      systemConfigHome: path.join(dir, 'system-config'),
      self: { path: self, target: 'linux-x64' },
      selfTest: async () => null,
      device: {
        name: 'reception-pc',
        platform,
        osVersion: await osVersion(platform, run, async () => null),
        agentVersion: '0.1.0',
      },
      schedule: {
        homedir: dir,
        env: {},
        uid: 1000,
        command: ['/opt/castellan-agent'],
        run,
        systemRoot: path.join(dir, 'root'),
      },
    };
    expect(
      await runCli(['enroll', 'GOOD-CODE', '--server', 'https://castellan.example'], deps),
    ).toBe(0);
    // This fake server has no GET /api/agent/due (404): watch asks once and stops.
    expect(await runCli(['watch'], deps)).toBe(1);
    expect(await runCli(['unenroll'], deps)).toBe(0);

    // `<system>` in a declared path stands for the build's target.
    const declaredPath = (request: { path: string }) =>
      AGENT_SENDS.find((r) =>
        new RegExp(`^${r.path.replace('<system>', '[\\w-]+')}$`).test(request.path),
      )?.path;
    expect(server.requests.map(declaredPath)).toEqual(AGENT_SENDS.map((request) => request.path));
    for (const request of server.requests) {
      const declared = AGENT_SENDS.find((r) => r.path === declaredPath(request));
      expect({ path: request.path, body: sorted(fieldPaths(request.body ?? {})) }).toEqual({
        path: request.path,
        body: sorted(declared?.body.map((field) => field.name) ?? []),
      });
      expect({ path: request.path, headers: sorted(Object.keys(request.headers)) }).toEqual({
        path: request.path,
        headers: sorted(declared?.headers.map((field) => field.name) ?? []),
      });
    }
  });
});
