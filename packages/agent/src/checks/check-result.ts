import type {
  AgentCheckId,
  AgentCheckResult,
  AgentPlatform,
  AgentVerdict,
} from '@castellan/contract/agent-checks';
import type { Check, CheckContext, CommandResult } from '../context';

/** A check's conclusion before its id is attached. */
export type Finding = Omit<AgentCheckResult, 'id'>;

function finding(verdict: AgentVerdict, evidence: string, needsAdmin: boolean): Finding {
  return needsAdmin ? { verdict, evidence, needsAdmin } : { verdict, evidence };
}
export const pass = (evidence: string, needsAdmin = false) => finding('pass', evidence, needsAdmin);
export const fail = (evidence: string, needsAdmin = false) => finding('fail', evidence, needsAdmin);
export const unknown = (evidence: string, needsAdmin = false) =>
  finding('unknown', evidence, needsAdmin);

/** A Check that runs the way of finding out that belongs to the computer's system. */
export function byPlatform(
  id: AgentCheckId,
  ways: Record<AgentPlatform, (ctx: CheckContext) => Promise<Finding>>,
): Check {
  return async (ctx) => ({ id, ...(await ways[ctx.platform](ctx)) });
}

/** Why a tool gave no usable answer, in one plain sentence. */
export function describeFailure(tool: string, result: CommandResult): string {
  if (result.missing) return `${tool} is not available on this computer.`;
  if (result.timedOut) return `${tool} did not answer in time.`;
  const message = firstLine(result.stderr) || firstLine(result.stdout);
  return message ? `${tool} failed: ${message}` : `${tool} failed (exit code ${result.code}).`;
}

export function firstLine(text: string): string {
  return (
    text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .find((line) => line !== '') ?? ''
  );
}
