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

/** The system disk is encrypted: LUKS, FileVault or BitLocker. */
export const diskEncryption = byPlatform('disk-encryption', {
  linux: luks,
  darwin: fileVault,
  win32: bitLocker,
});

async function luks(ctx: CheckContext): Promise<Finding> {
  const mount = await ctx.run('findmnt', ['-n', '-o', 'SOURCE', '/']);
  if (!mount.ok) return unknown(describeFailure('findmnt', mount));
  const source = rootDevice(mount.stdout);
  if (!source) return notADisk(ctx, firstLine(mount.stdout));
  const tree = await ctx.run('lsblk', ['-s', '-J', '-o', 'NAME,TYPE', source]);
  if (!tree.ok) return unknown(describeFailure('lsblk', tree));
  const root = parseLsblkTree(tree.stdout);
  if (!root) return unknown('lsblk gave an answer this check could not read.');
  const crypt = encryptionLayer(root);
  if (crypt) {
    return pass(
      `The system disk is encrypted: the root file system is on the encrypted volume ${crypt} (LUKS).`,
    );
  }
  return fail(
    `The system disk is not encrypted: the root file system (${source}) does not lie wholly on an encrypted volume.`,
  );
}

/** A root that is not a disk device: a ZFS dataset (which may be encrypted itself), or else unknown. */
async function notADisk(ctx: CheckContext, source: string): Promise<Finding> {
  const cannot = unknown(
    `The root file system is on ${source || 'nothing'}, which this check cannot inspect.`,
  );
  if (!/^[\w.-]+\/[\w./:-]+$/.test(source)) return cannot;
  const zfs = await ctx.run('zfs', ['get', '-H', '-o', 'value', 'encryption', source]);
  const value = zfs.ok ? firstLine(zfs.stdout) : '';
  if (value === 'off') {
    return fail(`The system disk is not encrypted: ZFS encryption is off for ${source}.`);
  }
  if (/^aes-/.test(value)) {
    return pass(`The system disk is encrypted: ZFS encryption (${value}) is on for ${source}.`);
  }
  return cannot;
}

/** The device behind `findmnt -o SOURCE /`, without a btrfs subvolume suffix such as `[/@]`. */
export function rootDevice(findmntOutput: string): string | null {
  const source = firstLine(findmntOutput).replace(/\[.*\]$/, '');
  return source.startsWith('/dev/') ? source : null;
}

/** A block device and, under `lsblk -s`, the devices it is built on. */
export type BlockDevice = { name: string; type: string; children: BlockDevice[] };

/** The root volume in `lsblk -s -J` output, with all it is built on; null if unreadable. */
export function parseLsblkTree(json: string): BlockDevice | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  const roots = (parsed as { blockdevices?: unknown })?.blockdevices;
  return Array.isArray(roots) && roots.length === 1 ? toDevice(roots[0]) : null;
}

function toDevice(node: unknown): BlockDevice | null {
  const { name, type, children = [] } = (node ?? {}) as Record<string, unknown>;
  if (typeof name !== 'string' || typeof type !== 'string' || !Array.isArray(children)) return null;
  const parts = children.map(toDevice);
  if (parts.some((part) => part === null)) return null;
  return { name, type, children: parts as BlockDevice[] };
}

/**
 * The name of an encrypted layer when every path from the volume down to a disk passes through
 * one (an LVM group spanning an encrypted and a plain partition is not encrypted); else null.
 */
export function encryptionLayer(device: BlockDevice): string | null {
  if (device.type === 'crypt') return device.name;
  if (device.children.length === 0) return null;
  const below = device.children.map(encryptionLayer);
  return below.every((name) => name !== null) ? (below[0] ?? null) : null;
}

async function fileVault(ctx: CheckContext): Promise<Finding> {
  const status = await ctx.run('fdesetup', ['status']);
  if (!status.ok) return unknown(describeFailure('fdesetup', status));
  return parseFdesetupStatus(status.stdout);
}

export function parseFdesetupStatus(output: string): Finding {
  const percent = output.match(/Percent completed = ([\d.]+)/)?.[1];
  const done = percent ? ` (${Math.floor(Number(percent))}% done)` : '';
  if (/Encryption in progress/i.test(output)) {
    return unknown(
      `FileVault is encrypting the disk${done}; the check will pass once it has finished.`,
    );
  }
  if (/Decryption in progress/i.test(output)) {
    return fail(`FileVault is being turned off: the disk is being decrypted${done}.`);
  }
  if (/FileVault is Off, but will be enabled after the next restart/i.test(output)) {
    return unknown(
      'FileVault will be turned on at the next restart; until then the disk is not encrypted.',
    );
  }
  if (/^FileVault is On\./m.test(output)) return pass('FileVault is on.');
  if (/^FileVault is Off\./m.test(output)) {
    return fail('FileVault is off: the disk is not encrypted.');
  }
  return unknown(`fdesetup gave an unfamiliar answer: ${firstLine(output)}`);
}

/** Asks Explorer's property store, which answers without administrator rights in any language. */
export const BITLOCKER_SCRIPT =
  "(New-Object -ComObject Shell.Application).NameSpace($env:SystemDrive + '\\').Self.ExtendedProperty('System.Volume.BitLockerProtection')";

async function bitLocker(ctx: CheckContext): Promise<Finding> {
  const drive = ctx.env.SystemDrive ?? 'C:';
  const answer = await ctx.run('powershell', [
    '-NoProfile',
    '-NonInteractive',
    '-Command',
    BITLOCKER_SCRIPT,
  ]);
  if (!answer.ok) return unknown(describeFailure('PowerShell', answer));
  return bitLockerFinding(answer.stdout.trim(), drive);
}

/** The meaning of System.Volume.BitLockerProtection, as Explorer shows it on a drive's icon. */
export function bitLockerFinding(value: string, drive: string): Finding {
  switch (value) {
    case '1':
      return pass(`BitLocker is on for ${drive}.`);
    case '6':
      return pass(`BitLocker is on for ${drive} (the drive is locked).`);
    case '2':
      return fail(`BitLocker is off on ${drive}, so the disk is not encrypted.`);
    case '3':
      return unknown(`BitLocker is encrypting ${drive}; the check will pass once it has finished.`);
    case '4':
      return fail(`BitLocker is being turned off: ${drive} is being decrypted.`);
    case '5':
      // Windows suspends BitLocker for some updates and resumes it at the next restart.
      return unknown(
        `BitLocker is suspended on ${drive}. The disk is encrypted but not protected until BitLocker resumes, usually at the next restart.`,
      );
    case '8':
      return fail(
        `BitLocker is waiting for activation on ${drive}. The disk is encrypted, but its key is not protected yet.`,
      );
    case '':
      return unknown(
        `Windows did not say whether BitLocker protects ${drive}; this edition of Windows may not have BitLocker.`,
      );
    default:
      return unknown(
        `Windows reported a BitLocker state this check does not know (${firstLine(value)}) for ${drive}.`,
      );
  }
}
