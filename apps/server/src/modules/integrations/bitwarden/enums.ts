// Bitwarden sends its enums as integers (integrations-reference-2 §3.3, §3.4). A number Castellan
// does not know (a newer server's) reads as 'unknown' rather than failing the sync.
import type { BitwardenMemberRole, BitwardenMemberStatus } from '@castellan/contract';

const STATUSES: Readonly<Record<number, BitwardenMemberStatus>> = {
  [-1]: 'revoked',
  0: 'invited',
  1: 'accepted',
  2: 'confirmed',
  3: 'staged',
};

// 3 was Manager, removed from Bitwarden: an old server still sending it is read as unknown.
const ROLES: Readonly<Record<number, BitwardenMemberRole>> = {
  0: 'owner',
  1: 'admin',
  2: 'user',
  4: 'custom',
};

export const memberStatusOf = (n: number): BitwardenMemberStatus => STATUSES[n] ?? 'unknown';
export const memberRoleOf = (n: number): BitwardenMemberRole => ROLES[n] ?? 'unknown';

/** The policy types Castellan reads (PolicyType). */
export const POLICY_TYPE = { twoFactorAuthentication: 0, masterPassword: 1 } as const;
