// The fake's Bitwarden world: one organisation, its API key, its members and its policies, kept
// with Bitwarden's integer enums (integrations-reference-2 §3.3, §3.4).
import { randomUUID } from 'node:crypto';

/** OrganizationUserStatusType. */
export const MEMBER_STATUS = { revoked: -1, invited: 0, accepted: 1, confirmed: 2, staged: 3 };
/** OrganizationUserType (3, Manager, was removed). */
export const MEMBER_TYPE = { owner: 0, admin: 1, user: 2, custom: 4 };
/** PolicyType numbers the demo and the tests use. */
export const POLICY_TYPE = {
  twoFactorAuthentication: 0,
  masterPassword: 1,
  passwordGenerator: 2,
  singleOrg: 3,
} as const;
/** The highest PolicyType number the reference lists (17–22 are the newer ones). */
export const MAX_POLICY_TYPE = 22;

export type FakeMember = {
  /** Organisation-user id. */
  id: string;
  /** null while only invited. */
  userId: string | null;
  name: string | null;
  email: string;
  twoFactorEnabled: boolean;
  status: number;
  type: number;
  externalId: string | null;
  resetPasswordEnrolled: boolean;
};

export type FakePolicy = {
  id: string;
  type: number;
  enabled: boolean;
  data: Record<string, unknown> | null;
};

export type MemberSeed = {
  email: string;
  name?: string | null;
  /** Default 'confirmed'. */
  status?: keyof typeof MEMBER_STATUS | number;
  /** Default 'user'. */
  type?: keyof typeof MEMBER_TYPE | number;
  twoFactorEnabled?: boolean;
};

export type PolicySeed = { type: number; enabled: boolean; data?: Record<string, unknown> | null };

export type OrganizationSeed = {
  /** The organisation's id: its key's client_id is `organization.<id>`. */
  id?: string;
  /** The key's client_secret (Bitwarden's are 30 letters and digits). */
  clientSecret?: string;
  members?: readonly MemberSeed[];
  policies?: readonly PolicySeed[];
};

export type FakeOrganization = {
  id: string;
  clientSecret: string;
  /** Organization.Enabled && UseApi: without it no token is issued. */
  apiEnabled: boolean;
  members: FakeMember[];
  policies: FakePolicy[];
};

export const DEFAULT_ORGANIZATION: Required<OrganizationSeed> = {
  id: '3f0c2b8e-7d41-4c6a-9e25-b1a8d0f4c973',
  clientSecret: 'Zq4mX8tVn2pLr7cKw9yHs3dFg6jB1a',
  members: [
    { email: 'owner@example.test', name: 'Olivia Owner', type: 'owner', twoFactorEnabled: true },
    { email: 'user@example.test', name: 'Uma User' },
  ],
  policies: [],
};

const enumOf = <T extends Record<string, number>>(table: T, v: keyof T | number | undefined) =>
  typeof v === 'number' ? v : table[v as keyof T];

export function buildMember(seed: MemberSeed): FakeMember {
  const status = enumOf(MEMBER_STATUS, seed.status ?? 'confirmed') ?? MEMBER_STATUS.confirmed;
  return {
    id: randomUUID(),
    userId: status === MEMBER_STATUS.invited ? null : randomUUID(),
    name: status === MEMBER_STATUS.invited ? null : (seed.name ?? null),
    email: seed.email,
    // Only an account can have two-step login: an invitation has none yet.
    twoFactorEnabled: status !== MEMBER_STATUS.invited && (seed.twoFactorEnabled ?? false),
    status,
    type: enumOf(MEMBER_TYPE, seed.type ?? 'user') ?? MEMBER_TYPE.user,
    externalId: null,
    resetPasswordEnrolled: false,
  };
}

export const buildPolicy = (seed: PolicySeed): FakePolicy => ({
  id: randomUUID(),
  type: seed.type,
  enabled: seed.enabled,
  data: seed.data ?? null,
});

export function buildOrganization(seed: OrganizationSeed = {}): FakeOrganization {
  return {
    id: seed.id ?? DEFAULT_ORGANIZATION.id,
    clientSecret: seed.clientSecret ?? DEFAULT_ORGANIZATION.clientSecret,
    apiEnabled: true,
    members: (seed.members ?? DEFAULT_ORGANIZATION.members).map(buildMember),
    policies: (seed.policies ?? DEFAULT_ORGANIZATION.policies).map(buildPolicy),
  };
}

/** The organisation's API key's client_id. */
export const clientIdOf = (org: Pick<FakeOrganization, 'id'>) => `organization.${org.id}`;
