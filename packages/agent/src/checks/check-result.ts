import type {
  AgentCheckId,
  AgentCheckResult,
  AgentVerdict,
} from '@castellan/contract/agent-checks';
import type { CommandResult } from '../context';

/** A result builder bound to one check's id. */
export function resultFor(id: AgentCheckId) {
  return (verdict: AgentVerdict, evidence: string, needsAdmin = false): AgentCheckResult =>
    needsAdmin ? { id, verdict, evidence, needsAdmin } : { id, verdict, evidence };
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
