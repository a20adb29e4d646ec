import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AgentPlatform, CurrentBrowsers } from '@castellan/contract/agent-checks';
import type { CheckContext, CommandResult } from '../src/context';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');

/** A recorded file's text, by its path under `test/fixtures`. */
export function fixture(path: string): string {
  return readFileSync(join(FIXTURES, path), 'utf8');
}

/**
 * One command's answer: a fixture path (its text is the stdout of a successful run) or the
 * parts of a CommandResult that differ from a successful run with empty output.
 */
export type FakeAnswer = string | Partial<CommandResult>;

export type FakeSetup = {
  platform: AgentPlatform;
  /**
   * Answers by command line, "file arg1 arg2". A key also answers any longer command line it
   * begins (so a long PowerShell script can be named by its first words); the longest key wins.
   */
  commands?: Record<string, FakeAnswer>;
  /** File paths on the computer → fixture path, or null for a file that cannot be read. */
  files?: Record<string, string | null>;
  currentBrowsers?: CurrentBrowsers;
  homedir?: string;
  /** The answer to commands not in `commands`: by default, the tool is not installed. */
  otherwise?: FakeAnswer;
};

const SUCCESS: CommandResult = {
  ok: true,
  code: 0,
  stdout: '',
  stderr: '',
  missing: false,
  timedOut: false,
};
const MISSING: CommandResult = { ...SUCCESS, ok: false, code: null, missing: true };

function toResult(answer: FakeAnswer): CommandResult {
  if (typeof answer === 'string') return { ...SUCCESS, stdout: fixture(answer) };
  const result = { ...SUCCESS, ...answer };
  if (answer.ok === undefined) result.ok = result.code === 0 && !result.missing && !result.timedOut;
  return result;
}

/** A CheckContext answering from recorded outputs; commands it does not know are "not installed". */
export function fakeContext(setup: FakeSetup): CheckContext {
  const commands = setup.commands ?? {};
  const files = setup.files ?? {};
  return {
    platform: setup.platform,
    env: {},
    homedir: setup.homedir ?? '/home/alex',
    currentBrowsers: setup.currentBrowsers ?? {},
    async run(file, args) {
      const line = [file, ...args].join(' ');
      const exact = commands[line];
      if (exact !== undefined) return toResult(exact);
      const prefix = Object.keys(commands)
        .filter((key) => line.startsWith(`${key} `))
        .sort((a, b) => b.length - a.length)[0];
      const answer = prefix === undefined ? undefined : commands[prefix];
      if (answer !== undefined) return toResult(answer);
      return setup.otherwise === undefined ? MISSING : toResult(setup.otherwise);
    },
    async readFile(path) {
      const recorded = files[path];
      return recorded == null ? null : fixture(recorded);
    },
  };
}

/** A run that failed with a recorded error message on stderr. */
export function failed(stderrFixture: string, code = 1): Partial<CommandResult> {
  return { code, stderr: fixture(stderrFixture) };
}
