// The single executables `npm run agent:build` makes (scripts/build.mjs), read from their headers:
// each is the file format and processor its name says, and each macOS one carries an ad-hoc
// signature whose page hashes match the file (Apple-silicon Macs run no other code). A file the
// build could not make on this machine (no registry to fetch its runtime from, say) is skipped
// with the reason the build gave in dist/executables.json; a file missing for any other reason
// fails.
import { closeSync, existsSync, openSync, readFileSync, readSync } from 'node:fs';
import path from 'node:path';
import { AGENT_TARGET_FILES, type AgentBuildTarget } from '@castellan/contract/agent-targets';
import { describe, expect, it, type TestContext } from 'vitest';
import {
  type Architecture,
  type ExecutableFormat,
  readCodeSignature,
  readExecutableHeader,
} from '../test/executable-headers';

const dist = path.join(import.meta.dirname, '..', 'dist');

const EXPECTED: Record<Exclude<AgentBuildTarget, 'node'>, [ExecutableFormat, Architecture]> = {
  'linux-x64': ['ELF', 'x64'],
  'linux-arm64': ['ELF', 'arm64'],
  'darwin-arm64': ['Mach-O', 'arm64'],
  'darwin-x64': ['Mach-O', 'x64'],
  'win32-x64': ['PE', 'x64'],
  'win32-arm64': ['PE', 'arm64'],
};

interface BuildRecord {
  executables: Partial<
    Record<AgentBuildTarget, { file: string; notBuilt?: string; failed?: string }>
  >;
}

const recordFile = path.join(dist, 'executables.json');
const record: BuildRecord | null = existsSync(recordFile)
  ? JSON.parse(readFileSync(recordFile, 'utf8'))
  : null;

/** The built file's path; skips the test when the build said it could not make it. */
function builtFile(ctx: TestContext, target: AgentBuildTarget): string {
  const { fileName } = AGENT_TARGET_FILES[target];
  const file = path.join(dist, fileName);
  if (existsSync(file)) return file;
  const said = record?.executables[target];
  if (said?.notBuilt) ctx.skip(`the build could not make ${fileName} here: ${said.notBuilt}`);
  if (said?.failed) throw new Error(`the build failed to make ${fileName}: ${said.failed}`);
  throw new Error(
    record
      ? `dist/${fileName} is missing, and the build did not say it could not make it.`
      : 'packages/agent/dist holds no build: run `npm run agent:build` first.',
  );
}

/** The first bytes of a file: enough for any of the three headers. */
function head(file: string): Buffer {
  const buffer = Buffer.alloc(4096);
  const fd = openSync(file, 'r');
  try {
    return buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0));
  } finally {
    closeSync(fd);
  }
}

describe('the built single executables', () => {
  for (const [target, [format, arch]] of Object.entries(EXPECTED)) {
    const { fileName } = AGENT_TARGET_FILES[target as AgentBuildTarget];

    it(`${fileName} is a 64-bit ${format} executable for ${arch}`, (ctx) => {
      const file = builtFile(ctx, target as AgentBuildTarget);
      expect(readExecutableHeader(head(file))).toMatchObject({ format, arch, is64Bit: true });
    });

    if (format !== 'Mach-O') continue;
    it(`${fileName} carries an ad-hoc signature whose page hashes match the file`, (ctx) => {
      const bytes = readFileSync(builtFile(ctx, target as AgentBuildTarget));
      const signature = readCodeSignature(bytes);
      expect(signature).toMatchObject({ adHoc: true, hashType: 2, pageSize: 4096 });
      // Every byte before the signature is hashed, and nothing follows it.
      expect(signature.codeLimit).toBe(signature.signatureOffset);
      expect(signature.signatureOffset + signature.signatureSize).toBe(bytes.length);
      expect(signature.pages).toBe(Math.ceil(signature.codeLimit / 4096));
      expect(signature.badPages).toEqual([]);
      expect(signature.badSpecialSlots).toEqual([]);

      // The check sees a change: one byte of the code, in the page after the headers.
      const at = 4096 + 100;
      bytes[at] = (bytes[at] ?? 0) ^ 0xff;
      expect(readCodeSignature(bytes).badPages).toEqual([1]);
    });
  }
});

describe('readExecutableHeader', () => {
  it('reads the processor of an ELF file from e_machine', () => {
    const elf = Buffer.alloc(64);
    elf.write('\x7fELF', 0, 'latin1');
    elf[4] = 2; // ELFCLASS64
    elf[5] = 1; // little-endian
    elf.writeUInt16LE(0xb7, 18);
    expect(readExecutableHeader(elf)).toEqual({
      format: 'ELF',
      arch: 'arm64',
      machine: 0xb7,
      is64Bit: true,
    });
  });

  it('reads the processor of a Mach-O file from cputype', () => {
    const macho = Buffer.alloc(32);
    macho.writeUInt32LE(0xfeedfacf, 0);
    macho.writeUInt32LE(0x01000007, 4);
    expect(readExecutableHeader(macho)).toMatchObject({ format: 'Mach-O', arch: 'x64' });
    macho.writeUInt32LE(0xfeedface, 0);
    expect(readExecutableHeader(macho)).toMatchObject({ format: 'Mach-O', is64Bit: false });
  });

  it('reads the processor of a PE file from the COFF header, and PE32+ from the optional one', () => {
    const pe = Buffer.alloc(256);
    pe.write('MZ', 0, 'latin1');
    pe.writeUInt32LE(0x80, 0x3c);
    pe.write('PE\0\0', 0x80, 'latin1');
    pe.writeUInt16LE(0xaa64, 0x84);
    pe.writeUInt16LE(0x20b, 0x98);
    expect(readExecutableHeader(pe)).toEqual({
      format: 'PE',
      arch: 'arm64',
      machine: 0xaa64,
      is64Bit: true,
    });
    pe.writeUInt16LE(0x14c, 0x84); // i386
    pe.writeUInt16LE(0x10b, 0x98);
    expect(readExecutableHeader(pe)).toMatchObject({ arch: null, is64Bit: false });
  });

  it('refuses a file that is no executable', () => {
    expect(() => readExecutableHeader(Buffer.from('#!/usr/bin/env node\n'))).toThrow(
      'not an ELF, Mach-O or PE executable',
    );
  });
});
