import { ADMINISTRATORS_MEMBERS_SCRIPT } from '@castellan/contract/agent-scripts';
import type { CheckContext } from '../context';
import { byPlatform, describeFailure, type Finding, fail, pass, unknown } from './check-result';
import { runPowerShell } from './powershell';

/** Administrators (BUILTIN\Administrators), the same in every language. */
export const ADMINISTRATORS_SID = 'S-1-5-32-544';
const UNIX_ADMIN_GROUPS = ['sudo', 'wheel', 'admin'];

/** The signed-in user is not an administrator. */
export const standardAccount = byPlatform('standard-account', {
  linux: unixAccount,
  darwin: unixAccount,
  win32: windowsAccount,
});

async function unixAccount(ctx: CheckContext): Promise<Finding> {
  const uid = await ctx.run('id', ['-u']);
  if (!uid.ok) return unknown(describeFailure('id', uid));
  if (uid.stdout.trim() === '0') {
    return fail('This account is root, the all-powerful administrator account.');
  }
  const groups = await ctx.run('id', ['-Gn']);
  // id exits 1 but still lists the groups when one of them has no name.
  const names = groups.missing || groups.timedOut ? [] : parseGroupNames(groups.stdout);
  if (names.length === 0) return unknown(describeFailure('id', groups));
  const admin = UNIX_ADMIN_GROUPS.filter((g) => names.includes(g));
  if (admin.length > 0) {
    return fail(`This account is in the administrators group (${admin.join(', ')}).`);
  }
  if (ctx.platform === 'darwin') {
    return pass('This account is a standard user: it is not in the admin group.');
  }
  // Only root can read /etc/sudoers, which may grant rights to a user by name.
  return pass(
    'This account is a standard user: it is not in the sudo, wheel or admin group.',
    true,
  );
}

export function parseGroupNames(output: string): string[] {
  return output.split(/\s+/).filter((name) => name !== '');
}

async function windowsAccount(ctx: CheckContext): Promise<Finding> {
  if (ctx.ownerSid) return windowsOwnerAccount(ctx, ctx.ownerSid);
  const groups = await ctx.run('whoami', ['/groups', '/fo', 'csv']);
  if (!groups.ok) return unknown(describeFailure('whoami', groups));
  const sids = parseWhoamiSids(groups.stdout);
  if (sids.length === 0) return unknown('whoami listed no groups for this account.');
  if (sids.includes(ADMINISTRATORS_SID)) {
    return fail(
      'This account is in the Administrators group. Windows may ask before using those rights, but the account is still an administrator.',
    );
  }
  return pass('This account is a standard user: it is not in the Administrators group.');
}

/** The SIDs in `whoami /groups /fo csv` output, whatever the language of its names. */
export function parseWhoamiSids(output: string): string[] {
  return [...output.matchAll(/"(S-1-[0-9-]+)"/g)].map((m) => m[1] ?? '');
}

/**
 * Installed for all users, the agent runs as SYSTEM and judges the person's account by its SID:
 * whether it is a direct member of Administrators. (Membership through another group, such as a
 * domain group, is not seen: the verdict says so.)
 */
async function windowsOwnerAccount(ctx: CheckContext, sid: string): Promise<Finding> {
  const members = await runPowerShell(ctx, ADMINISTRATORS_MEMBERS_SCRIPT);
  if (!members.ok) return unknown(describeFailure('Get-LocalGroupMember', members));
  const sids = members.stdout
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => /^S-1-[0-9-]+$/.test(line));
  if (sids.includes(sid)) {
    return fail('This account is in the Administrators group.');
  }
  return pass(
    'This account is a standard user: it is not a member of the Administrators group (membership through another group is not seen).',
  );
}
