import { describe, expect, it } from 'vitest';
import { type CheckCase, testCheckCases } from '../../test/check-cases';
import { type FakeAnswer, fixture, TOOL_MISSING } from '../../test/fake-context';
import { parseRegValues } from './reg-query';
import {
  DESKTOP_KEY,
  DESKTOP_POLICY_KEY,
  desktopOf,
  duration,
  INACTIVITY_KEY,
  parseIni,
  screenLock,
} from './screen-lock';

const linux = (name: string) => `linux/screen-lock/${name}`;
const mac = (name: string) => `darwin/screen-lock/${name}`;
const win = (name: string) => `win32/screen-lock/${name}`;

type Expected = Pick<CheckCase, 'verdict' | 'evidence' | 'needsAdmin'>;
const GNOME_ENV = { XDG_CURRENT_DESKTOP: 'ubuntu:GNOME' };
const KDE_ENV = { XDG_CURRENT_DESKTOP: 'KDE' };
const KSCREENLOCKERRC = '/home/sam/.config/kscreenlockerrc';
const DCONF_USER = '/home/sam/.config/dconf/user';

function gnomeCase(
  name: string,
  answers: { lock: FakeAnswer; idle?: FakeAnswer; delay?: FakeAnswer; lockdown?: FakeAnswer },
  expected: Expected,
  env: Record<string, string> = GNOME_ENV,
  files: Record<string, string> = {},
): CheckCase {
  const keys = {
    lock: 'org.gnome.desktop.screensaver lock-enabled',
    idle: 'org.gnome.desktop.session idle-delay',
    delay: 'org.gnome.desktop.screensaver lock-delay',
    lockdown: 'org.gnome.desktop.lockdown disable-lock-screen',
  } as const;
  const commands: Record<string, FakeAnswer> = {};
  for (const [answer, key] of Object.entries(keys) as [keyof typeof keys, string][]) {
    const given = answers[answer];
    if (given) commands[`gsettings get ${key}`] = given;
  }
  return { name, platform: 'linux', env, commands, files, ...expected };
}

function kdeCase(name: string, rc: string | null, expected: Expected): CheckCase {
  const files: Record<string, string> = rc ? { [KSCREENLOCKERRC]: linux(rc) } : {};
  return { name, platform: 'linux', env: KDE_ENV, files, ...expected };
}

const stderr = (file: string, code = 0): FakeAnswer => ({ code, stderrFile: file });

function macCase(
  name: string,
  answers: { sysadminctl: FakeAnswer; idleTime?: FakeAnswer; pmset?: FakeAnswer },
  expected: Expected,
): CheckCase {
  const commands: Record<string, FakeAnswer> = {
    'sysadminctl -screenLock status': answers.sysadminctl,
  };
  if (answers.idleTime) {
    commands['defaults -currentHost read com.apple.screensaver idleTime'] = answers.idleTime;
  }
  if (answers.pmset) commands['pmset -g'] = answers.pmset;
  return { name, platform: 'darwin', commands, ...expected };
}

const NOT_FOUND = stderr(win('not-found-en.stderr.txt'), 1);
function windowsCase(
  name: string,
  answers: { limit?: FakeAnswer; desktop?: FakeAnswer; policy?: FakeAnswer },
  expected: Expected,
): CheckCase {
  return {
    name,
    platform: 'win32',
    commands: {
      [`reg query ${INACTIVITY_KEY} /v InactivityTimeoutSecs`]: answers.limit ?? NOT_FOUND,
      [`reg query HKCU\\${DESKTOP_KEY}`]: answers.desktop ?? win('desktop-no-screensaver.txt'),
      [`reg query HKCU\\${DESKTOP_POLICY_KEY}`]: answers.policy ?? NOT_FOUND,
    },
    ...expected,
  };
}

