import { WINDOWS_UPDATES_SCRIPT } from '@castellan/contract/agent-scripts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, failed, fakeContext, fixture } from '../../test/fake-context';
import {
  macosPending,
  osUpdates,
  parseAptSecurityCount,
  parseSoftwareUpdateList,
} from './os-updates';

describe('os-updates on Linux with apt', () => {
  const dir = 'linux/os-updates';
  const apt = (
    upgrade: FakeAnswer,
    periodic: FakeAnswer = `${dir}/apt-config-unattended-on.txt`,
    status: FakeAnswer = `${dir}/dpkg-query-installed.txt`,
    timer: FakeAnswer = `${dir}/systemctl-enabled.txt`,
  ) =>
    fakeContext({
      platform: 'linux',
      commands: {
        'apt-get -s -o Debug::NoLocking=1 upgrade': upgrade,
        'apt-config dump APT::Periodic::Unattended-Upgrade': periodic,
        'dpkg-query -W -f=${Status} unattended-upgrades': status,
        'systemctl is-enabled apt-daily-upgrade.timer': timer,
      },
    });

  it.each([
    [
      'security updates waiting',
      apt(`${dir}/apt-get-upgrade-security.txt`),
      'fail',
      '4 security updates are waiting',
    ],
    [
      'one Debian security update',
      apt(`${dir}/apt-get-upgrade-debian-one-security.txt`),
      'fail',
      '1 security update is waiting',
    ],
    [
      'only non-security updates',
      apt(`${dir}/apt-get-upgrade-updates-only.txt`),
      'pass',
      'No security updates',
    ],
    [
      'nothing to upgrade',
      apt(`${dir}/apt-get-upgrade-none.txt`),
      'pass',
      'installed automatically',
    ],
    [
      'unattended upgrades turned off',
      apt(`${dir}/apt-get-upgrade-none.txt`, `${dir}/apt-config-unattended-off.txt`),
      'fail',
      'Automatic security updates are turned off',
    ],
    [
      'unattended upgrades never configured',
      apt(`${dir}/apt-get-upgrade-none.txt`, `${dir}/apt-config-unattended-unset.txt`),
      'fail',
      'turned off',
    ],
    [
      'unattended-upgrades not installed',
      apt(
        `${dir}/apt-get-upgrade-none.txt`,
        undefined,
        failed(`${dir}/dpkg-query-not-installed.stderr.txt`),
      ),
      'fail',
      'unattended-upgrades package is not installed',
    ],
    [
      'the upgrade timer masked',
      apt(`${dir}/apt-get-upgrade-none.txt`, undefined, undefined, {
        code: 1,
        stdout: fixture(`${dir}/systemctl-masked.txt`),
      }),
      'fail',
      'apt-daily-upgrade.timer',
    ],
    [
      'package lists broken',
      apt(failed(`${dir}/apt-get-upgrade-broken-lists.stderr.txt`, 100)),
      'unknown',
      'Could not tell whether security updates',
    ],
    [
      'package lists broken and automatic updates off',
      apt(
        failed(`${dir}/apt-get-upgrade-broken-lists.stderr.txt`, 100),
        `${dir}/apt-config-unattended-off.txt`,
      ),
      'fail',
      'turned off',
    ],
    ['apt timed out', apt({ code: null, timedOut: true }), 'unknown', 'Could not tell'],
  ] as const)('%s', async (_, ctx, verdict, words) => {
    const result = await osUpdates(ctx);
    expect(result).toMatchObject({ id: 'os-updates', verdict });
    expect(result.evidence).toContain(words);
  });

  it('counts only upgrades from a security archive', () => {
    expect(parseAptSecurityCount(fixture(`${dir}/apt-get-upgrade-security.txt`))).toBe(4);
    expect(parseAptSecurityCount('Reading package lists...\n')).toBeNull();
  });
});

