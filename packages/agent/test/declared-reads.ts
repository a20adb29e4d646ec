// Matches what the agent runs and reads against what it declares (packages/contract's
// agent-reads.ts): the fake context refuses anything undeclared, and agent-reads.test.ts holds the
// declaration to what the checks run.
import type { AgentPlatform } from '@castellan/contract/agent-checks';
import {
  AGENT_READS,
  type AgentArgument,
  type AgentCommand,
  type AgentFileRead,
  type AgentReads,
  agentCommandLine,
} from '@castellan/contract/agent-reads';

function argumentMatches(declared: AgentArgument, given: string): boolean {
  if (typeof declared === 'string') return declared === given;
  return new RegExp(`^(?:${declared.pattern})$`).test(given);
}

/** The declared command that `program` with `args` is, if any. */
export function declaredCommand(
  commands: readonly AgentCommand[],
  program: string,
  args: readonly string[],
): AgentCommand | undefined {
  return commands.find(
    (command) =>
      command.program === program &&
      command.args.length === args.length &&
      command.args.every((arg, i) => argumentMatches(arg, args[i] ?? '')),
  );
}

/** The declared file that `path` is, `~/` standing for `homedir`. */
export function declaredFile(
  files: readonly AgentFileRead[],
  path: string,
  homedir: string,
): AgentFileRead | undefined {
  return files.find((file) => file.path.replace(/^~\//, `${homedir}/`) === path);
}

/** Everything the checks of a system may read, whichever check it is. */
export function checkReadsOf(platform: AgentPlatform): AgentReads {
  const groups = Object.values(AGENT_READS[platform].checks);
  return {
    commands: groups.flatMap((group) => group.commands),
    files: groups.flatMap((group) => group.files),
  };
}

export function undeclaredCommandError(
  platform: AgentPlatform,
  program: string,
  args: readonly string[],
): Error {
  const line = agentCommandLine({ program, args, why: '' });
  return new Error(
    `The agent ran \`${line}\` on ${platform}, which packages/contract/src/agent-reads.ts does not declare: add it there with why it is run.`,
  );
}

export function undeclaredFileError(platform: AgentPlatform, path: string): Error {
  return new Error(
    `The agent read ${path} on ${platform}, which packages/contract/src/agent-reads.ts does not declare: add it there with why it is read.`,
  );
}
