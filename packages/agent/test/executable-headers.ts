// Reads what an executable is from its headers: ELF (Linux), Mach-O (macOS) or PE (Windows), and
// the processor it is for; and checks a Mach-O file's code signature the way macOS checks its
// pages (the code directory's hash of every page of the file before the signature). Written from
// the formats' specifications: the ELF header, Apple's <mach-o/loader.h> and <kern/cs_blobs.h>,
// and Microsoft's PE format page.
import { createHash } from 'node:crypto';

export type ExecutableFormat = 'ELF' | 'Mach-O' | 'PE';
export type Architecture = 'x64' | 'arm64';

export interface ExecutableHeader {
  format: ExecutableFormat;
  /** null for a processor other than x86-64 and 64-bit Arm; `machine` says which. */
  arch: Architecture | null;
  /** The header's own number for the processor (e_machine, cputype or Machine). */
  machine: number;
  /** A 64-bit file: ELFCLASS64, MH_MAGIC_64, or PE32+. */
  is64Bit: boolean;
}

const ELF_MACHINES: Record<number, Architecture> = { 62: 'x64', 183: 'arm64' };
const MACHO_CPU_TYPES: Record<number, Architecture> = { 16777223: 'x64', 16777228: 'arm64' };
const PE_MACHINES: Record<number, Architecture> = { 34404: 'x64', 43620: 'arm64' };

/** 64-bit little-endian Mach-O (MH_MAGIC_64 as it reads from the file). */
const MH_MAGIC_64 = 0xfeedfacf;
const MH_MAGIC_32 = 0xfeedface;
const FAT_MAGIC = 0xcafebabe;

/** What the file is, from its first bytes; throws for anything that is none of the three. */
export function readExecutableHeader(file: Buffer): ExecutableHeader {
  if (file.length >= 20 && file.readUInt32BE(0) === 0x7f454c46) {
    // e_ident: EI_CLASS (1 = 32-bit, 2 = 64-bit), EI_DATA (1 = little-endian); then e_type, e_machine.
    const littleEndian = file[5] === 1;
    const machine = littleEndian ? file.readUInt16LE(18) : file.readUInt16BE(18);
    return { format: 'ELF', arch: ELF_MACHINES[machine] ?? null, machine, is64Bit: file[4] === 2 };
  }
  if (file.length >= 8) {
    const magic = file.readUInt32LE(0);
    if (magic === MH_MAGIC_64 || magic === MH_MAGIC_32) {
      const machine = file.readUInt32LE(4);
      const arch = MACHO_CPU_TYPES[machine] ?? null;
      return { format: 'Mach-O', arch, machine, is64Bit: magic === MH_MAGIC_64 };
    }
    if (file.readUInt32BE(0) === FAT_MAGIC) {
      throw new Error('a universal (fat) Mach-O file: expected one architecture');
    }
  }
  if (file.length >= 64 && file.toString('latin1', 0, 2) === 'MZ') {
    // The DOS header's e_lfanew points at "PE\0\0", then the COFF header (Machine first), then
    // the optional header, whose magic says PE32 (0x10b) or PE32+ (0x20b).
    const pe = file.readUInt32LE(0x3c);
    if (pe + 26 <= file.length && file.readUInt32BE(pe) === 0x50450000) {
      const machine = file.readUInt16LE(pe + 4);
      const optionalMagic = file.readUInt16LE(pe + 24);
      return {
        format: 'PE',
        arch: PE_MACHINES[machine] ?? null,
        machine,
        is64Bit: optionalMagic === 0x20b,
      };
    }
  }
  throw new Error('not an ELF, Mach-O or PE executable');
}

export interface CodeSignature {
  /** The code directory's identifier (the name the signer gave the code). */
  identifier: string;
  /** CS_ADHOC: signed with no certificate, which macOS accepts for code built on this Mac. */
  adHoc: boolean;
  flags: number;
  /** 2 for SHA-256. */
  hashType: number;
  pageSize: number;
  /** Bytes the page hashes cover, from the start of the file. */
  codeLimit: number;
  /** Where the signature starts in the file (LC_CODE_SIGNATURE's dataoff), and its size. */
  signatureOffset: number;
  signatureSize: number;
  pages: number;
  /** Pages whose hash in the code directory differs from the hash of the file's bytes. */
  badPages: number[];
  /** Special slots (-1 Info.plist, -2 requirements, -5 entitlements, …) that name a blob of the
   *  signature whose hash differs. */
  badSpecialSlots: number[];
  /** The blob types the signature's SuperBlob holds (0 code directory, 2 requirements, …). */
  blobTypes: number[];
}