describe('os-updates on Linux with dnf', () => {
  const dir = 'linux/os-updates';
  const timers = [
    'dnf-automatic-install.timer',
    'dnf5-automatic-install.timer',
    'dnf-automatic.timer',
    'dnf5-automatic.timer',
  ];
  /** dnf 4's timers answer "disabled" unless enabled; dnf5's are not installed. */
  const dnf = (
    list: FakeAnswer,
    enabled: readonly string[] = ['dnf-automatic-install.timer'],
    configs: Record<string, string> = {
      '/etc/dnf/automatic.conf': `${dir}/dnf-automatic-no-apply.conf`,
    },
  ) =>
    fakeContext({
      platform: 'linux',
      commands: {
        'dnf -q updateinfo list --security': list,
        ...Object.fromEntries(
          timers.map((timer): [string, FakeAnswer] => {
            const answer: FakeAnswer = enabled.includes(timer)
              ? `${dir}/systemctl-enabled.txt`
              : timer.startsWith('dnf5')
                ? failed(`${dir}/systemctl-no-such-unit.stderr.txt`)
                : { code: 1, stdout: fixture(`${dir}/systemctl-disabled.txt`) };
            return [`systemctl is-enabled ${timer}`, answer];
          }),
        ),
      },
      files: configs,
    });
  const empty = `${dir}/dnf-updateinfo-empty.txt`;

  it.each([
    [
      'Fedora security advisories',
      dnf(`${dir}/dnf-updateinfo-security.txt`),
      'fail',
      '3 security updates are waiting',
    ],
    [
      'a RHEL kernel advisory',
      dnf(`${dir}/dnf-updateinfo-rhel-one.txt`),
      'fail',
      '1 security update is waiting',
    ],
    [
      'dnf5 advisories with a header',
      dnf(`${dir}/dnf5-updateinfo-security.txt`),
      'fail',
      '2 security updates',
    ],
    [
      'nothing pending, install timer on',
      dnf(empty),
      'pass',
      'installed automatically (dnf-automatic)',
    ],
    [
      'dnf5 install timer on',
      dnf(empty, ['dnf5-automatic-install.timer'], {}),
      'pass',
      'installed automatically',
    ],
    [
      'dnf-automatic.timer set to apply updates',
      dnf(empty, ['dnf-automatic.timer'], {
        '/etc/dnf/automatic.conf': `${dir}/dnf-automatic-apply.conf`,
      }),
      'pass',
      'installed automatically',
    ],
    [
      'dnf-automatic.timer only downloading',
      dnf(empty, ['dnf-automatic.timer']),
      'fail',
      'set not to install',
    ],
    [
      'dnf5-automatic.timer reads its own configuration first',
      dnf(empty, ['dnf5-automatic.timer'], {
        '/etc/dnf/dnf5-plugins/automatic.conf': `${dir}/dnf-automatic-apply.conf`,
        '/etc/dnf/automatic.conf': `${dir}/dnf-automatic-no-apply.conf`,
      }),
      'pass',
      'installed automatically',
    ],
    [
      'dnf5-automatic.timer without a readable configuration',
      dnf(empty, ['dnf5-automatic.timer'], {}),
      'unknown',
      'Could not tell whether updates are installed automatically',
    ],
    ['no automatic timer', dnf(empty, []), 'fail', 'not turned on'],
    [
      'metadata cannot be downloaded',
      dnf(failed(`${dir}/dnf-updateinfo-offline.stderr.txt`)),
      'unknown',
      'Could not tell',
    ],
  ] as const)('%s', async (_, ctx, verdict, words) => {
    const result = await osUpdates(ctx);
    expect(result.verdict).toBe(verdict);
    expect(result.evidence).toContain(words);
  });

  it('is unknown on a Linux with neither apt nor dnf', async () => {
    const result = await osUpdates(fakeContext({ platform: 'linux' }));
    expect(result).toMatchObject({ verdict: 'unknown' });
    expect(result.evidence).toContain('neither apt nor dnf');
  });
});

