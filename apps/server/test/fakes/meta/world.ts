// The fake's Meta world: the one signed-in Facebook person and the businesses they belong to.

export type FakeTwoFactorType = 'none' | 'admin_required' | 'all_required';
export const TWO_FACTOR_TYPES: readonly FakeTwoFactorType[] = [
  'none',
  'admin_required',
  'all_required',
];

export type FakePerson = { id: string; name: string };

export type FakeBusinessUser = {
  /** Business-scoped id. */
  id: string;
  name: string;
  email: string;
  role: string;
  /** Opaque: Meta's values are unknown (integrations-reference §3.4). */
  twoFacStatus: string;
};

export type FakeBusiness = {
  id: string;
  name: string;
  twoFactorType: FakeTwoFactorType;
  verificationStatus: string;
  createdTime: string;
  users: FakeBusinessUser[];
};

export type BusinessUserSeed = {
  id?: string;
  name: string;
  email?: string;
  role?: string;
  /** 'enabled' or 'disabled' as far as anyone knows; any string is served as it is. */
  twoFacStatus?: string;
};

export type BusinessSeed = {
  id?: string;
  name: string;
  twoFactorType?: FakeTwoFactorType;
  users?: BusinessUserSeed[];
};

export const DEFAULT_PERSON: FakePerson = { id: '10215241773831025', name: 'Alice Morgan' };

export const DEFAULT_BUSINESSES: readonly BusinessSeed[] = [
  {
    name: 'Acme Bakery',
    twoFactorType: 'none',
    users: [
      { name: 'Alice Morgan', role: 'ADMIN', twoFacStatus: 'enabled' },
      { name: 'Ben Carter', role: 'EMPLOYEE', twoFacStatus: 'disabled' },
    ],
  },
];

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '.');

/** Businesses from seeds, with Meta-like numeric ids where the seed has none. */
export function buildBusinesses(seeds: readonly BusinessSeed[]): FakeBusiness[] {
  let nextId = 1;
  const id = (base: number) => String(base + nextId++);
  return seeds.map((seed) => ({
    id: seed.id ?? id(1_000_000_000_000_000),
    name: seed.name,
    twoFactorType: seed.twoFactorType ?? 'none',
    verificationStatus: 'not_verified',
    createdTime: '2024-03-01T09:00:00+0000',
    users: (seed.users ?? []).map((u) => ({
      id: u.id ?? id(120_000_000_000_000),
      name: u.name,
      email: u.email ?? `${slug(u.name)}@example.test`,
      role: u.role ?? 'EMPLOYEE',
      twoFacStatus: u.twoFacStatus ?? 'disabled',
    })),
  }));
}

const BUSINESS_FIELDS: Record<string, (b: FakeBusiness) => unknown> = {
  id: (b) => b.id,
  name: (b) => b.name,
  two_factor_type: (b) => b.twoFactorType,
  verification_status: (b) => b.verificationStatus,
  created_time: (b) => b.createdTime,
};

const USER_FIELDS: Record<string, (u: FakeBusinessUser) => unknown> = {
  id: (u) => u.id,
  name: (u) => u.name,
  email: (u) => u.email,
  role: (u) => u.role,
  two_fac_status: (u) => u.twoFacStatus,
  first_name: (u) => u.name.split(' ')[0] ?? '',
  last_name: (u) => u.name.split(' ').slice(1).join(' '),
};

export const NODE_FIELDS = {
  Business: BUSINESS_FIELDS,
  BusinessUser: USER_FIELDS,
} as const;
