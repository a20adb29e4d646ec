import { describe, expect, it } from 'vitest';
import { type CheckCase, testCheckCases } from '../../test/check-cases';
import { type FakeAnswer, fakeContext, fixture, TIMED_OUT } from '../../test/fake-context';
import {
  BITLOCKER_SCRIPT,
  type BlockDevice,
  diskEncryption,
  encryptionLayer,
  parseLsblkTree,
  rootDevice,
} from './disk-encryption';

const linux = (name: string) => `linux/disk-encryption/${name}`;
const mac = (name: string) => `darwin/disk-encryption/${name}`;
const win = (name: string) => `win32/disk-encryption/${name}`;

const FINDMNT = 'findmnt -n -o SOURCE /';
const ZFS_GET = 'zfs get -H -o value encryption rpool/ROOT/ubuntu_8k2j1x';
const lsblk = (device: string) => `lsblk -s -J -o NAME,TYPE ${device}`;

/** A Linux case: findmnt names the root device, lsblk describes it. */
function luksCase(
  name: string,
  fixtureName: string,
  device: string | null,
  expected: Pick<CheckCase, 'verdict' | 'evidence'>,
  lsblkAnswer: FakeAnswer = linux(`${fixtureName}.lsblk.json`),
): CheckCase {
  const commands: Record<string, FakeAnswer> = { [FINDMNT]: linux(`${fixtureName}.findmnt.txt`) };
  if (device) commands[lsblk(device)] = lsblkAnswer;
  return { name, platform: 'linux', commands, ...expected };
}

const bitLockerCommand = `powershell -NoProfile -NonInteractive -Command ${BITLOCKER_SCRIPT}`;
const bitLockerCase = (
  name: string,
  answer: FakeAnswer,
  expected: Pick<CheckCase, 'verdict' | 'evidence'>,
): CheckCase => ({
  name,
  platform: 'win32',
  commands: { [bitLockerCommand]: answer },
  env: { SystemDrive: 'C:' },
  ...expected,
});

const cases: CheckCase[] = [
  luksCase('Ubuntu LVM on LUKS', 'ubuntu-lvm-luks', '/dev/mapper/ubuntu--vg-ubuntu--lv', {
    verdict: 'pass',
    evidence: ['encrypted volume dm_crypt-0', 'LUKS'],
  }),
  luksCase(
    'Fedora btrfs subvolume on LUKS',
    'fedora-btrfs-luks',
    '/dev/mapper/luks-5e4b1c7a-2d3f-4e8a-9b1c-0f6d2e7a8c9d',
    { verdict: 'pass', evidence: ['encrypted'] },
  ),
  luksCase('plain ext4 partition', 'plain-ext4', '/dev/nvme0n1p2', {
    verdict: 'fail',
    evidence: ['not encrypted', '/dev/nvme0n1p2'],
  }),
  luksCase('LVM without encryption', 'rhel-lvm-plain', '/dev/mapper/rhel-root', {
    verdict: 'fail',
    evidence: ['not encrypted'],
  }),
  luksCase('btrfs subvolume without encryption', 'btrfs-plain', '/dev/nvme0n1p3', {
    verdict: 'fail',
    evidence: ['(/dev/nvme0n1p3) does not lie wholly on an encrypted volume'],
  }),
  {
    name: 'root on encrypted ZFS',
    platform: 'linux',
    commands: { [FINDMNT]: linux('zfs.findmnt.txt'), [ZFS_GET]: linux('zfs-encrypted.zfs.txt') },
    verdict: 'pass',
    evidence: ['ZFS encryption (aes-256-gcm) is on for rpool/ROOT/ubuntu_8k2j1x'],
  },
  {
    name: 'root on unencrypted ZFS',
    platform: 'linux',
    commands: { [FINDMNT]: linux('zfs.findmnt.txt'), [ZFS_GET]: linux('zfs-plain.zfs.txt') },
    verdict: 'fail',
    evidence: ['ZFS encryption is off'],
  },
  luksCase('root on ZFS without the zfs tool', 'zfs', null, {
    verdict: 'unknown',
    evidence: ['rpool/ROOT/ubuntu_8k2j1x', 'cannot inspect'],
  }),
  luksCase('inside a container', 'container-overlay', null, {
    verdict: 'unknown',
    evidence: ['overlay'],
  }),
  luksCase(
    'lsblk too old for JSON',
    'old-lsblk',
    '/dev/sda1',
    { verdict: 'unknown', evidence: ["lsblk failed: lsblk: invalid option -- 'J'"] },
    { code: 1, stderrFile: linux('old-lsblk.lsblk.stderr.txt') },
  ),
  luksCase(
    '/dev/root on a Raspberry Pi',
    'raspberry-pi',
    '/dev/root',
    { verdict: 'unknown', evidence: ['not a block device'] },
    { code: 32, stderrFile: linux('raspberry-pi.lsblk.stderr.txt') },
  ),
  luksCase(
    'lsblk answers garbage',
    'plain-ext4',
    '/dev/nvme0n1p2',
    { verdict: 'unknown', evidence: ['could not read'] },
    { stdout: '{"blockdevices": []}' },
  ),
  { name: 'findmnt missing', platform: 'linux', verdict: 'unknown', evidence: ['findmnt'] },
  {
    name: 'FileVault on',
    platform: 'darwin',
    commands: { 'fdesetup status': mac('on.txt') },
    verdict: 'pass',
    evidence: ['FileVault is on.'],
  },
  {
    name: 'FileVault off',
    platform: 'darwin',
    commands: { 'fdesetup status': mac('off.txt') },
    verdict: 'fail',
    evidence: ['FileVault is off'],
  },
  {
    name: 'FileVault encrypting',
    platform: 'darwin',
    commands: { 'fdesetup status': mac('encrypting.txt') },
    verdict: 'unknown',
    evidence: ['encrypting', '37% done'],
  },
  {
    name: 'FileVault decrypting',
    platform: 'darwin',
    commands: { 'fdesetup status': mac('decrypting.txt') },
    verdict: 'fail',
    evidence: ['being turned off', '61% done'],
  },
  {
    name: 'FileVault waiting for a restart',
    platform: 'darwin',
    commands: { 'fdesetup status': mac('deferred.txt') },
    verdict: 'unknown',
    evidence: ['next restart'],
  },
  {
    name: 'fdesetup times out',
    platform: 'darwin',
    commands: { 'fdesetup status': TIMED_OUT },
    verdict: 'unknown',
    evidence: ['did not answer in time'],
  },
  bitLockerCase('on', win('value-1.txt'), {
    verdict: 'pass',
    evidence: ['BitLocker is on for C:.'],
  }),
  bitLockerCase('off', win('value-2.txt'), {
    verdict: 'fail',
    evidence: ['BitLocker is off on C:'],
  }),
  bitLockerCase('encrypting', win('value-3.txt'), {
    verdict: 'unknown',
    evidence: ['encrypting C:'],
  }),
  bitLockerCase('decrypting', win('value-4.txt'), {
    verdict: 'fail',
    evidence: ['being decrypted'],
  }),
  bitLockerCase('suspended', win('value-5.txt'), {
    verdict: 'unknown',
    evidence: ['suspended', 'restart'],
  }),
  bitLockerCase('on and locked', win('value-6.txt'), {
    verdict: 'pass',
    evidence: ['BitLocker is on'],
  }),
  bitLockerCase('waiting for activation', win('value-8.txt'), {
    verdict: 'fail',
    evidence: ['waiting for activation', 'not protected'],
  }),
  bitLockerCase('no value (edition without BitLocker)', win('no-value.txt'), {
    verdict: 'unknown',
    evidence: ['did not say'],
  }),
  bitLockerCase(
    'PowerShell in constrained language mode',
    { code: 1, stderrFile: win('constrained-language.stderr.txt') },
    { verdict: 'unknown', evidence: ['PowerShell failed', 'Cannot create type'] },
  ),
  bitLockerCase(
    'PowerShell in constrained language mode, German',
    { code: 1, stderrFile: win('constrained-language-de.stderr.txt') },
    { verdict: 'unknown', evidence: ['PowerShell failed'] },
  ),
  bitLockerCase(
    'an unfamiliar value',
    { stdout: '0\r\n' },
    { verdict: 'unknown', evidence: ['does not know (0)'] },
  ),
];