describe('os-updates on macOS', () => {
  const dir = 'darwin/os-updates';
  const prefs = 'defaults read /Library/Preferences/com.apple.SoftwareUpdate';
  const missingKey = failed(`${dir}/defaults-missing-key.stderr.txt`);
  const mac = (
    list: FakeAnswer,
    flags: { check?: FakeAnswer; critical?: FakeAnswer; macos?: FakeAnswer } = {},
  ) =>
    fakeContext({
      platform: 'darwin',
      commands: {
        'softwareupdate --list': list,
        [`${prefs} AutomaticCheckEnabled`]: flags.check ?? `${dir}/defaults-1.txt`,
        [`${prefs} CriticalUpdateInstall`]: flags.critical ?? `${dir}/defaults-1.txt`,
        [`${prefs} AutomaticallyInstallMacOSUpdates`]: flags.macos ?? `${dir}/defaults-1.txt`,
      },
    });
  const none: FakeAnswer = {
    stdout: fixture(`${dir}/softwareupdate-none.txt`),
    stderr: fixture(`${dir}/softwareupdate-none.stderr.txt`),
  };

  it.each([
    ['up to date and automatic', mac(none), 'pass', 'No updates are waiting'],
    [
      'several updates',
      mac(`${dir}/softwareupdate-several.txt`),
      'fail',
      '3 updates are waiting to be installed: macOS Sonoma 14.7.1, Safari and Command Line Tools for Xcode.',
    ],
    [
      'one update',
      mac(`${dir}/softwareupdate-one.txt`),
      'fail',
      '1 update is waiting to be installed: macOS Sequoia 15.1.1.',
    ],
    [
      'the older list format',
      mac(`${dir}/softwareupdate-mojave.txt`),
      'fail',
      'Security Update 2019-004-10.13.6',
    ],
    [
      'macOS updates not automatic',
      mac(none, { macos: `${dir}/defaults-0.txt` }),
      'fail',
      'macOS updates are not installed automatically',
    ],
    [
      'checking turned off',
      mac(none, { check: `${dir}/defaults-0.txt` }),
      'fail',
      'Checking for updates automatically is turned off',
    ],
    [
      'security responses off',
      mac(none, { critical: `${dir}/defaults-0.txt` }),
      'fail',
      'Security responses',
    ],
    [
      'the setting never written',
      mac(none, { macos: missingKey, critical: missingKey }),
      'unknown',
      'Could not tell whether updates are installed automatically',
    ],
    [
      'softwareupdate timed out',
      mac({ code: null, timedOut: true }),
      'unknown',
      'Could not tell whether updates are waiting',
    ],
  ] as const)('%s', async (_, ctx, verdict, words) => {
    const result = await osUpdates(ctx);
    expect(result.verdict).toBe(verdict);
    expect(result.evidence).toContain(words);
  });

  it('asks softwareupdate with a long timeout', async () => {
    const ctx = mac(none);
    const run = vi.spyOn(ctx, 'run');
    await osUpdates(ctx);
    expect(run).toHaveBeenCalledWith('softwareupdate', ['--list'], { timeoutMs: 60_000 });
  });

  it('reads titles rather than labels', () => {
    const list = parseSoftwareUpdateList({
      ok: true,
      code: 0,
      stdout: fixture(`${dir}/softwareupdate-several.txt`),
      stderr: '',
      missing: false,
      timedOut: false,
    });
    expect(list).toEqual(['macOS Sonoma 14.7.1', 'Safari', 'Command Line Tools for Xcode']);
  });

  it('names at most three updates', () => {
    const titles = ['macOS Sonoma 14.7.1', 'Safari', 'Command Line Tools for Xcode', 'iTunes'];
    expect(macosPending(titles).sentence).toBe(
      '4 updates are waiting to be installed: macOS Sonoma 14.7.1, Safari, Command Line Tools for Xcode and others.',
    );
  });
});

describe('os-updates on Windows', () => {
  const dir = 'win32/os-updates';
  const windows = (answer: FakeAnswer) =>
    fakeContext({
      platform: 'win32',
      commands: { 'powershell -NoProfile -NonInteractive -Command': answer },
    });

  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    [
      'security updates waiting',
      `${dir}/security-pending.json`,
      'fail',
      '3 security updates are waiting to be installed.',
    ],
    ['up to date', `${dir}/up-to-date.json`, 'pass', 'installs updates automatically'],
    [
      'automatic updates off by policy',
      `${dir}/policy-off.json`,
      'fail',
      'turned off by a Windows policy',
    ],
    [
      'search failed, old hotfix',
      `${dir}/search-failed-old-hotfix.json`,
      'fail',
      'installed on 2024-06-11, more than 45 days ago',
    ],
    [
      'search failed, recent hotfix',
      `${dir}/search-failed-recent-hotfix.json`,
      'pass',
      'latest was installed on 2024-11-12',
    ],
    [
      'search failed on a German Windows, no date',
      `${dir}/search-failed-german-no-hotfix-date.json`,
      'unknown',
      'Could not tell',
    ],
    [
      'PowerShell in constrained language mode',
      failed(`${dir}/constrained-language.stderr.txt`),
      'unknown',
      'could not be asked',
    ],
    ['Windows Update too slow', { code: null, timedOut: true }, 'unknown', 'took too long'],
  ] as const)('%s', async (_, answer, verdict, words) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-11-25T10:00:00Z'));
    const result = await osUpdates(windows(answer));
    expect(result.verdict).toBe(verdict);
    expect(result.evidence).toContain(words);
  });

  it('holds no double quotes, which the Windows command line would have to escape', () => {
    expect(WINDOWS_UPDATES_SCRIPT).not.toContain('"');
  });

  it('gives the update search two minutes', async () => {
    const ctx = windows(`${dir}/up-to-date.json`);
    const run = vi.spyOn(ctx, 'run');
    await osUpdates(ctx);
    expect(run.mock.calls[0]?.[2]).toEqual({ timeoutMs: 120_000 });
  });
});
