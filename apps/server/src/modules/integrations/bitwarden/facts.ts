import type { BitwardenMember } from '@castellan/contract';
import type { BitwardenApiMember, BitwardenApiPolicy } from './bitwarden-api';
import { POLICY_TYPE } from './enums';

/** The "Master password requirements" policy's settings, as far as Bitwarden gave them. */
export type MasterPasswordPolicy = {
  minLength: number | null;
  /** zxcvbn score 0–4 the password must reach; null: none. */
  minComplexity: number | null;
  requireUpper: boolean;
  requireLower: boolean;
  requireNumbers: boolean;
  requireSpecial: boolean;
  /** Existing passwords that fall short must be changed at the next login. */
  enforceOnLogin: boolean;
};

/** What a Bitwarden sync keeps (JSON in `integrations.facts`) and judges tasks from. */
export type StoredBitwardenFacts = {
  /** Bitwarden's id of the organisation the key opens. */
  organizationId: string;
  members: BitwardenMember[];
  policies: {
    /** "Require two-step login" (PolicyType 0) is on; a policy never set up is off. */
    twoStepRequired: boolean;
    /** The master-password policy when it is on, else null. */
    masterPassword: MasterPasswordPolicy | null;
  };
  counts: {
    /** Members with a Bitwarden account in the organisation: accepted or confirmed. */
    members: number;
    /** Of those, how many have two-step login on. */
    withTwoStep: number;
    /** Invited (or staged) and not accepted yet. */
    invited: number;
    revoked: number;
  };
};

export const isActiveMember = (m: Pick<BitwardenMember, 'status'>) =>
  m.status === 'accepted' || m.status === 'confirmed';

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function masterPasswordOf(data: Record<string, unknown> | null): MasterPasswordPolicy {
  const d = data ?? {};
  return {
    minLength: num(d.minLength),
    minComplexity: num(d.minComplexity),
    requireUpper: d.requireUpper === true,
    requireLower: d.requireLower === true,
    requireNumbers: d.requireNumbers === true,
    requireSpecial: d.requireSpecial === true,
    enforceOnLogin: d.enforceOnLogin === true,
  };
}

/** The facts of what the Public API answered. */
export function bitwardenFacts(
  organizationId: string,
  apiMembers: readonly BitwardenApiMember[],
  apiPolicies: readonly BitwardenApiPolicy[],
): StoredBitwardenFacts {
  const members = apiMembers.map(
    (m): BitwardenMember => ({
      email: m.email.trim().toLowerCase(),
      name: m.name,
      status: m.status,
      role: m.role,
      twoStepLogin: m.twoFactorEnabled,
    }),
  );
  const enabled = (type: number) => apiPolicies.find((p) => p.type === type && p.enabled);
  const masterPassword = enabled(POLICY_TYPE.masterPassword);
  const active = members.filter(isActiveMember);
  return {
    organizationId,
    members,
    policies: {
      twoStepRequired: enabled(POLICY_TYPE.twoFactorAuthentication) !== undefined,
      masterPassword: masterPassword ? masterPasswordOf(masterPassword.data) : null,
    },
    counts: {
      members: active.length,
      withTwoStep: active.filter((m) => m.twoStepLogin).length,
      invited: members.filter((m) => m.status === 'invited' || m.status === 'staged').length,
      revoked: members.filter((m) => m.status === 'revoked').length,
    },
  };
}
