import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AgentPlatform, CurrentBrowsers } from '@castellan/contract/agent-checks';
import type { CheckContext, CommandResult } from '../src/context';
import {
  checkReadsOf,
  declaredCommand,
  declaredFile,
  undeclaredCommandError,
  undeclaredFileError,
} from './declared-reads';

/** Where recorded outputs live: `<platform>/<check-id>/<case>.<tool>.txt`. */
export const FIXTURES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

/** A fixture file's text, by its path under the fixtures folder. */
export function fixture(name: string): string {
  return readFileSync(path.join(FIXTURES_DIR, name), 'utf8');
}

/**
 * How the fake answers one command: a fixture path (its text is the stdout of a run that
 * exited 0), or a partial result whose `stdoutFile` / `stderrFile` name fixtures. A result with
 * a non-zero `code` is not ok.
 */
export type FakeAnswer =
  | string
  | (Partial<CommandResult> & { stdoutFile?: string; stderrFile?: string });

export const TOOL_MISSING: FakeAnswer = { missing: true };

/** A run that exited 0 and printed nothing. */
export const SUCCEEDED: CommandResult = {
  ok: true,
  code: 0,
  stdout: '',
  stderr: '',
  missing: false,
  timedOut: false,
};
export const TIMED_OUT: FakeAnswer = { timedOut: true };

export type FakeContextOptions = {
  platform: AgentPlatform;
  /**
   * Keyed by the command line, program and arguments joined by single spaces. A key also answers
   * any longer command line it begins (a long PowerShell script named by its first words); the
   * longest key wins.
   */
  commands?: Record<string, FakeAnswer>;
  /** The answer to commands not in `commands`: by default, the tool is not installed. */
  otherwise?: FakeAnswer;
  /** Keyed by absolute path: a fixture path, or null for a file that cannot be read. */
  files?: Record<string, string | null>;
  env?: Record<string, string | undefined>;
  homedir?: string;
  /** Windows: judge this person's SID, as an installation for all users run as SYSTEM does. */
  ownerSid?: string;
  currentBrowsers?: CurrentBrowsers;
};

/**
 * A CheckContext answering from fixtures; a command it was not given is a missing tool. It records
 * the command lines run (`calls`) and the files read (`reads`), and throws on a command or file the
 * agent does not declare for the system (packages/contract/src/agent-reads.ts).
 */
export function fakeContext(
  options: FakeContextOptions,
): CheckContext & { calls: string[]; reads: string[] } {
  const calls: string[] = [];
  const reads: string[] = [];
  const { platform } = options;
  const declared = checkReadsOf(platform);
  const homedir = options.homedir ?? HOMES[platform];
  return {
    platform,
    calls,
    reads,
    run: async (file, args) => {
      if (!declaredCommand(declared.commands, file, args)) {
        throw undeclaredCommandError(platform, file, args);
      }
      const line = [file, ...args].join(' ');
      calls.push(line);
      return toResult(answerTo(line, options.commands ?? {}) ?? options.otherwise ?? TOOL_MISSING);
    },
    readFile: async (filePath) => {
      if (!declaredFile(declared.files, filePath, homedir)) {
        throw undeclaredFileError(platform, filePath);
      }
      reads.push(filePath);
      const name = options.files?.[filePath];
      return name ? fixture(name) : null;
    },
    env: options.env ?? {},
    homedir,
    userHive: options.ownerSid ? `HKU\\${options.ownerSid}` : 'HKCU',
    ...(options.ownerSid ? { ownerSid: options.ownerSid } : {}),
    currentBrowsers: options.currentBrowsers ?? {},
  };
}

function answerTo(line: string, commands: Record<string, FakeAnswer>): FakeAnswer | undefined {
  const exact = commands[line];
  if (exact !== undefined) return exact;
  const prefix = Object.keys(commands)
    .filter((key) => line.startsWith(`${key} `))
    .sort((a, b) => b.length - a.length)[0];
  return prefix === undefined ? undefined : commands[prefix];
}

/** A run that failed with a recorded error message on stderr. */
export const failed = (stderrFile: string, code = 1): FakeAnswer => ({ code, stderrFile });

const HOMES: Record<AgentPlatform, string> = {
  linux: '/home/sam',
  darwin: '/Users/sam',
  win32: 'C:\\Users\\sam',
};

function toResult(answer: FakeAnswer): CommandResult {
  if (typeof answer === 'string') return toResult({ stdoutFile: answer });
  const { stdoutFile, stderrFile, ...given } = answer;
  const code = given.code !== undefined ? given.code : given.missing || given.timedOut ? null : 0;
  return {
    ok: given.ok ?? code === 0,
    code,
    stdout: stdoutFile ? fixture(stdoutFile) : (given.stdout ?? ''),
    stderr: stderrFile ? fixture(stderrFile) : (given.stderr ?? ''),
    missing: given.missing ?? false,
    timedOut: given.timedOut ?? false,
  };
}
