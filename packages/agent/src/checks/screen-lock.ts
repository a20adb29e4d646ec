import type { CheckContext } from '../context';
import {
  byPlatform,
  describeFailure,
  type Finding,
  fail,
  firstLine,
  pass,
  unknown,
} from './check-result';
import { parseRegValues, type RegValue, regNumber } from './reg-query';

/** The screen locks by itself after at most 15 minutes idle. */
export const screenLock = byPlatform('screen-lock', {
  linux: linuxScreenLock,
  darwin: macScreenLock,
  win32: windowsScreenLock,
});

export const MAX_IDLE_SECONDS = 15 * 60;

/** The verdict for a lock after `seconds` idle, `how` saying where that came from. */
function lockAfter(seconds: number, how: string): Finding {
  if (seconds <= MAX_IDLE_SECONDS) {
    return pass(`The screen locks after ${duration(seconds)} idle ${how}.`);
  }
  return fail(
    `The screen locks only after ${duration(seconds)} idle ${how}; it should lock within 15 minutes.`,
  );
}

export function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.round(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

// Linux: GNOME (and desktops built on its settings) or KDE Plasma.

type Desktop = { kind: 'gnome' | 'kde' } | { kind: 'other'; name: string } | null;

/** The desktop the session names; null when the agent runs outside one (e.g. on a schedule). */
export function desktopOf(env: CheckContext['env']): Desktop {
  const named = env.XDG_CURRENT_DESKTOP || env.XDG_SESSION_DESKTOP || env.DESKTOP_SESSION;
  if (!named) return null;
  const parts = named.toLowerCase().split(':');
  if (parts.some((p) => p === 'kde' || p.startsWith('plasma'))) return { kind: 'kde' };
  if (parts.some((p) => ['gnome', 'unity', 'ubuntu', 'pop', 'budgie'].includes(p))) {
    return { kind: 'gnome' };
  }
  return { kind: 'other', name: named };
}

async function linuxScreenLock(ctx: CheckContext): Promise<Finding> {
  const desktop = desktopOf(ctx.env);
  const kdeConfig = await ctx.readFile(`${ctx.homedir}/.config/kscreenlockerrc`);
  if (desktop?.kind === 'kde') return kdeLock(kdeConfig);
  if (desktop?.kind === 'gnome') return gnomeLock(ctx);
  if (desktop?.kind === 'other') {
    return unknown(
      `This check cannot read the screen lock settings of the ${desktop.name} desktop.`,
    );
  }
  // No desktop named (e.g. a scheduled run): the desktops' files in the home folder tell.
  if (kdeConfig !== null || (await ctx.readFile(`${ctx.homedir}/.config/kdeglobals`)) !== null) {
    return kdeLock(kdeConfig);
  }
  // gsettings answers GNOME's defaults even on a server without a desktop; a GNOME user has
  // their own settings database.
  if ((await ctx.readFile(`${ctx.homedir}/.config/dconf/user`)) === null) {
    return unknown(
      'No desktop was found for this account, so this check cannot tell how its screen locks.',
    );
  }
  return gnomeLock(ctx);
}

async function gnomeLock(ctx: CheckContext): Promise<Finding> {
  const get = (schema: string, key: string) => ctx.run('gsettings', ['get', schema, key]);
  const lock = await get('org.gnome.desktop.screensaver', 'lock-enabled');
  if (lock.missing) {
    return unknown('No GNOME or KDE desktop settings were found; this check reads only theirs.');
  }
  // Without dconf, gsettings answers its built-in defaults, not the user's settings.
  if (/memory' GSettings backend/.test(lock.stderr)) {
    return unknown(
      "GNOME's settings are not stored on this computer, so the screen lock cannot be told.",
    );
  }
  if (!lock.ok) return unknown(describeFailure('gsettings', lock));
  const lockEnabled = firstLine(lock.stdout);
  const idle = await get('org.gnome.desktop.session', 'idle-delay');
  const idleDelay = idle.ok ? gnomeSeconds(firstLine(idle.stdout)) : null;
  const delay = await get('org.gnome.desktop.screensaver', 'lock-delay');
  const lockDelay = delay.ok ? gnomeSeconds(firstLine(delay.stdout)) : null;
  if (lockEnabled === 'false') {
    return fail("The screen does not lock by itself: GNOME's automatic screen lock is off.");
  }
  const lockdown = await get('org.gnome.desktop.lockdown', 'disable-lock-screen');
  if (lockdown.ok && firstLine(lockdown.stdout) === 'true') {
    return fail('Locking the screen is turned off on this computer (GNOME lockdown setting).');
  }
  if (lockEnabled !== 'true' || idleDelay === null) {
    return unknown("GNOME's screen lock settings could not be read.");
  }
  if (idleDelay === 0) {
    return fail('The screen never goes blank when idle, so GNOME never locks it by itself.');
  }
  return lockAfter(idleDelay + (lockDelay ?? 0), '(GNOME)');
}

/** `uint32 300` → 300. */
export function gnomeSeconds(value: string): number | null {
  const digits = value.match(/^(?:uint32\s+)?(\d+)$/)?.[1];
  return digits === undefined ? null : Number(digits);
}

const KDE_DEFAULTS = { autolock: true, timeoutMinutes: 5, graceSeconds: 5 };

function kdeLock(config: string | null): Finding {
  const daemon = config === null ? {} : (parseIni(config).Daemon ?? {});
  const autolock =
    daemon.Autolock === undefined ? KDE_DEFAULTS.autolock : daemon.Autolock === 'true';
  const timeout =
    daemon.Timeout === undefined ? KDE_DEFAULTS.timeoutMinutes : Number(daemon.Timeout);
  const grace =
    daemon.LockGrace === undefined ? KDE_DEFAULTS.graceSeconds : Number(daemon.LockGrace);
  if (!autolock) {
    return fail("The screen does not lock by itself: KDE's automatic screen lock is off.");
  }
  if (!Number.isFinite(timeout) || !Number.isFinite(grace)) {
    return unknown("KDE's screen lock settings could not be read.");
  }
  if (timeout <= 0) return fail('KDE is set never to lock the screen by itself.');
  return lockAfter(timeout * 60 + grace, config === null ? "(KDE's default)" : '(KDE)');
}

/** Groups of `key=value` lines; KDE's `[$i]`-style markers after a key are dropped. */
export function parseIni(text: string): Record<string, Record<string, string>> {
  const groups: Record<string, Record<string, string>> = {};
  let group: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const header = line.match(/^\[(.+)\]$/);
    if (header?.[1]) {
      group = groups[header[1]] ??= {};
      continue;
    }
    const pair = line.match(/^([^=#;[]+?)(?:\[[^\]]*\])?\s*=\s*(.*)$/);
    if (pair?.[1]) group[pair[1]] = pair[2] ?? '';
  }
  return groups;
}

// macOS: the password delay, and the sooner of the screen saver and display sleep.

async function macScreenLock(ctx: CheckContext): Promise<Finding> {
  const status = await ctx.run('sysadminctl', ['-screenLock', 'status']);
  if (status.missing || status.timedOut) return unknown(describeFailure('sysadminctl', status));
  // sysadminctl writes its answer to stderr.
  const delay = parseScreenLockDelay(`${status.stderr}\n${status.stdout}`);
  if (delay === 'off') {
    return fail(
      'The Mac does not ask for a password when the screen saver starts or the display sleeps.',
    );
  }
  if (delay === null) return unknown(describeFailure('sysadminctl', { ...status, ok: false }));

  const saver = await ctx.run('defaults', [
    '-currentHost',
    'read',
    'com.apple.screensaver',
    'idleTime',
  ]);
  const saverSeconds = saver.ok ? Number(firstLine(saver.stdout)) : null;
  const power = await ctx.run('pmset', ['-g']);
  const sleepMinutes = power.ok ? parseDisplaySleep(power.stdout) : null;
  const idle = [saverSeconds, sleepMinutes === null ? null : sleepMinutes * 60].filter(
    (s): s is number => s !== null && Number.isFinite(s),
  );
  if (idle.length === 0) {
    return unknown('Could not read when the screen saver starts or the display sleeps.');
  }
  const soonest = Math.min(...idle.filter((s) => s > 0));
  if (!Number.isFinite(soonest)) {
    return fail(
      'The screen saver and display sleep are set to never, so the screen never locks by itself.',
    );
  }
  return lockAfter(soonest + delay, '(macOS)');
}

/** Seconds between the screen saver or display sleep and the password; 'off'; null if unread. */
export function parseScreenLockDelay(output: string): number | 'off' | null {
  if (/screenLock is off/i.test(output)) return 'off';
  if (/screenLock delay is immediate/i.test(output)) return 0;
  const seconds = output.match(/screenLock delay is (\d+) seconds?/i)?.[1];
  return seconds === undefined ? null : Number(seconds);
}

/** `displaysleep` in `pmset -g`, in minutes (0 is never). */
export function parseDisplaySleep(output: string): number | null {
  const minutes = output.match(/^\s*displaysleep\s+(\d+)/m)?.[1];
  return minutes === undefined ? null : Number(minutes);
}

// Windows: the machine inactivity limit, or a password-protected screen saver.

export const INACTIVITY_KEY =
  'HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Policies\\System';
/** Keys of the person's own registry, under `ctx.userHive`. */
export const DESKTOP_KEY = 'Control Panel\\Desktop';
export const DESKTOP_POLICY_KEY = 'Software\\Policies\\Microsoft\\Windows\\Control Panel\\Desktop';

async function windowsScreenLock(ctx: CheckContext): Promise<Finding> {
  const limit = await ctx.run('reg', ['query', INACTIVITY_KEY, '/v', 'InactivityTimeoutSecs']);
  const limitSeconds = limit.ok
    ? regNumber(parseRegValues(limit.stdout).InactivityTimeoutSecs)
    : null;
  const user = await ctx.run('reg', ['query', `${ctx.userHive}\\${DESKTOP_KEY}`]);
  const policy = await ctx.run('reg', ['query', `${ctx.userHive}\\${DESKTOP_POLICY_KEY}`]);
  const saver = screenSaverOf({
    ...(user.ok ? parseRegValues(user.stdout) : {}),
    // A policy overrides the user's own choice.
    ...(policy.ok ? parseRegValues(policy.stdout) : {}),
  });

  const locks = [
    limitSeconds ? { seconds: limitSeconds, how: '(the inactivity limit)' } : null,
    saver?.secure ? { seconds: saver.seconds, how: '(password-protected screen saver)' } : null,
  ].filter((lock) => lock !== null);
  const soonest = locks.sort((a, b) => a.seconds - b.seconds)[0];
  if (soonest) return lockAfter(soonest.seconds, soonest.how);
  if (!user.ok && !limit.ok) return unknown(describeFailure('reg', user));
  if (saver) {
    return fail(
      `A screen saver starts after ${duration(saver.seconds)} idle but does not ask for the password, and no inactivity limit is set, so Windows does not lock the screen by itself.`,
    );
  }
  return fail(
    'Windows does not lock the screen by itself: no inactivity limit is set and no password-protected screen saver is on.',
  );
}

/** The screen saver when one is chosen and on, with its timeout and whether it asks for the password. */
export function screenSaverOf(
  values: Record<string, RegValue>,
): { seconds: number; secure: boolean } | null {
  const active = values.ScreenSaveActive?.data.trim() === '1';
  const chosen = (values['SCRNSAVE.EXE']?.data.trim() ?? '') !== '';
  const seconds = regNumber(values.ScreenSaveTimeOut);
  if (!active || !chosen || !seconds) return null;
  return { seconds, secure: values.ScreenSaverIsSecure?.data.trim() === '1' };
}