const cases: CheckCase[] = [
  gnomeCase(
    'GNOME locking after 5 minutes',
    {
      lock: linux('lock-enabled-true.txt'),
      idle: linux('idle-delay-300.txt'),
      delay: linux('lock-delay-0.txt'),
    },
    { verdict: 'pass', evidence: ['locks after 5 minutes idle (GNOME)'] },
  ),
  gnomeCase(
    'GNOME with locking disabled by the lockdown setting',
    {
      lock: linux('lock-enabled-true.txt'),
      idle: linux('idle-delay-300.txt'),
      lockdown: linux('lockdown-true.txt'),
    },
    { verdict: 'fail', evidence: ['GNOME lockdown'] },
  ),
  gnomeCase(
    'GNOME with the automatic lock off',
    { lock: linux('lock-enabled-false.txt'), idle: linux('idle-delay-300.txt') },
    { verdict: 'fail', evidence: ["GNOME's automatic screen lock is off"] },
  ),
  gnomeCase(
    'GNOME whose screen never blanks',
    { lock: linux('lock-enabled-true.txt'), idle: linux('idle-delay-0.txt') },
    { verdict: 'fail', evidence: ['never goes blank'] },
  ),
  gnomeCase(
    'GNOME locking 30 minutes after a 15-minute blank',
    {
      lock: linux('lock-enabled-true.txt'),
      idle: linux('idle-delay-900.txt'),
      delay: linux('lock-delay-1800.txt'),
    },
    { verdict: 'fail', evidence: ['only after 45 minutes', 'within 15 minutes'] },
  ),
  gnomeCase(
    'gsettings without dconf answers defaults from memory',
    {
      lock: {
        stdoutFile: linux('lock-enabled-true.txt'),
        stderrFile: linux('memory-backend.stderr.txt'),
      },
      idle: linux('idle-delay-300.txt'),
    },
    { verdict: 'unknown', evidence: ['not stored'] },
  ),
  gnomeCase(
    'GNOME schemas not installed',
    { lock: stderr(linux('no-schema.stderr.txt'), 1) },
    { verdict: 'unknown', evidence: ['gsettings failed: No such schema'] },
  ),
  gnomeCase(
    'run on a schedule, outside the desktop: GNOME settings asked',
    {
      lock: linux('lock-enabled-true.txt'),
      idle: linux('idle-delay-300.txt'),
      delay: linux('lock-delay-0.txt'),
    },
    { verdict: 'pass', evidence: ['5 minutes'] },
    {},
    { [DCONF_USER]: linux('dconf-user.gvdb') },
  ),
  gnomeCase(
    'a server without a desktop, where gsettings answers the defaults',
    { lock: linux('lock-enabled-true.txt'), idle: linux('idle-delay-300.txt') },
    { verdict: 'unknown', evidence: ['No desktop was found'] },
    {},
  ),
  gnomeCase(
    'a French Xfce desktop without gsettings',
    { lock: TOOL_MISSING },
    { verdict: 'unknown', evidence: ['XFCE desktop'] },
    { XDG_CURRENT_DESKTOP: 'XFCE', LANG: 'fr_FR.UTF-8' },
  ),
  gnomeCase(
    'no desktop named and no gsettings',
    { lock: TOOL_MISSING },
    { verdict: 'unknown', evidence: ['No GNOME or KDE desktop settings'] },
    { LANG: 'fr_FR.UTF-8' },
    { [DCONF_USER]: linux('dconf-user.gvdb') },
  ),
  kdeCase('KDE with its defaults (no file)', null, {
    verdict: 'pass',
    evidence: ["5 minutes idle (KDE's default)"],
  }),
  kdeCase('KDE with the automatic lock off', 'kde-autolock-off.kscreenlockerrc', {
    verdict: 'fail',
    evidence: ["KDE's automatic screen lock is off"],
  }),
  kdeCase('KDE locking after 10 minutes', 'kde-timeout-10.kscreenlockerrc', {
    verdict: 'pass',
    evidence: ['10 minutes idle (KDE)'],
  }),
  kdeCase('KDE locking after 30 minutes', 'kde-timeout-30.kscreenlockerrc', {
    verdict: 'fail',
    evidence: ['only after 31 minutes'],
  }),
  {
    name: 'KDE found by its files when no desktop is named',
    platform: 'linux',
    files: { '/home/sam/.config/kdeglobals': linux('kde.kdeglobals') },
    verdict: 'pass',
    evidence: ["KDE's default"],
  },
  macCase(
    'password at once, screen saver after 5 minutes',
    {
      sysadminctl: stderr(mac('sysadminctl-immediate.stderr.txt')),
      idleTime: mac('idle-time-300.txt'),
      pmset: mac('pmset-display-10.txt'),
    },
    { verdict: 'pass', evidence: ['locks after 5 minutes idle'] },
  ),
  macCase(
    'password 5 minutes after display sleep at 10 minutes',
    {
      sysadminctl: stderr(mac('sysadminctl-300.stderr.txt')),
      idleTime: mac('idle-time-1200.txt'),
      pmset: mac('pmset-display-10.txt'),
    },
    { verdict: 'pass', evidence: ['locks after 15 minutes idle'] },
  ),
  macCase(
    'no password after the screen saver',
    { sysadminctl: stderr(mac('sysadminctl-off.stderr.txt')) },
    { verdict: 'fail', evidence: ['does not ask for a password'] },
  ),
  macCase(
    'screen saver and display sleep never',
    {
      sysadminctl: stderr(mac('sysadminctl-immediate.stderr.txt')),
      idleTime: mac('idle-time-0.txt'),
      pmset: mac('pmset-display-never.txt'),
    },
    { verdict: 'fail', evidence: ['never locks by itself'] },
  ),
  macCase(
    'no screen saver set and display sleep at 30 minutes',
    {
      sysadminctl: stderr(mac('sysadminctl-immediate.stderr.txt')),
      idleTime: stderr(mac('idle-time-absent.stderr.txt'), 1),
      pmset: mac('pmset-display-30.txt'),
    },
    { verdict: 'fail', evidence: ['only after 30 minutes'] },
  ),
  macCase(
    'no screen saver set and pmset failing',
    {
      sysadminctl: stderr(mac('sysadminctl-immediate.stderr.txt')),
      idleTime: stderr(mac('idle-time-absent.stderr.txt'), 1),
    },
    { verdict: 'unknown', evidence: ['Could not read'] },
  ),
  macCase(
    'sysadminctl missing (old macOS)',
    { sysadminctl: TOOL_MISSING },
    { verdict: 'unknown', evidence: ['sysadminctl is not available'] },
  ),
  windowsCase(
    'inactivity limit of 15 minutes (German Windows)',
    {
      limit: win('inactivity-900.txt'),
      policy: stderr(win('not-found-de.stderr.txt'), 1),
    },
    { verdict: 'pass', evidence: ['15 minutes idle (the inactivity limit)'] },
  ),
  windowsCase(
    'password-protected screen saver after 10 minutes',
    { desktop: win('desktop-secure-10min.txt') },
    { verdict: 'pass', evidence: ['10 minutes idle (password-protected screen saver)'] },
  ),
  windowsCase(
    'no screen saver and no limit (the default)',
    {},
    { verdict: 'fail', evidence: ['does not lock the screen by itself'] },
  ),
  windowsCase(
    'a screen saver without a password',
    { desktop: win('desktop-not-secure.txt') },
    {
      verdict: 'fail',
      evidence: ['starts after 5 minutes idle but does not ask for the password'],
    },
  ),
  windowsCase(
    'a password-protected screen saver after 30 minutes',
    { desktop: win('desktop-secure-30min.txt') },
    { verdict: 'fail', evidence: ['only after 30 minutes'] },
  ),
  windowsCase(
    'a policy screen saver overriding the user (French Windows)',
    {
      limit: stderr(win('not-found-fr.stderr.txt'), 1),
      desktop: win('desktop-not-secure.txt'),
      policy: win('policy-desktop-secure-15min.txt'),
    },
    { verdict: 'pass', evidence: ['15 minutes idle (password-protected screen saver)'] },
  ),
  windowsCase(
    'reg missing',
    { limit: TOOL_MISSING, desktop: TOOL_MISSING, policy: TOOL_MISSING },
    { verdict: 'unknown', evidence: ['reg is not available'] },
  ),
];

