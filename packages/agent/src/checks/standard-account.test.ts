import { ADMINISTRATORS_MEMBERS_SCRIPT } from '@castellan/contract/agent-scripts';
import { describe, expect, it } from 'vitest';
import { type CheckCase, testCheckCases } from '../../test/check-cases';
import { fixture, TIMED_OUT } from '../../test/fake-context';
import { parseWhoamiSids, standardAccount } from './standard-account';

const linux = (name: string) => `linux/standard-account/${name}`;
const mac = (name: string) => `darwin/standard-account/${name}`;
const win = (name: string) => `win32/standard-account/${name}`;
const WHOAMI = 'whoami /groups /fo csv';

const MEMBERS = `powershell -NoProfile -NonInteractive -Command ${ADMINISTRATORS_MEMBERS_SCRIPT}`;

const cases: CheckCase[] = [
  {
    name: 'installed for all users: the person is a member of Administrators',
    platform: 'win32',
    ownerSid: 'S-1-5-21-3623811015-3361044348-30300820-1001',
    commands: { [MEMBERS]: win('administrators-members.txt') },
    verdict: 'fail',
    evidence: ['Administrators group'],
  },
  {
    name: 'installed for all users: the person is not a member',
    platform: 'win32',
    ownerSid: 'S-1-5-21-3623811015-3361044348-30300820-1104',
    commands: { [MEMBERS]: win('administrators-members.txt') },
    verdict: 'pass',
    evidence: ['standard user', 'through another group is not seen'],
  },
  {
    name: 'installed for all users: the members cannot be listed',
    platform: 'win32',
    ownerSid: 'S-1-5-21-3623811015-3361044348-30300820-1104',
    commands: { [MEMBERS]: { code: 1, stderrFile: win('members-orphaned.stderr.txt') } },
    verdict: 'unknown',
    evidence: ['Failed to compare'],
  },
  {
    name: 'Ubuntu user in sudo',
    platform: 'linux',
    commands: { 'id -u': linux('uid-1000.id-u.txt'), 'id -Gn': linux('ubuntu-sudo.id-Gn.txt') },
    verdict: 'fail',
    evidence: ['administrators group (sudo)'],
  },
  {
    name: 'Fedora user in wheel',
    platform: 'linux',
    commands: { 'id -u': linux('uid-1000.id-u.txt'), 'id -Gn': linux('fedora-wheel.id-Gn.txt') },
    verdict: 'fail',
    evidence: ['(wheel)'],
  },
  {
    name: 'standard user',
    platform: 'linux',
    commands: { 'id -u': linux('uid-1000.id-u.txt'), 'id -Gn': linux('standard.id-Gn.txt') },
    verdict: 'pass',
    evidence: ['standard user', 'not in the sudo, wheel or admin group'],
    needsAdmin: true,
  },
  {
    name: 'a group without a name makes id exit 1 but still list groups',
    platform: 'linux',
    commands: {
      'id -u': linux('uid-1000.id-u.txt'),
      'id -Gn': {
        code: 1,
        stdoutFile: linux('unnamed-group.id-Gn.txt'),
        stderrFile: linux('unnamed-group.id-Gn.stderr.txt'),
      },
    },
    verdict: 'pass',
    evidence: ['standard user'],
    needsAdmin: true,
  },
  {
    name: 'root',
    platform: 'linux',
    commands: { 'id -u': linux('uid-0.id-u.txt'), 'id -Gn': linux('root.id-Gn.txt') },
    verdict: 'fail',
    evidence: ['root'],
  },
  {
    name: 'id missing',
    platform: 'linux',
    verdict: 'unknown',
    evidence: ['id is not available'],
  },
  {
    name: 'id -Gn times out',
    platform: 'linux',
    commands: { 'id -u': linux('uid-1000.id-u.txt'), 'id -Gn': TIMED_OUT },
    verdict: 'unknown',
    evidence: ['did not answer in time'],
  },
  {
    name: 'administrator',
    platform: 'darwin',
    commands: { 'id -u': mac('uid-501.id-u.txt'), 'id -Gn': mac('admin.id-Gn.txt') },
    verdict: 'fail',
    evidence: ['administrators group (admin)'],
  },
  {
    name: 'standard user',
    platform: 'darwin',
    commands: { 'id -u': mac('uid-501.id-u.txt'), 'id -Gn': mac('standard.id-Gn.txt') },
    verdict: 'pass',
    evidence: ['standard user', 'not in the admin group'],
  },
  {
    name: 'directory user whose group names have spaces',
    platform: 'darwin',
    commands: { 'id -u': mac('uid-501.id-u.txt'), 'id -Gn': mac('domain-user.id-Gn.txt') },
    verdict: 'pass',
    evidence: ['standard user'],
  },
  {
    name: 'id -Gn times out',
    platform: 'darwin',
    commands: { 'id -u': mac('uid-501.id-u.txt'), 'id -Gn': TIMED_OUT },
    verdict: 'unknown',
    evidence: ['id did not answer in time'],
  },
  {
    name: 'English administrator under UAC (deny only)',
    platform: 'win32',
    commands: { [WHOAMI]: win('en-admin-uac.txt') },
    verdict: 'fail',
    evidence: ['Administrators group', 'still an administrator'],
  },
  {
    name: 'English domain user',
    platform: 'win32',
    commands: { [WHOAMI]: win('en-domain-standard.txt') },
    verdict: 'pass',
    evidence: ['standard user'],
  },
  {
    name: 'German administrator (Administratoren)',
    platform: 'win32',
    commands: { [WHOAMI]: win('de-admin-uac.txt') },
    verdict: 'fail',
    evidence: ['Administrators group'],
  },
  {
    name: 'German standard user',
    platform: 'win32',
    commands: { [WHOAMI]: win('de-standard.txt') },
    verdict: 'pass',
    evidence: ['standard user'],
  },
  {
    name: 'French administrator, elevated (Administrateurs)',
    platform: 'win32',
    commands: { [WHOAMI]: win('fr-admin-elevated.txt') },
    verdict: 'fail',
    evidence: ['Administrators group'],
  },
  {
    name: 'French standard user',
    platform: 'win32',
    commands: { [WHOAMI]: win('fr-standard.txt') },
    verdict: 'pass',
    evidence: ['standard user'],
  },
  {
    name: 'whoami refused',
    platform: 'win32',
    commands: { [WHOAMI]: { code: 1, stderrFile: win('access-denied.stderr.txt') } },
    verdict: 'unknown',
    evidence: ['whoami failed: ERROR: Access is denied.'],
  },
  {
    name: 'whoami printed no groups',
    platform: 'win32',
    commands: { [WHOAMI]: { stdout: '\r\n' } },
    verdict: 'unknown',
    evidence: ['no groups'],
  },
];

describe('standardAccount', () => {
  testCheckCases('standard-account', standardAccount, cases);
});

describe('parseWhoamiSids', () => {
  it('reads the SIDs whatever the language of the names', () => {
    const sids = parseWhoamiSids(fixture(win('de-admin-uac.txt')));
    expect(sids).toContain('S-1-5-32-544');
    expect(sids).toContain('S-1-16-8192');
    expect(sids).toHaveLength(12);
  });
});
