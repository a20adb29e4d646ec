import {
  AGENT_CHECK_IDS,
  type AgentCheckId,
  type AgentCheckResult,
} from '@castellan/contract/agent-checks';
import { browserUpdates } from './checks/browser-updates';
import { diskEncryption } from './checks/disk-encryption';
import { firewall } from './checks/firewall';
import { malwareProtection } from './checks/malware-protection';
import { osUpdates } from './checks/os-updates';
import { screenLock } from './checks/screen-lock';
import { standardAccount } from './checks/standard-account';
import type { Check, CheckContext } from './context';
import { runCheck } from './system-context';

/** Each check id's check: a new id in the contract is a type error here until it has one. */
export const CHECKS: Record<AgentCheckId, Check> = {
  'disk-encryption': diskEncryption,
  firewall,
  'screen-lock': screenLock,
  'os-updates': osUpdates,
  'malware-protection': malwareProtection,
  'standard-account': standardAccount,
  'browser-updates': browserUpdates,
};

/**
 * Every check, at the same time (the slow ones, such as looking for updates, wait on their tools,
 * not on the processor), in the contract's order. A check that throws reports unknown.
 */
export function runChecks(ctx: CheckContext): Promise<AgentCheckResult[]> {
  return Promise.all(AGENT_CHECK_IDS.map((id) => runCheck(id, CHECKS[id], ctx)));
}
