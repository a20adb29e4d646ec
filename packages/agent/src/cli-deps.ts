import type { AgentDeviceInfo } from '@castellan/contract';
import type { AgentCheckResult, CurrentBrowsers } from '@castellan/contract/agent-checks';
import type { ScheduleDeps } from './schedule';
import type { SelfFile } from './update';

/** Everything the CLI does to the world, injected so that tests drive it without the machine. */
export type CliDeps = {
  /**
   * Runs every check; `currentBrowsers` as the server last said. `owner`: an installation for all
   * users judges that person's account (see AgentConfig.system).
   */
  runChecks: (currentBrowsers: CurrentBrowsers, owner?: string) => Promise<AgentCheckResult[]>;
  fetch: typeof fetch;
  now: () => Date;
  /** Write text as it is (the CLI ends its lines). */
  out: (text: string) => void;
  err: (text: string) => void;
  /** The folder of the config file (see configHome). */
  configHome: string;
  /** The folder of an installation for all users, which `--system` chooses. */
  systemConfigHome: string;
  /** The running agent's file, which an update replaces; null when Node runs its script. */
  self: SelfFile;
  /** What a build answers to --version, or null when it does not run. */
  selfTest: (file: string) => Promise<string | null>;
  /** This computer as the server is told; `name` is the host name. */
  device: AgentDeviceInfo;
  /** Waits between the polls of `watch` (setTimeout when absent). */
  sleep?: (ms: number) => Promise<void>;
  /** What the scheduler needs besides the platform and the config folder. */
  schedule: Omit<ScheduleDeps, 'platform' | 'configHome' | 'system'>;
};