const LC_CODE_SIGNATURE = 0x1d;
const CSMAGIC_EMBEDDED_SIGNATURE = 0xfade0cc0;
const CSMAGIC_CODEDIRECTORY = 0xfade0c02;
const CSSLOT_CODEDIRECTORY = 0;
const CS_ADHOC = 0x2;
const CS_HASHTYPE_SHA256 = 2;

/**
 * The code signature of a 64-bit Mach-O file, with every page hash checked against the file.
 * Throws when the file has no signature or its structure is wrong. The signature's blobs are
 * big-endian, unlike the Mach-O headers around them.
 */
export function readCodeSignature(file: Buffer): CodeSignature {
  if (file.readUInt32LE(0) !== MH_MAGIC_64) throw new Error('not a 64-bit Mach-O file');
  const commands = file.readUInt32LE(16);
  let at = 32; // after mach_header_64
  let signature: { offset: number; size: number } | undefined;
  for (let i = 0; i < commands; i++) {
    const cmd = file.readUInt32LE(at);
    const cmdSize = file.readUInt32LE(at + 4);
    if (cmd === LC_CODE_SIGNATURE) {
      // linkedit_data_command: cmd, cmdsize, dataoff, datasize
      signature = { offset: file.readUInt32LE(at + 8), size: file.readUInt32LE(at + 12) };
    }
    if (cmdSize < 8) throw new Error(`load command ${i} has size ${cmdSize}`);
    at += cmdSize;
  }
  if (!signature) throw new Error('no LC_CODE_SIGNATURE: the file is not signed');
  if (signature.offset + signature.size > file.length) {
    throw new Error('the code signature runs past the end of the file');
  }

  const superBlob = file.subarray(signature.offset, signature.offset + signature.size);
  if (superBlob.readUInt32BE(0) !== CSMAGIC_EMBEDDED_SIGNATURE) {
    throw new Error('the code signature is not an embedded-signature SuperBlob');
  }
  const count = superBlob.readUInt32BE(8);
  const blobs = new Map<number, Buffer>();
  for (let i = 0; i < count; i++) {
    const type = superBlob.readUInt32BE(12 + i * 8);
    const offset = superBlob.readUInt32BE(16 + i * 8);
    const length = superBlob.readUInt32BE(offset + 4); // every blob: magic, then its length
    blobs.set(type, superBlob.subarray(offset, offset + length));
  }
  const directory = blobs.get(CSSLOT_CODEDIRECTORY);
  if (!directory || directory.readUInt32BE(0) !== CSMAGIC_CODEDIRECTORY) {
    throw new Error('the code signature has no code directory');
  }

  // CS_CodeDirectory: magic, length, version, flags, hashOffset, identOffset, nSpecialSlots,
  // nCodeSlots, codeLimit, then the bytes hashSize, hashType, platform and log2(pageSize).
  const flags = directory.readUInt32BE(12);
  const hashOffset = directory.readUInt32BE(16);
  const identOffset = directory.readUInt32BE(20);
  const specialSlots = directory.readUInt32BE(24);
  const codeSlots = directory.readUInt32BE(28);
  const codeLimit = directory.readUInt32BE(32);
  const hashSize = directory[36] ?? 0;
  const hashType = directory[37] ?? 0;
  const pageSize = 2 ** (directory[39] ?? 0);
  if (hashType !== CS_HASHTYPE_SHA256 || hashSize !== 32) {
    throw new Error(
      `the code directory hashes with type ${hashType} (${hashSize} bytes), not SHA-256`,
    );
  }
  const end = directory.indexOf(0, identOffset);
  const identifier = directory.toString('utf8', identOffset, end);
  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest();

  const badPages: number[] = [];
  for (let page = 0; page < codeSlots; page++) {
    const start = page * pageSize;
    const actual = sha256(file.subarray(start, Math.min(start + pageSize, codeLimit)));
    const slot = hashOffset + page * hashSize;
    if (!actual.equals(directory.subarray(slot, slot + hashSize))) badPages.push(page);
  }
  // Special slot n (counted down from the code slots) holds the hash of the blob of type n.
  const badSpecialSlots: number[] = [];
  for (let slot = 1; slot <= specialSlots; slot++) {
    const blob = blobs.get(slot);
    if (!blob) continue;
    const at = hashOffset - slot * hashSize;
    if (!sha256(blob).equals(directory.subarray(at, at + hashSize))) badSpecialSlots.push(-slot);
  }

  return {
    identifier,
    adHoc: (flags & CS_ADHOC) !== 0,
    flags,
    hashType,
    pageSize,
    codeLimit,
    signatureOffset: signature.offset,
    signatureSize: signature.size,
    pages: codeSlots,
    badPages,
    badSpecialSlots,
    blobTypes: [...blobs.keys()],
  };
}
