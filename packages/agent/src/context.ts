import type {
  AgentCheckResult,
  AgentPlatform,
  CurrentBrowsers,
} from '@castellan/contract/agent-checks';

/** What one run of a system tool gave. Never thrown: a check reads `missing` or `timedOut`. */
export type CommandResult = {
  /** Exit code 0. */
  ok: boolean;
  code: number | null;
  stdout: string;
  stderr: string;
  /** The tool is not installed (ENOENT). */
  missing: boolean;
  timedOut: boolean;
};

/** Runs a program with fixed arguments, no shell. */
export type RunCommand = (
  file: string,
  args: readonly string[],
  options?: { timeoutMs?: number },
) => Promise<CommandResult>;

/** Everything a check may read of the system; tests pass recorded outputs instead. */
export type CheckContext = {
  platform: AgentPlatform;
  run: RunCommand;
  /** A file's text, or null when it cannot be read. */
  readFile: (path: string) => Promise<string | null>;
  env: Readonly<Record<string, string | undefined>>;
  homedir: string;
  /**
   * Windows: the registry hive of the person judged, `HKCU` (the account running the checks), or
   * `HKU\<SID>` when an installation for all users runs as SYSTEM for that person.
   */
  userHive: string;
  /** Windows, run as SYSTEM for a person: their SID. */
  ownerSid?: string;
  /** The browsers' current versions, as the server last said. */
  currentBrowsers: CurrentBrowsers;
};

export type Check = (ctx: CheckContext) => Promise<AgentCheckResult>;
