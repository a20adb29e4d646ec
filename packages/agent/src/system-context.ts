import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import {
  AGENT_LIMITS,
  AGENT_PLATFORMS,
  type AgentCheckId,
  type AgentCheckResult,
  type AgentPlatform,
  type CurrentBrowsers,
} from '@castellan/contract/agent-checks';
import type { Check, CheckContext } from './context';
import { runCommand } from './run-command';

/** The context of the computer the agent runs on. Throws on a system the agent does not support. */
export function systemContext(currentBrowsers: CurrentBrowsers, ownerSid?: string): CheckContext {
  return {
    platform: agentPlatform(process.platform),
    run: runCommand,
    readFile: readTextFile,
    env: process.env,
    homedir: homedir(),
    userHive: ownerSid ? `HKU\\${ownerSid}` : 'HKCU',
    ...(ownerSid ? { ownerSid } : {}),
    currentBrowsers,
  };
}

export function agentPlatform(platform: string): AgentPlatform {
  const known = AGENT_PLATFORMS.find((p) => p === platform);
  if (!known) {
    throw new Error(`Castellan's agent runs on Linux, macOS and Windows, not on ${platform}.`);
  }
  return known;
}

async function readTextFile(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return null;
  }
}

/**
 * Runs one check and never throws: a check that fails is reported as `unknown` with the reason.
 * The id is passed in because a check that throws has not said which it is.
 */
export async function runCheck(
  id: AgentCheckId,
  check: Check,
  ctx: CheckContext,
): Promise<AgentCheckResult> {
  try {
    const result = await check(ctx);
    return { ...result, id, evidence: clipEvidence(result.evidence) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { id, verdict: 'unknown', evidence: clipEvidence(`The check failed: ${message}`) };
  }
}

export function clipEvidence(evidence: string): string {
  const max = AGENT_LIMITS.evidenceChars;
  return evidence.length <= max ? evidence : `${evidence.slice(0, max - 1)}…`;
}