describe('screenLock', () => {
  testCheckCases('screen-lock', screenLock, cases);
});

describe('screen lock parsers', () => {
  it('names the desktop from the session', () => {
    expect(desktopOf({ XDG_CURRENT_DESKTOP: 'ubuntu:GNOME' })).toEqual({ kind: 'gnome' });
    expect(desktopOf({ XDG_SESSION_DESKTOP: 'KDE' })).toEqual({ kind: 'kde' });
    expect(desktopOf({ XDG_CURRENT_DESKTOP: 'X-Cinnamon' })).toEqual({
      kind: 'other',
      name: 'X-Cinnamon',
    });
    expect(desktopOf({})).toBeNull();
  });

  it('reads KDE groups whose names hold brackets', () => {
    const ini = parseIni(fixture(linux('kde-timeout-10.kscreenlockerrc')));
    expect(ini.Daemon).toEqual({ Timeout: '10' });
  });

  it('reads reg values and skips subkeys', () => {
    const values = parseRegValues(fixture(win('desktop-secure-10min.txt')));
    expect(values['SCRNSAVE.EXE']).toEqual({
      type: 'REG_SZ',
      data: 'C:\\Windows\\system32\\Mystify.scr',
    });
    expect(values['Pattern Upgrade']).toEqual({ type: 'REG_SZ', data: 'TRUE' });
    expect(Object.keys(values)).not.toContain('HKEY_CURRENT_USER\\Control Panel\\Desktop\\Colors');
  });

  it('says durations in plain words', () => {
    expect(duration(60)).toBe('1 minute');
    expect(duration(45)).toBe('45 seconds');
    expect(duration(900)).toBe('15 minutes');
  });
});