describe('diskEncryption', () => {
  testCheckCases('disk-encryption', diskEncryption, cases);

  it('names the system drive Windows reports', async () => {
    const ctx = fakeContext({
      platform: 'win32',
      commands: { [bitLockerCommand]: win('value-2.txt') },
      env: { SystemDrive: 'D:' },
    });
    expect((await diskEncryption(ctx)).evidence).toContain('BitLocker is off on D:');
  });
});

describe('encryptionLayer', () => {
  const disk = (name: string): BlockDevice => ({ name, type: 'disk', children: [] });
  const part = (name: string, below: BlockDevice): BlockDevice => ({
    name,
    type: 'part',
    children: [below],
  });
  const crypt = (name: string, below: BlockDevice): BlockDevice => ({
    name,
    type: 'crypt',
    children: [below],
  });

  it('wants every path down to a disk encrypted', () => {
    const spanning: BlockDevice = {
      name: 'vg-root',
      type: 'lvm',
      children: [crypt('luks-1', part('sda2', disk('sda'))), part('sdb1', disk('sdb'))],
    };
    expect(encryptionLayer(spanning)).toBeNull();
    const both: BlockDevice = {
      ...spanning,
      children: [
        crypt('luks-1', part('sda2', disk('sda'))),
        crypt('luks-2', part('sdb1', disk('sdb'))),
      ],
    };
    expect(encryptionLayer(both)).toBe('luks-1');
  });

  it('reads lsblk output', () => {
    const tree = parseLsblkTree(fixture(linux('ubuntu-lvm-luks.lsblk.json')));
    expect(tree && encryptionLayer(tree)).toBe('dm_crypt-0');
  });
});

describe('rootDevice', () => {
  it('drops the btrfs subvolume and refuses what is not a device', () => {
    expect(rootDevice('/dev/mapper/luks-1[/@]\n')).toBe('/dev/mapper/luks-1');
    expect(rootDevice('/dev/sda2\n')).toBe('/dev/sda2');
    expect(rootDevice('tmpfs\n')).toBeNull();
    expect(rootDevice('')).toBeNull();
  });
});
